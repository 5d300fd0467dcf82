// First, as in the receiver's main.ts: React loads in its production build, the one the receiver runs, and
// about a twentieth of this suite's time less than the development build.
import '../src/production-mode';
import { existsSync, statfsSync } from 'node:fs';
import { testFilesTogether } from '../../scripts/test-together';

/**
 * `npm run test:receiver`: every receiver/test/*.test.ts in two processes side by side (all.ts and
 * all-publication.ts), each running its files together (scripts/test-together.ts). Loading tsx, the receiver
 * and its dependencies costs each process two to three seconds of CPU, more than most files' tests; one
 * process per file spent two thirds of the suite's time there (docs/performance.md, « Historique des mesures
 * des tests »). Most tests wait (on a socket, an SMTP server, a child process), so files overlap well.
 * A test that must change something process-wide runs its subject in a child process, as the crash and clock
 * tests do.
 *
 * The files that run the publication engine on the small test site (they import ./publish-site) get a
 * process of their own: the engine starts a dozen processes per publication (git, the build, the checks), and
 * each start copies the page tables of the process that starts it. From the suite's one big process (over a
 * gigabyte, six files at once) those starts cost about a fifth of its CPU; from a small one, little
 * (docs/performance.md, « `npm run check` dans un clone neuf, 29 novembre »).
 */
export function receiverFilesTogether(filesAtOnce: number, publication: boolean): void {
  testFilesTogether(
    new URL('./', import.meta.url),
    filesAtOnce,
    (source) => source.includes("from './publish-site'") === publication,
  );
}

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
