import { readdirSync } from 'node:fs';
import { describe } from 'node:test';

/**
 * `npm run test:receiver`: every receiver/test/*.test.ts in one process, several files at a time, each file's
 * tests one after the other as when the file runs alone (`node --import tsx --test receiver/test/x.test.ts`).
 *
 * Why one process: loading tsx, the receiver and its dependencies costs each process two to three seconds of
 * CPU, more than most files' tests; one process per file spent two thirds of the suite's time there
 * (docs/tests.md). Most tests wait (on a socket, an SMTP server, a child process), so files overlap well.
 *
 * What it asks of a test file: nothing process-wide that another file would see while both run (no change to
 * process.env, the working directory, global timers or handlers); such a test runs its subject in a child
 * process, as the crash and clock tests do. Hooks written at a file's top level (before, after) run at the
 * start and end of that file.
 */
const FILES_AT_ONCE = 6;

const dir = new URL('./', import.meta.url);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts'))
  .sort();

describe('receiver/test', { concurrency: FILES_AT_ONCE }, () => {
  for (const name of files) {
    describe(name, { concurrency: 1 }, async () => {
      await import(new URL(name, dir).href);
    });
  }
});
