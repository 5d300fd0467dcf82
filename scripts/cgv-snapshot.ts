/**
 * npm run cgv:snapshot: keeps the CGV in force word for word, as content/legal/cgv-versions/<date>.json
 * (the date of content/legal/cgv-version.ts), and lists every snapshot in cgv-versions/index.ts. Run it
 * after giving changed CGV a new date; earlier snapshots are never rewritten.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cgv } from '@/content/legal/cgv';
import { cgvSnapshotText, cgvVersion } from '@/content/legal/cgv-version';

const dir = join(__dirname, '..', 'content', 'legal', 'cgv-versions');
const file = join(dir, `${cgvVersion.date}.json`);
const text = cgvSnapshotText(cgv);

if (existsSync(file) && readFileSync(file, 'utf8') !== text && !process.argv.includes('--force')) {
  console.error(
    `${file} already holds another text for ${cgvVersion.date}: a published version is not rewritten. ` +
      'Give the new CGV a new date in content/legal/cgv-version.ts (or pass --force if this version was never published).',
  );
  process.exit(1);
}
writeFileSync(file, text);

const dates = readdirSync(dir)
  .filter((name) => /^\d{4}-\d{2}-\d{2}\.json$/.test(name))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();
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
console.log(`CGV of ${cgvVersion.date} kept in ${file} (${dates.length} versions).`);
