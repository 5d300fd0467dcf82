/**
 * npm run cgv:snapshot: keeps the CGV as the content renders them, word for word, as a dated version in
 * content/legal/cgv-versions/<date>.json when they differ from the newest version, and lists every version in
 * cgv-versions/index.ts (the rule: lib/cgv-snapshots.ts keepSnapshot). A developer runs it after changing the
 * CGV's text; a publication from the inbox runs it in the server's checkout after writing the data
 * (SITE_CGV_COMMAND, docs/publication.md). `--today YYYY-MM-DD` sets the day (default: today in Paris);
 * SITE_TODAY does the same for the publication, which passes its own clock.
 */
import { join } from 'node:path';
import { cgv } from '@/content/legal/cgv';
import { cgvSnapshotText } from '@/content/legal/cgv-version';
import { keepSnapshot } from '@/lib/cgv-snapshots';
import { isoDay } from '@/lib/days';
import { commandFlags } from './cli';

const flags = commandFlags({ today: 'string' });
const today = flags.today ?? process.env.SITE_TODAY ?? isoDay(new Date());
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
  console.error(`--today attend une date AAAA-MM-JJ, pas « ${today} ».`);
  process.exit(1);
}
const dir = join(__dirname, '..', 'content', 'legal', 'cgv-versions');
const kept = keepSnapshot(dir, cgvSnapshotText(cgv), today);
console.log(
  kept.written
    ? `CGV kept as their version of ${kept.date}${kept.rewritten ? ' (not yet in force: rewritten)' : ''}.`
    : `CGV unchanged since their version of ${kept.date}: nothing written.`,
);
