import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { changedSource, DIST_DIR, SOURCES_FILE } from './src/built-sources';
import { RECEIVER_DIR } from './src/receiver-dir';

/**
 * `npm run receiver:build`: the receiver as it runs, in production and in the tests alike (docs/architecture.md,
 * « Le récepteur construit »). esbuild turns the TypeScript of receiver/src/ (and the site's content/ and lib/
 * it reads) into plain JavaScript in receiver/dist/: main.mjs (the receiver) and bin/NAME.mjs (the owner's
 * tools), with the packages they use built in, but those of EXTERNAL_PACKAGES, which Node loads from
 * node_modules/.
 *
 * Why: a receiver started through tsx spent about twice its start-up time in tsx's loader (about 4 s of CPU
 * against 2 on this machine), at every restart and for every receiver the tests start. With its packages
 * built in, it starts in 1.5 s: Node no longer finds, reads and wraps some 700 files of node_modules/ one by
 * one.
 *
 * - The PDF code stays in files of its own (`splitting`), loaded on the first document as from src/.
 * - A file is written only when its content changed, each one whole (written aside, then renamed): a build
 *   that changes nothing writes nothing, so two builds at once (a test's `npm run receiver` beside the
 *   suite's own build) or a receiver running while one builds see complete files. The files of an older
 *   build are then removed: restart the receiver right after a build that changed it.
 * - dist/sources.json lists every source file built in, with its SHA-256, and package-lock.json, which says
 *   which version of each package was built in: a built receiver or tool refuses to start when one of them
 *   changed since (receiver/src/built-sources.ts), instead of running old code.
 */

const REPO_DIR = path.dirname(RECEIVER_DIR);

/** The entry points: the receiver and each tool of receiver/bin/ (`npm run receiver:NAME`). */
const ENTRY_POINTS = {
  main: 'src/main.ts',
  // The thread that draws the PDFs (src/documents/render.ts starts it from dist/).
  'pdf-worker': 'src/documents/pdf-worker.ts',
  'bin/access': 'bin/access.ts',
  'bin/erase': 'bin/erase.ts',
  'bin/export': 'bin/export.ts',
  'bin/list': 'bin/list.ts',
  'bin/purge': 'bin/purge.ts',
  'bin/user': 'bin/user.ts',
};

export type Entry = keyof typeof ENTRY_POINTS;

/**
 * The packages Node loads from node_modules/ as they are, not built in:
 * - libsql and @libsql/*: SQLite, a native addon, found by the name of the machine's platform;
 * - pdfkit and @react-pdf/*: they read data files beside their code (fonts' metrics, the layout engine), and
 *   load only with the first document;
 * - react and react-dom: the one React that @react-pdf/renderer draws with too, and loaded only once
 *   src/production-mode.ts has set NODE_ENV (test/build.test.ts).
 */
const EXTERNAL_PACKAGES = [
  'libsql',
  '@libsql/*',
  'pdfkit',
  '@react-pdf/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
];

/** The file that says which version of each package is installed, and so built in. */
const LOCK_FILE = 'package-lock.json';

/**
 * The files that say how the sources are built, listed in dist/sources.json beside them: this one and the
 * tsconfig.json it reads. With the lock, which fixes esbuild's version, a dist/ whose listed files are all
 * unchanged is what a new build would write (receiverBuilt).
 */
const BUILD_SETTINGS = ['receiver/build.ts', 'tsconfig.json'];

/**
 * Node's arguments that run a built entry point, as package.json's scripts and deploy/azur-devis.service do:
 * stacks in the TypeScript sources' terms.
 */
export function builtCommand(entry: Entry): string[] {
  return ['--enable-source-maps', path.join(DIST_DIR, `${entry}.mjs`)];
}

export type BuildResult = { written: string[]; removed: string[] };

