import { fillTemplate, formatFrenchDay } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { goLive } from '../go-live';
import { paths } from '../navigation';
import { newestDate } from '@/lib/cgv-snapshots';
import { link } from './blocks';
import { cgvSnapshots } from './cgv-versions';
import type { CgvSnapshot, LegalPageContent } from './types';

/**
 * The date of the version of the CGV in force: the newest version kept word for word in
 * cgv-versions/<date>.json, not the build date, since the CGV that govern a devis are those in force at the
 * devis's date (cgvVersionOn). npm run cgv:snapshot (and each publication from the inbox) adds a version when
 * the text changes (lib/cgv-snapshots.ts); the go-live check (deploy/render.ts) refuses to publish CGV whose
 * text no longer matches this version. A version written before the go-live (content/go-live.ts) is published
 * dated by the go-live, since it applied from then.
 */
export const cgvVersionDate: string = newestDate(Object.keys(cgvSnapshots)) ?? '';

/** The texts about the CGV's versions under the CGV. */
export const cgvVersion = typeset({
  /** The link under the CGV to their versions. */
  others: 'Toutes les versions des CGV',
  /** Before the date from which the version in force applies, under the CGV: « En vigueur depuis le 1er décembre 2026 ». */
  inForceSince: 'En vigueur depuis le',
  /** Before the day an earlier version stopped applying, under its page. */
  inForceUntil: 'En vigueur jusqu’au',
});

/** A snapshot's date and the date it is published under. */
export type PublishedDate = { written: string; date: string };

/**
 * The versions to publish, oldest first: a version replaced on or before the go-live day never applied
 * to anyone and is left out; the first one kept applied from the go-live, and is dated by it.
 */
export function publishedDates(writtenDates: readonly string[], goLiveDate: string): PublishedDate[] {
  const sorted = [...writtenDates].sort();
  return sorted
    .filter((date, index) => {
      const next = sorted[index + 1];
      return next === undefined || next > goLiveDate;
    })
    .map((written) => ({ written, date: written < goLiveDate ? goLiveDate : written }));
}

/** The date from which the version in force applies, as the CGV and their versions show it. */
export const cgvInForceSince = cgvVersionDate < goLive.date ? goLive.date : cgvVersionDate;

/**
 * One dated version of the CGV. Each has a page of its own at /cgv/versions/<date>/, which keeps its address
 * once the version is replaced; the version in force is also /cgv/.
 */
export type CgvVersionEntry = {
  /** ISO date from which the version applied (the go-live for the first one). */
  date: string;
  /** ISO date of its snapshot in cgv-versions/. */
  written: string;
  /** ISO date of the next version, which replaced it; absent for the version in force. */
  until?: string;
  current: boolean;
  /** Its dated page. */
  href: string;
  content: CgvSnapshot;
};

/**
 * Every published version of `snapshots` (cgv-versions/<date>.json, by date), newest first, the site going live
 * on `goLiveDate`: the site applies it to the versions it is built with (cgvVersions), the receiver to those
 * the server's checkout holds once a publication has added one (receiver/src/store/site-data.ts).
 */
export function cgvVersionsOf(snapshots: Readonly<Record<string, CgvSnapshot>>, goLiveDate: string): CgvVersionEntry[] {
  const newest = newestDate(Object.keys(snapshots));
  return publishedDates(Object.keys(snapshots), goLiveDate)
    .reverse()
    .map(({ date, written }, index, dates) => ({
      date,
      written,
      until: index > 0 ? dates[index - 1]?.date : undefined,
      current: written === newest,
      href: `${paths.termsVersions}${date}/`,
      content: snapshots[written] as CgvSnapshot,
    }));
}

/** Every version the site is built with, newest first. */
export const cgvVersions: readonly CgvVersionEntry[] = cgvVersionsOf(cgvSnapshots, goLive.date);

/**
 * The version that governs a devis dated `day` (ISO): the newest published version dated on or before that
 * day. A devis dated before the first published version (before the go-live) is governed by that first one,
 * the version the go-live published. A dated version never changes, so the same day always names the same
 * version: a devis sent today keeps its version after a new one is published.
 */
export function cgvVersionOn(day: string, versions: readonly CgvVersionEntry[] = cgvVersions): CgvVersionEntry {
  const governing = versions.find((version) => version.date <= day) ?? versions.at(-1);
  if (!governing) throw new Error('no published version of the CGV');
  return governing;
}

/** /cgv/versions/ and the pages of earlier versions. Templates use {date} and {until}. */
export const cgvVersionsPage = typeset({
  meta: {
    title: 'Versions des conditions générales de vente',
    description:
      'Les versions successives de nos conditions générales de vente : la version en vigueur et chaque version antérieure, avec ses dates.',
  },
  path: paths.termsVersions,
  title: 'Versions des conditions générales de vente',
  intro:
    'Les conditions générales de vente applicables à une commande sont celles en vigueur à la date du devis accepté.',
  listTitle: 'Versions publiées',
  current: 'Version du {date}, en vigueur',
  earlier: 'Version du {date}, en vigueur jusqu’au {until}',
  /** The page of one version. */
  dated: {
    title: 'Conditions générales de vente du {date}',
    /** The page title, short enough for search results. */
    metaTitle: 'CGV du {date}',
    description:
      'Les conditions générales de vente du {date}, conservées telles que publiées, avec leur période de validité.',
    currentIntro: 'Version du {date}, en vigueur. Elle s’applique aux devis datés de ce jour ou d’une date ultérieure.',
    earlierIntro:
      'Version du {date}, en vigueur jusqu’au {until}. Elle s’applique aux devis datés de cette période, même acceptés plus tard.',
    earlierNotice: 'Cette version n’est plus en vigueur depuis le {until}.',
    currentLink: 'Consulter les CGV en vigueur',
    allLink: 'Toutes les versions',
  },
});

/**
 * The page of one version: its text word for word, under a title, an introduction and a last line that
 * give its dates and lead to the version in force. `undefined` for an unknown date.
 */
export function datedCgv(date: string): LegalPageContent | undefined {
  const version = cgvVersions.find((item) => item.date === date);
  if (!version) return undefined;
  const values = { date: formatFrenchDay(version.date), until: version.until ? formatFrenchDay(version.until) : '' };
  const { dated } = cgvVersionsPage;
  return {
    ...version.content,
    meta: { title: fillTemplate(dated.metaTitle, values), description: fillTemplate(dated.description, values) },
    path: version.href,
    title: fillTemplate(dated.title, values),
    intro: fillTemplate(version.current ? dated.currentIntro : dated.earlierIntro, values),
    updated: version.current ? version.date : (version.until ?? version.date),
    updatedLabel: version.current ? cgvVersion.inForceSince : cgvVersion.inForceUntil,
    footnote: [
      ...(version.current ? [] : [`${fillTemplate(dated.earlierNotice, values)} `]),
      link(paths.terms, dated.currentLink),
      ' · ',
      link(paths.termsVersions, dated.allLink),
    ],
  };
}

/**
 * The CGV in force as their snapshot keeps them: the text npm run cgv:snapshot writes. Their date is the
 * snapshot's name, not part of it, so that the go-live date, which dates the first version, changes no text.
 */
export function cgvSnapshotText(content: CgvSnapshot): string {
  return `${JSON.stringify({ ...content, updated: undefined }, null, 2)}\n`;
}
