// Byte budgets of the static export, per route: the gzip size of the route's HTML and of the JavaScript
// and CSS that HTML makes the browser download. Shared by `npm run bench` (scripts/bench.ts) and the
// unit test unit/out/budget.test.ts; run alone (`tsx scripts/budget.ts`) it prints the table for out/ and
// exits 1 when a route is over budget.
//
// What counts, per route (each file once, even when referenced twice):
// - HTML: out/<route>/index.html, inline scripts (the RSC payload) included.
// - JS: <script src>, <link rel="modulepreload">, <link rel="preload" as="script"> and the scripts the
//   after-paint loader appends (scripts/load-js-after-paint.ts); not the `noModule` polyfills, which no
//   browser that runs modules downloads.
// - CSS: <link rel="stylesheet">.
// Sizes are gzip level 9 (what precompressed files and most static hosts serve), 1 KB = 1000 bytes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { paths } from '@/content/navigation';
import { commandFlags, isMain } from './cli';
import { elements, parseHtml } from './html';
import { LOADER_ATTRIBUTE } from './load-js-after-paint';

export type FileSize = { path: string; bytes: number; gzip: number };
export type Sizes = { bytes: number; gzip: number };
export type AssetSizes = Sizes & { files: FileSize[] };
export type RouteMeasure = { route: string; html: Sizes; js: AssetSizes; css: AssetSizes };
export type Floor = { nextVersion: string; jsGzipBytes: number; measuredAt: string };

export const repoRoot = resolve(__dirname, '..');

/** Where the floor figure lives: written by the benchmark, read by the test. */
export const floorFile = join(repoRoot, 'bench', 'floor.json');

/** The byte budgets of every page, in bytes (gzip) (docs/performance.md). */
export const budgets = {
  /** JavaScript may exceed the one-page floor by this much. */
  jsOverFloor: 15_000,
  /** Except on the pages listed here, held closer to the floor (the quote form's page). */
  jsOverFloorByRoute: { [paths.quote]: 8_000 } as Record<string, number>,
  css: 15_000,
  html: 34_000,
  /**
   * Except the CGV (their version in force and each dated version, under this path), a legal text published
   * whole, whose HTML grows with it (the text twice: as HTML and in the RSC payload, docs/performance.md « Les
   * longues pages »): 34.1 KB since the version of 28 November 2026 described the online acceptance.
   */
  htmlByPathPrefix: { [paths.terms]: 40_000 } as Record<string, number>,
};

/** How much HTML a route may weigh (gzip bytes). */
export function htmlBudget(route: string): number {
  const prefix = Object.keys(budgets.htmlByPathPrefix).find((path) => route.startsWith(path));
  return prefix === undefined ? budgets.html : (budgets.htmlByPathPrefix[prefix] ?? budgets.html);
}

/** How much JavaScript a route may add to the floor (gzip bytes). */
export function jsOverFloorBudget(route: string): number {
  return budgets.jsOverFloorByRoute[route] ?? budgets.jsOverFloor;
}

/** Lighthouse thresholds checked by the benchmark only (timings are too noisy for a test). */
export const lighthouseBudgets = { performance: 95, cls: 0.01 };

export function gzipSize(buffer: Buffer | Uint8Array | string): number {
  return gzipSync(buffer, { level: 9 }).length;
}

/** The installed Next.js version (the floor is only valid for the version it was measured with). */
export function installedNextVersion(): string {
  return JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'next', 'package.json'), 'utf8')).version;
}

/**
 * Undefined when the floor was measured with the installed Next.js; otherwise what to say beside a
 * budget's figures: the JavaScript budget is then checked against a floor of another version (after an
 * upgrade, not a failure in itself), and `npm run bench` measures it again.
 */
export function floorVersionNote(floor: Floor, installed = installedNextVersion()): string | undefined {
  if (floor.nextVersion === installed) return undefined;
  return `bench/floor.json was measured with next ${floor.nextVersion} and next ${installed} is installed: the JS budget is checked against that floor; run \`npm run bench\` to measure the floor again with this version`;
}

/** The recorded floor: { nextVersion, jsGzipBytes, measuredAt }. */
export function readFloor(file = floorFile): Floor {
  return JSON.parse(readFileSync(file, 'utf8')) as Floor;
}

/** The HTML file of a route ('/services/' -> out/services/index.html, '/404.html' -> out/404.html). */
export function htmlFileFor(outDir: string, route: string): string {
  if (route.endsWith('.html')) return join(outDir, route);
  const path = route.replace(/^\/+|\/+$/g, '');
  return join(outDir, path, 'index.html');
}

/**
 * Every page of an export: each `<dir>/index.html` as the route `/<dir>/`, plus `/404.html`. The
 * copies Next also writes for the not-found page (`404/`, `_not-found/`) are left out.
 */
export function listPages(outDir: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        const rel = relative(outDir, path).split(sep).join('/');
        if (rel === '_next' || rel === '404' || rel === '_not-found') continue;
        walk(path);
      } else if (entry.name === 'index.html') {
        const rel = relative(outDir, dir).split(sep).join('/');
        pages.push(rel ? `/${rel}/` : '/');
      }
    }
  };
  walk(outDir);
  pages.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  if (existsSync(join(outDir, '404.html'))) pages.push('/404.html');
  return pages;
}