export async function buildReceiver(): Promise<BuildResult> {
  const result = await build({
    absWorkingDir: RECEIVER_DIR,
    entryPoints: ENTRY_POINTS,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.9',
    external: EXTERNAL_PACKAGES,
    // The packages written as CommonJS call require(): built into an ES module, they get Node's own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    splitting: true,
    outdir: DIST_DIR,
    outExtension: { '.js': '.mjs' },
    // Errors and stacks name the TypeScript files and lines (node --enable-source-maps); the sources
    // themselves are beside the build, not copied into the maps.
    sourcemap: true,
    sourcesContent: false,
    // The root tsconfig.json: the @/ alias of the site's content/, React's automatic JSX.
    tsconfig: path.join(REPO_DIR, 'tsconfig.json'),
    metafile: true,
    write: false,
    logLevel: 'warning',
  });

  const sources: Record<string, string> = {};
  const inputs = Object.keys(result.metafile.inputs).map((input) =>
    path.relative(REPO_DIR, path.resolve(RECEIVER_DIR, input)),
  );
  // The packages' files are named once, by the lock that fixes their versions.
  for (const relative of [
    ...inputs.filter((input) => !input.split(path.sep).includes('node_modules')),
    LOCK_FILE,
    ...BUILD_SETTINGS,
  ].sort()) {
    sources[relative] = sha256(await readFile(path.join(REPO_DIR, relative)));
  }
  const files = new Map<string, Uint8Array>(result.outputFiles.map((file) => [file.path, file.contents]));
  files.set(SOURCES_FILE, Buffer.from(`${JSON.stringify(sources, null, 2)}\n`));

  const written: string[] = [];
  for (const [file, contents] of files) {
    if (await sameContent(file, contents)) continue;
    await mkdir(path.dirname(file), { recursive: true });
    const aside = `${file}.${process.pid}.tmp`;
    await writeFile(aside, contents);
    await rename(aside, file);
    written.push(path.relative(RECEIVER_DIR, file));
  }
  const removed: string[] = [];
  if (written.length > 0) {
    for (const file of await listFiles(DIST_DIR)) {
      if (files.has(file) || file.endsWith('.tmp')) continue;
      await rm(file, { force: true });
      removed.push(path.relative(RECEIVER_DIR, file));
    }
  }
  return { written, removed };
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

async function sameContent(file: string, contents: Uint8Array): Promise<boolean> {
  const current = await readFile(file).catch(() => undefined);
  return current !== undefined && Buffer.compare(current, contents) === 0;
}

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const name of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, name);
    if ((await stat(file).catch(() => undefined))?.isFile()) files.push(file);
  }
  return files;
}

/**
 * One build per process for the tests, which start built receivers and tools (test/helpers.ts, e2e/), none
 * when dist/ is already that of the sources: every file dist/sources.json lists (the sources, the lock, the
 * build's settings) unchanged since. A build that changes nothing still costs about 4 s of CPU (esbuild
 * reads and bundles everything), which `npm run check` spent after `npm run receiver:build` had made dist/
 * (test/build.test.ts still builds twice, and checks that the second writes nothing).
 */
let built: Promise<BuildResult> | undefined;
export function receiverBuilt(): Promise<BuildResult> {
  built ??= distIsFresh() ? Promise.resolve({ written: [], removed: [] }) : buildReceiver();
  return built;
}

function distIsFresh(): boolean {
  try {
    return changedSource() === undefined;
  } catch {
    // No dist/sources.json yet, or an unreadable one: build.
    return false;
  }
}

// Run as a command (not imported): builds, and says on stderr what it wrote (stdout stays the tool’s, when
// a tool's npm script builds first).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildReceiver().then(
    ({ written, removed }) =>
      console.error(
        written.length === 0
          ? 'receiver/dist/ est à jour.'
          : `receiver/dist/ construit : ${written.length} fichier(s) écrit(s), ${removed.length} ancien(s) retiré(s).`,
      ),
    (error: unknown) => {
      console.error('La construction du récepteur a échoué :', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
