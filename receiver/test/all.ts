// First, as in the receiver's main.ts: React loads in its production build, the one the receiver runs, and
// about a twentieth of this suite's time less than the development build.
import '../src/production-mode';
import { existsSync, statfsSync } from 'node:fs';
import { testFilesTogether } from '../../scripts/test-together';

/**
 * `npm run test:receiver`: every receiver/test/*.test.ts in one process, six files at a time
 * (scripts/test-together.ts). Loading tsx, the receiver and its dependencies costs each process two to three
 * seconds of CPU, more than most files' tests; one process per file spent two thirds of the suite's time there
 * (docs/performance.md, « Historique des mesures des tests »). Most tests wait (on a socket, an SMTP server,
 * a child process), so files overlap well.
 * A test that must change something process-wide runs its subject in a child process, as the crash and clock
 * tests do.
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

testFilesTogether(new URL('./', import.meta.url), FILES_AT_ONCE);
