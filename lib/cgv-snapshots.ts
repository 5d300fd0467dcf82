import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays } from './days';

/**
 * The folder of the CGV's dated versions (content/legal/cgv-versions/): one `<date>.json` per version, word for
 * word, and `index.ts`, which lists them for the site. The rule that adds a version lives here, without the
 * content, so that the publication's tests run it on a small site: scripts/cgv-snapshot.ts gives it the text.
 */

/** The folder, relative to the repository (the publication adds it to its commit). */
export const CGV_VERSIONS_DIR = 'content/legal/cgv-versions';

const SNAPSHOT = /^(\d{4}-\d{2}-\d{2})\.json$/;

/** The dates of the snapshots in `dir`, oldest first. */
export function snapshotDates(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => SNAPSHOT.exec(name)?.[1])
    .filter((date): date is string => date !== undefined)
    .sort();
}

/** The newest of the snapshots' dates: the version in force (undefined without any). */
export const newestDate = (dates: readonly string[]): string | undefined => [...dates].sort().at(-1);

/** What keepSnapshot did: nothing (the newest version has this text), or the date it wrote. */
export type KeptSnapshot = { written: false; date: string } | { written: true; date: string; rewritten: boolean };

/**
 * Keeps `text` (the CGV as cgvSnapshotText writes them) as a dated version in `dir`, on `today` (ISO, Paris):
 * - the same text as the newest version: nothing is written;
 * - otherwise a new version dated the day after `today`: a devis cites the version in force on its own day
 *   (cgvVersionOn), so a version dated today would change what a devis sent earlier today cites;
 * - a version dated after `today` is not in force yet, and no devis sent can cite it: a second change the
 *   same day rewrites it. A version dated today or before is never rewritten.
 * Then `index.ts` lists every version.
 */
export function keepSnapshot(dir: string, text: string, today: string): KeptSnapshot {
  const newest = newestDate(snapshotDates(dir));
  if (newest !== undefined && readFileSync(join(dir, `${newest}.json`), 'utf8') === text) {
    return { written: false, date: newest };
  }
  const rewritten = newest !== undefined && newest > today;
  const date = rewritten ? newest : addDays(today, 1);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${date}.json`), text);
  writeIndex(dir);
  return { written: true, date, rewritten };
}

/** index.ts: every snapshot of `dir`, imported by the site (content/legal/cgv-version.ts). */
export function writeIndex(dir: string): void {
  const dates = snapshotDates(dir);
  const id = (date: string) => `v${date.replaceAll('-', '')}`;
  writeFileSync(
    join(dir, 'index.ts'),
    [
      '/** Written by npm run cgv:snapshot: every dated version of the CGV, word for word as published. */',
      "import type { CgvSnapshot } from '../types';",
      ...dates.map((date) => `import ${id(date)} from './${date}.json';`),
      '',
      'export const cgvSnapshots: Readonly<Record<string, CgvSnapshot>> = {',
      ...dates.map((date) => `  '${date}': ${id(date)} as CgvSnapshot,`),
      '};',
      '',
    ].join('\n'),
  );
}
