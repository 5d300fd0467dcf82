import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { after } from 'node:test';
import { buildSync } from 'esbuild';
import type { SiteSettings } from '../src/config';
import { Db } from '../src/store/db';
import type { PublishDeps } from '../src/publish/engine';
import { removeDir, root, storeDir, tempDir } from './helpers';

/**
 * A small site for the publication engine's tests: a real git checkout in a temporary folder whose build
 * (build.mjs) writes an export from its content/data/*.json in a few milliseconds (three pages, each with an
 * inline script carrying the data, so each publication has its own CSP hashes), or fails as told by its
 * argument: `fail` (exit 1), `kill` (killed by a signal), `oom` (out of memory), `fill` (writes until the disk
 * is full), `gate` (waits, its pid in build.pid, until the test writes to the FIFO `gate`). The copies
 * of the photo pipeline, when a test runs it before (PHOTO_PIPELINE), are copied into the export as Next.js
 * does with public/. Its go-live check
 * (check.mjs) refuses a release that still says « EXEMPLE », unless SITE_DEMO is set, as deploy/render.ts
 * --demo does. Its CGV cite its prices (content/data/tarifs.json) and nothing else: its CGV's step (cgv.mjs)
 * keeps them by the site's own rule (lib/cgv-snapshots.ts keepSnapshot), its build writes a page per version
 * (cgv/versions/<date>/) and its check refuses CGV that differ from their newest version, as
 * deploy/render.ts does.
 */

export const PHONE_FILE = 'content/data/coordonnees.json';
export const PRICES_FILE = 'content/data/tarifs.json';
export const HERO_FILE = 'content/data/accueil.json';
export const CGV_DIR = 'content/legal/cgv-versions';

/**
 * The repository's tsx, for the repository's own scripts run from the test checkout (the small site has no
 * install of its own): called by its path, not through npx, whose own start costs a third of a second of CPU.
 */
export const tsx = path.join(root, 'node_modules/.bin/tsx');

/**
 * The repository's real photo pipeline (scripts/photos.ts, sharp) on the checkout's content/photos/, its
 * copies into the checkout's public/photos/ and its cache into the checkout's node_modules/.cache/, as the
 * site's `npm run build` runs it there; the fastest AVIF effort, as npm test builds its sample photos.
 */
export const PHOTO_PIPELINE = `PHOTOS_DIR=content/photos PHOTOS_AVIF_EFFORT=0 TSX_TSCONFIG_PATH="${path.join(root, 'tsconfig.json')}" "${tsx}" "${path.join(root, 'scripts/photos.ts')}"`;

export const PHOTO_COMMAND = `"${tsx}" "${path.join(root, 'scripts/photo-upload.ts')}"`;

/**
 * The site's own CGV rule (lib/cgv-snapshots.ts), bundled by esbuild into the checkout once per process: the
 * CGV's step then runs on plain node, not through tsx's loader, which cost each of the hundred publications of
 * the suite a third of a second of CPU (docs/performance.md).
 */
const RULE_FILE = 'cgv-rule.mjs';

/** The small site's CGV: its prices, as its build, its check and its CGV's step read them. */
const CGV_TEXT = `const prices = existsSync('${PRICES_FILE}') ? JSON.parse(readFileSync('${PRICES_FILE}', 'utf8')) : {};
const cgvText = JSON.stringify({ prices }, null, 2) + '\\n';
const versions = existsSync('${CGV_DIR}') ? readdirSync('${CGV_DIR}').filter((name) => name.endsWith('.json')).sort() : [];
`;

const CGV = `import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { keepSnapshot } from './${RULE_FILE}';
${CGV_TEXT}
console.log(JSON.stringify(keepSnapshot('${CGV_DIR}', cgvText, process.env.SITE_TODAY)));
`;

