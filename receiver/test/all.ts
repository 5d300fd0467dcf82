import { existsSync, readdirSync, statfsSync } from 'node:fs';
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

/**
 * The tests' data folders (os.tmpdir(), read at each call, and inherited by the child processes) in memory
 * when the machine has a tmpfs at /dev/shm, as Debian does: SQLite's fsync at each commit then returns at
 * once instead of holding this process, and every file running beside it, on the disk (about a tenth of the
 * suite's time here). No test depends on the disk's own durability, which no test can cut the power of;
 * those about a full disk mount their own small tmpfs. TMPDIR set by hand is kept.
 */
const MEMORY_DIR = '/dev/shm';
/** statfs(2)'s f_type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
if (!process.env.TMPDIR && existsSync(MEMORY_DIR) && statfsSync(MEMORY_DIR).type === TMPFS_MAGIC) {
  process.env.TMPDIR = MEMORY_DIR;
}

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
