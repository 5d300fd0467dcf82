/**
 * Every string of content/, with where it comes from ("home.why.reasons.1.text"): the exports of each
 * module, walked deeply. What the visitor reads is built from these strings, so a wording rule checked
 * here holds on every page.
 */
import * as about from '@/content/about';
import * as commitments from '@/content/commitments';
import * as consent from '@/content/consent';
import * as contact from '@/content/contact';
import * as formMessages from '@/content/form-messages';
import * as home from '@/content/home';
import * as images from '@/content/images';
import * as accessibilite from '@/content/legal/accessibilite';
import * as cgv from '@/content/legal/cgv';
import * as cgvVersion from '@/content/legal/cgv-version';
import * as legalFacts from '@/content/legal-facts';
import * as mentionsLegales from '@/content/legal/mentions-legales';
import * as confidentialite from '@/content/legal/politique-de-confidentialite';
import * as cookies from '@/content/legal/politique-de-cookies';
import * as legalUi from '@/content/legal-ui';
import * as navigation from '@/content/navigation';
import * as notFound from '@/content/not-found';
import * as placeholders from '@/content/placeholders';
import * as pricing from '@/content/pricing';
import * as quote from '@/content/quote';
import * as services from '@/content/services';
import * as servicesPage from '@/content/services-page';
import * as site from '@/content/site';

export const contentModules = {
  about,
  commitments,
  consent,
  contact,
  formMessages,
  home,
  images,
  accessibilite,
  cgv,
  cgvVersion,
  legalFacts,
  mentionsLegales,
  confidentialite,
  cookies,
  legalUi,
  navigation,
  notFound,
  placeholders,
  pricing,
  quote,
  services,
  servicesPage,
  site,
};

export type ContentString = { where: string; text: string };

function walk(value: unknown, where: string, out: ContentString[], seen: Set<unknown>): void {
  if (typeof value === 'string') {
    out.push({ where, text: value });
    return;
  }
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  for (const [key, item] of Object.entries(value)) walk(item, `${where}.${key}`, out, seen);
}

/**
 * The strings of the content modules. The frozen versions of the CGV are left out (`cgvVersion.cgvVersions`
 * holds them word for word, as published, faults included); the version in force is read through `cgv`.
 */
export function contentStrings(): ContentString[] {
  const out: ContentString[] = [];
  const seen = new Set<unknown>([cgvVersion.cgvVersions]);
  for (const [name, module] of Object.entries(contentModules)) walk(module, name, out, seen);
  return out;
}

/** The text of a legal page's section, its blocks' strings joined. */
export function sectionText(page: { sections: readonly { id: string }[] }, id: string): string {
  const section = page.sections.find((item) => item.id === id);
  if (!section) throw new Error(`No section ${id}`);
  const out: ContentString[] = [];
  walk(section, id, out, new Set());
  return out.map((item) => item.text).join('');
}
