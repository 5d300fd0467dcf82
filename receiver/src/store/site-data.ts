import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkData, site, siteData, siteDataPages, siteOf, type Site, type SiteData } from '../facts';

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