/** Same-origin path of a URL found in the HTML (entities already decoded), or null for another origin. */
function localPath(url: string | undefined): string | null {
  if (!url || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  return url.split(/[?#]/)[0] ?? '';
}

/** The JS and CSS files an HTML page makes the browser download, in document order, each once. */
export function referencedAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const tags = elements(parseHtml(html), (element) => element.name === 'script' || element.name === 'link');
  for (const { name: tag, attribs: attributes } of tags) {
    if (tag === 'script') {
      if ('nomodule' in attributes) continue;
      const path = localPath(attributes.src);
      if (path) js.add(path);
      // The loader of scripts/load-js-after-paint.ts: the framework scripts it appends after the first paint.
      for (const src of (attributes[LOADER_ATTRIBUTE] ?? '').split(' ')) {
        const loaded = localPath(src);
        if (loaded) js.add(loaded);
      }
      continue;
    }
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    const path = localPath(attributes.href);
    if (!path) continue;
    if (rel.includes('stylesheet')) css.add(path);
    else if (rel.includes('modulepreload')) js.add(path);
    else if (rel.includes('preload') && attributes.as === 'script') js.add(path);
  }
  return { js: [...js], css: [...css] };
}

function measureFiles(outDir: string, paths: string[]): AssetSizes {
  const files = paths.map((path) => {
    const file = join(outDir, path);
    if (!existsSync(file)) throw new Error(`${path} is referenced but missing from ${outDir}`);
    const buffer = readFileSync(file);
    return { path, bytes: buffer.length, gzip: gzipSize(buffer) };
  });
  return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0), gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/** Gzip sizes of one route: { route, html, js, css }, each { bytes, gzip } (js and css also list files). */
export function measureRoute(outDir: string, route: string): RouteMeasure {
  const file = htmlFileFor(outDir, route);
  if (!existsSync(file)) throw new Error(`No HTML for ${route}: ${file} is missing (build first)`);
  const buffer = readFileSync(file);
  const assets = referencedAssets(buffer.toString('utf8'));
  return {
    route,
    html: { bytes: buffer.length, gzip: gzipSize(buffer) },
    js: measureFiles(outDir, assets.js),
    css: measureFiles(outDir, assets.css),
  };
}

/** Budget failures of a measured route, as sentences (empty when within budget). */
export function budgetFailures(measure: RouteMeasure, floorJsGzip: number): string[] {
  const failures: string[] = [];
  const overFloor = jsOverFloorBudget(measure.route);
  const jsLimit = floorJsGzip + overFloor;
  if (measure.js.gzip > jsLimit) {
    failures.push(
      `${measure.route}: JS ${kb(measure.js.gzip)} gzip > floor ${kb(floorJsGzip)} + ${kb(overFloor)} = ${kb(jsLimit)}`,
    );
  }
  if (measure.css.gzip > budgets.css)
    failures.push(`${measure.route}: CSS ${kb(measure.css.gzip)} gzip > ${kb(budgets.css)}`);
  const htmlLimit = htmlBudget(measure.route);
  if (measure.html.gzip > htmlLimit)
    failures.push(`${measure.route}: HTML ${kb(measure.html.gzip)} gzip > ${kb(htmlLimit)}`);
  return failures;
}

/** Bytes as kilobytes (1 KB = 1000 bytes), one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

// CLI: tsx scripts/budget.ts [--dir out]
if (isMain(__filename)) {
  const outDir = resolve(commandFlags({ dir: 'string' }).dir ?? join(repoRoot, 'out'));
  const floor = readFloor();
  const note = floorVersionNote(floor);
  if (note) console.error(`NOTE ${note}`);
  const failures: string[] = [];
  console.log(
    `Floor: ${kb(floor.jsGzipBytes)} JS gzip (next ${floor.nextVersion}); budget JS floor + ${kb(budgets.jsOverFloor)} (${Object.entries(
      budgets.jsOverFloorByRoute,
    )
      .map(([route, bytes]) => `${route} ${kb(bytes)}`)
      .join(', ')}), CSS ${kb(budgets.css)}, HTML ${kb(budgets.html)}`,
  );
  console.log(
    ['route'.padEnd(34), 'JS'.padStart(9), 'CSS'.padStart(9), 'HTML'.padStart(9), 'JS/floor'.padStart(9)].join(' '),
  );
  for (const route of listPages(outDir)) {
    const m = measureRoute(outDir, route);
    failures.push(...budgetFailures(m, floor.jsGzipBytes));
    console.log(
      [
        route.padEnd(34),
        kb(m.js.gzip).padStart(9),
        kb(m.css.gzip).padStart(9),
        kb(m.html.gzip).padStart(9),
        `${(m.js.gzip / floor.jsGzipBytes).toFixed(3)}x`.padStart(9),
      ].join(' '),
    );
  }
  for (const failure of failures) console.error(`OVER BUDGET ${failure}`);
  if (note && failures.length) console.error(`NOTE ${note}`);
  process.exit(failures.length ? 1 : 0);
}