const BUILD = `import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
${CGV_TEXT}
const how = process.argv[2] ?? '';
if (how === 'fail') { console.error('Erreur de construction voulue'); process.exit(1); }
if (how === 'kill') process.kill(process.pid, 'SIGKILL');
if (how === 'oom') { const keep = []; for (;;) keep.push(new Array(1e6).fill(keep.length)); }
if (how === 'gate') { writeFileSync('build.pid', String(process.pid)); readFileSync('gate'); }
const data = Object.fromEntries(readdirSync('content/data').map((name) => [name, JSON.parse(readFileSync('content/data/' + name, 'utf8'))]));
const json = JSON.stringify(data);
const page = (title) => '<!doctype html><html lang="fr"><head><title>' + title + '</title><script>window.data=' + json + ';</script></head><body><h1>' + title + '</h1><p>' + json + '</p></body></html>';
mkdirSync('out/services', { recursive: true });
mkdirSync('out/_next/static', { recursive: true });
writeFileSync('out/_next/static/' + Buffer.from(json).toString('hex').slice(-16) + '.js', json);
writeFileSync('out/index.html', page('Accueil'));
writeFileSync('out/services/index.html', page('Services'));
writeFileSync('out/404.html', page('Page introuvable'));
if (existsSync('public/photos')) cpSync('public/photos', 'out/photos', { recursive: true });
for (const name of versions) {
  mkdirSync('out/cgv/versions/' + name.slice(0, -5), { recursive: true });
  writeFileSync('out/cgv/versions/' + name.slice(0, -5) + '/index.html', '<!doctype html><html lang="fr"><head><title>CGV</title></head><body><pre>' + readFileSync('${CGV_DIR}/' + name, 'utf8') + '</pre></body></html>');
}
if (how === 'fill') { const block = Buffer.alloc(1 << 20, 1); for (let i = 0; ; i += 1) writeFileSync('out/remplissage-' + i, block); }
`;

const CHECK = `import { existsSync, readdirSync, readFileSync } from 'node:fs';
${CGV_TEXT}
const html = readFileSync(process.env.SITE_RELEASE + '/index.html', 'utf8');
if (html.includes('EXEMPLE') && !process.env.SITE_DEMO) {
  console.error('Mise en ligne refusée : le site contient encore des valeurs d’exemple.');
  process.exit(1);
}
const newest = versions.at(-1);
if ((newest ? readFileSync('${CGV_DIR}/' + newest, 'utf8') : '') !== cgvText && !process.env.SITE_DEMO) {
  console.error('Mise en ligne refusée : les CGV ont changé depuis leur version datée.');
  process.exit(1);
}
`;

export type TestSite = {
  dir: string;
  deps: PublishDeps;
  site: SiteSettings;
  db: Db;
  dataDir: string;
  author: { memberId: number; name: string; email: string };
  gitIn: (...args: string[]) => string;
  /** Its store closed, its checkout, releases and data folder removed. */
  remove: () => Promise<void>;
};

