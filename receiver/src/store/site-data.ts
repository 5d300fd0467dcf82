import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CGV_VERSIONS_DIR,
  cgvVersions,
  cgvVersionsOf,
  checkData,
  site,
  siteData,
  siteDataPages,
  siteOf,
  snapshotDates,
  type CgvSnapshot,
  type CgvVersionEntry,
  type Site,
  type SiteData,
} from '../facts';
import { companyFactsOf, type CompanyFacts } from '../requests/devis/mentions';

/**
 * The site's data as published (docs/publication.md): the JSON files of the server's checkout
 * (SITE_SOURCE_DIR), where each publication and each return commits, so that what the receiver derives from
 * the company's facts for what happens next (a request's call-back deadline and reminders across a closure
 * and within the opening hours, a new devis's price list and company facts, the phone, address and mentions
 * of every mail written and every page served) follows what the owner published, without a rebuild of the
 * receiver. Each file is read again when it changes (its inode, size and time), checked against its schema; a file
 * missing, unreadable or refused, or publication off, gives the data this receiver was built with.
 */

type Cached = { stamp: string; value: unknown };
const cache = new Map<string, Cached>();

function pageData(file: string, fallback: unknown, schema: (typeof siteDataPages)[number]['schema']): unknown {
  try {
    const stats = statSync(file);
    // A publication writes a new file and renames it over the old one: a new inode, whatever the clock.
    const stamp = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    const cached = cache.get(file);
    if (cached?.stamp === stamp) return cached.value;
    const read = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const value = checkData(schema, read).length === 0 ? read : fallback;
    cache.set(file, { stamp, value });
    return value;
  } catch {
    return fallback;
  }
}

export function publishedSiteData(sourceDir: string | undefined): SiteData {
  if (!sourceDir) return siteData;
  return Object.fromEntries(
    siteDataPages.map((page) => [page.id, pageData(path.join(sourceDir, page.file), siteData[page.id], page.schema)]),
  ) as SiteData;
}

/** The last company derived, with the data it came from: siteOf runs again only when a published file changed. */
let derived: { data: SiteData; site: Site } = { data: siteData, site };

/**
 * The company as published (siteOf of publishedSiteData): the phone, e-mails, address, hours and legal
 * identity that what the receiver sends and serves cites, read at the moment of writing a mail or a page.
 */
export function publishedSite(sourceDir: string | undefined): Site {
  const data = publishedSiteData(sourceDir);
  const same = siteDataPages.every((page) => data[page.id] === derived.data[page.id]);
  if (!same) derived = { data, site: siteOf(data) };
  return derived.site;
}

/** A version's text as a devis cites it: its title, introduction and sections at least. */
function isSnapshot(value: unknown): value is CgvSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const snapshot = value as Partial<Record<keyof CgvSnapshot, unknown>>;
  return (
    typeof snapshot.title === 'string' &&
    typeof snapshot.intro === 'string' &&
    Array.isArray(snapshot.sections) &&
    snapshot.sections.every((section) => typeof section === 'object' && section !== null)
  );
}

/** The versions last derived, with the folder's state and the go-live date they came from. */
let versions: { stamp: string; value: readonly CgvVersionEntry[] } = { stamp: '', value: cgvVersions };

/**
 * The CGV's versions as published (docs/publication.md, « Les versions des CGV »): those of the checkout's
 * content/legal/cgv-versions/<date>.json, where a publication writes the next day's version, dated from the
 * published go-live date (cgvVersionsOf, the rule the site is built with), so that a devis sent on the day of a
 * new version cites it, and attaches it, without a rebuild of the receiver. Read again when the folder or one
 * of its versions changes (a version dated after today is rewritten in place). A version unreadable or not of
 * the shape of a version, or none, gives the versions this receiver was built with, and says so once on
 * stderr; publication off (no checkout) gives them too. Versions are never deleted: a devis sent before keeps
 * the version of its own day.
 */
export function publishedCgvVersions(sourceDir: string | undefined): readonly CgvVersionEntry[] {
  if (!sourceDir) return cgvVersions;
  const dir = path.join(sourceDir, CGV_VERSIONS_DIR);
  const goLiveDate = publishedSiteData(sourceDir)['mise-en-ligne'].goLive.date;
  let files: string[];
  let stamp: string;
  try {
    files = snapshotDates(dir).map((date) => `${date}.json`);
    const stampOf = (file: string) => {
      const stats = statSync(path.join(dir, file));
      return `${file}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    };
    stamp = [dir, goLiveDate, stampOf('.'), ...files.map(stampOf)].join('|');
  } catch (error) {
    const unreadable = `${dir}|unreadable|${goLiveDate}`;
    if (versions.stamp !== unreadable) {
      versions = { stamp: unreadable, value: builtVersions(`${dir} unreadable`, error) };
    }
    return versions.value;
  }
  if (versions.stamp === stamp) return versions.value;
  try {
    const snapshots: Record<string, CgvSnapshot> = {};
    for (const file of files) {
      const read = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
      if (!isSnapshot(read)) throw new Error(`${file} is not a version of the CGV`);
      snapshots[file.slice(0, -'.json'.length)] = read;
    }
    const value = cgvVersionsOf(snapshots, goLiveDate);
    if (value.length === 0) throw new Error('no version');
    versions = { stamp, value };
  } catch (error) {
    versions = { stamp, value: builtVersions(`${dir}: the versions published are not readable`, error) };
  }
  return versions.value;
}

/** The built versions, the reason said on stderr (once per state of the folder: the caller keeps the answer). */
function builtVersions(reason: string, error: unknown): readonly CgvVersionEntry[] {
  const detail = error instanceof Error ? error.message : String(error);
  process.emitWarning(`${reason} (${detail}): the CGV versions of the build are used`, 'PublishedCgvVersions');
  return cgvVersions;
}

/**
 * A new devis's company facts as published: the data (publishedSiteData) and the CGV's versions
 * (publishedCgvVersions), read at the moment of use.
 */
export function publishedCompany(sourceDir: string | undefined): CompanyFacts {
  return companyFactsOf(publishedSiteData(sourceDir), publishedCgvVersions(sourceDir));
}
