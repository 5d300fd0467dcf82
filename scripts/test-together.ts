import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * Every `*.test.ts` of one folder in this one process (node's test runner otherwise starts a process per
 * file): `filesAtOnce` files at a time, each file's tests one after the other as when the file runs alone
 * (`node --import tsx --test <folder>/x.test.ts`). Loading tsx and what a file imports costs each process a
 * second or more of CPU, often more than the file's own tests (docs/performance.md, « Historique des mesures
 * des tests »). `keep`, given a file's source, says whether it runs here (a folder split in two processes).
 *
 * What it asks of a test file: nothing process-wide that another file would see while both run (no change to
 * process.env, the working directory, global timers or handlers). Hooks written at a file's top level (before,
 * after) run at the start and end of that file. Used by unit/all.ts, unit/out/all.ts and receiver/test/all*.ts.
 */
export function testFilesTogether(
  folder: URL,
  filesAtOnce: number,
  keep: (source: string) => boolean = () => true,
): void {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts') && keep(readFileSync(new URL(name, folder), 'utf8')))
    .sort();
  describe(path.relative(process.cwd(), fileURLToPath(folder)), { concurrency: filesAtOnce }, () => {
    for (const name of files) {
      describe(name, { concurrency: 1 }, async () => {
        await import(new URL(name, folder).href);
      });
    }
  });
}