export function gitOutput(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/**
 * A checkout with its build, committed, and an empty releases folder; `sourceDir` may be given (a tmpfs). The
 * checkout is a copy of one committed once per process and phone number (`committedCheckout`): a repository
 * is a folder, its copy a repository of its own, and each git command run by this process costs it a fork of
 * its whole memory (docs/performance.md, « `npm run check` dans un clone neuf, suite »).
 */
export async function testSite(
  options: { sourceDir?: string; settings?: Partial<SiteSettings>; phone?: string } = {},
): Promise<TestSite> {
  const dir = await tempDir('publish-test-');
  const sourceDir = options.sourceDir ?? path.join(dir, 'checkout');
  const releasesDir = path.join(dir, 'releases');
  cpSync(await committedCheckout(options.phone ?? '04 00 00 00 01'), sourceDir, { recursive: true });
  mkdirSync(releasesDir);
  const gitIn = (...args: string[]) => gitOutput(sourceDir, ...args);
  // A FIFO is not copied: each checkout makes its own.
  execFileSync('mkfifo', [path.join(sourceDir, 'gate')]);

  const dataDir = await storeDir('publish-store-');
  const db = await Db.open(dataDir, 5_000);
  const author = { memberId: 1, name: 'Claire Martin', email: 'claire@entreprise.test' };
  await db.execute({
    sql: `INSERT INTO users (id, name, email, webauthn_user_id, created_at, manager) VALUES (1, ?, ?, 'w1', '2026-11-01', 1)`,
    args: [author.name, author.email],
  });
  const site: SiteSettings = {
    sourceDir,
    releasesDir,
    buildCommand: 'node build.mjs',
    checkCommand: 'node check.mjs',
    cgvCommand: 'node cgv.mjs',
    reloadCommand: undefined,
    deployCommand: undefined,
    demo: false,
    buildMemoryMb: 256,
    photoCommand: PHOTO_COMMAND,
    ...options.settings,
  };
  return {
    dir,
    site,
    db,
    dataDir,
    author,
    gitIn,
    deps: { db, site, fromEmail: 'no-reply@entreprise.test' },
    remove: async () => {
      db.close();
      await removeDir(dir);
      await removeDir(dataDir);
    },
  };
}

/**
 * Called at a test file's top level: a maker of test sites that are all removed once the file's tests are
 * done.
 */
export function sitesOfThisFile(): (options?: Parameters<typeof testSite>[0]) => Promise<TestSite> {
  const sites: TestSite[] = [];
  after(async () => {
    for (const site of sites) await site.remove();
  });
  return async (options) => {
    const site = await testSite(options);
    sites.push(site);
    return site;
  };
}

const checkouts = new Map<string, Promise<string>>();

/** The site's checkout with its first commit, its phone number `telephone`: made once per process. */
function committedCheckout(telephone: string): Promise<string> {
  let made = checkouts.get(telephone);
  if (!made) {
    made = (async () => {
      const sourceDir = await tempDir('publish-checkout-');
      process.once('exit', () => rmSync(sourceDir, { recursive: true, force: true }));
      mkdirSync(path.join(sourceDir, 'content/data'), { recursive: true });
      mkdirSync(path.join(sourceDir, 'content/photos'));
      writeFileSync(path.join(sourceDir, 'content/photos/README.md'), 'Les originaux des photos du site.\n');
      writeFileSync(path.join(sourceDir, 'build.mjs'), BUILD);
      writeFileSync(path.join(sourceDir, 'check.mjs'), CHECK);
      writeFileSync(path.join(sourceDir, 'cgv.mjs'), CGV);
      buildSync({
        entryPoints: [path.join(root, 'lib', 'cgv-snapshots.ts')],
        outfile: path.join(sourceDir, RULE_FILE),
        bundle: true,
        format: 'esm',
        platform: 'node',
        logLevel: 'error',
      });
      mkdirSync(path.join(sourceDir, CGV_DIR), { recursive: true });
      writeFileSync(path.join(sourceDir, CGV_DIR, '2026-11-28.json'), `${JSON.stringify({ prices: {} }, null, 2)}\n`);
      writeFileSync(path.join(sourceDir, '.gitignore'), 'out/\nbuild.pid\ngate\npublic/\nnode_modules/\n');
      writeFileSync(path.join(sourceDir, PHONE_FILE), `${JSON.stringify({ telephone }, null, 2)}\n`);
      const gitIn = (...args: string[]) => gitOutput(sourceDir, ...args);
      gitIn('init', '--quiet', '--initial-branch=site');
      gitIn('config', 'user.name', 'Développeur');
      gitIn('config', 'user.email', 'dev@exemple.test');
      // No `git maintenance run --auto` started after each commit: a checkout that lives one test never needs it.
      gitIn('config', 'maintenance.auto', 'false');
      gitIn('add', '-A');
      gitIn('commit', '--quiet', '-m', 'Le site');
      return sourceDir;
    })();
    checkouts.set(telephone, made);
  }
  return made;
}

/** The data file of a phone number, as the inbox's form would hand it over. */
export function phoneFile(telephone: string) {
  return { path: PHONE_FILE, json: { telephone } };
}

/** The phone number the page `current/<page>` serves. */
export function servedPhone(site: SiteSettings, page = 'index.html'): string | undefined {
  const html = readFileSync(path.join(site.releasesDir, 'current', page), 'utf8');
  return /"telephone":"([^"]*)"/.exec(html)?.[1];
}

/** Lets a build waiting on its gate (`node build.mjs gate`) go on. */
export async function openGate(site: SiteSettings): Promise<void> {
  const gate = await open(path.join(site.sourceDir, 'gate'), 'w');
  await gate.close();
}
