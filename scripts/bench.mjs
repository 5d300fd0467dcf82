#!/usr/bin/env node
// npm run bench (node --import tsx scripts/bench.mjs): the performance benchmark (docs/performance.md).
//
// 1. Builds the floor (bench/floor/: one page, one heading, same Next.js and export options, as Next ships it)
//    and the site (`npm run build`: next build, then scripts/load-js-after-paint.ts and
//    scripts/compile-hints.ts).
// 2. Measures gzip bytes per route (scripts/budget.ts) and records the floor in bench/floor.json, the
//    figure the byte-budget test (unit/out/budget.test.ts) compares against.
// 3. Serves both exports with gzip like a static host (scripts/serve-out.ts), points Chromium's
//    images.unsplash.com at a local stand-in (bench/image-cdn.mjs), and runs Lighthouse (mobile, default
//    simulated throttling) on the floor and on every page.
// 4. Traces the main thread of the floor and of every page in Chromium (thread time × 4, as Lighthouse)
//    (bench/trace.mjs): the longest task after the first paint, and the blocking time it and the others add.
// 5. Prints one table, writes bench-results/<date>.{md,json} and the Lighthouse reports, and exits 1 when
//    a route is over a budget, scores below the floor, or blocks the main thread longer than the floor.
//
// Options: --skip-build (measure the existing out/ and bench/floor/out/), --runs N (Lighthouse runs and
// traces per page, median kept; default 1), --only /route/ (repeatable), --no-trace (Lighthouse only),
// --own-photos (build the site with sample originals for every photo, scripts/sample-photos.ts, as a company
// that shows its own photos). CHROMIUM_PATH overrides /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { cdnCopiesIn, startImageCdn } from '../bench/image-cdn.mjs';
import { launchBrowser, medianLoad, traceLoad } from '../bench/trace.mjs';
import {
  budgetFailures,
  budgets,
  floorFile,
  htmlFileFor,
  installedNextVersion,
  kb,
  lighthouseBudgets,
  listPages,
  measureRoute,
  repoRoot,
} from './budget.ts';
import { commandFlags } from './cli.ts';
import { writeSamplePhotos } from './sample-photos.ts';

/**
 * Lighthouse and chrome-launcher, the bench/ workspace's packages: `npm ci` installs them, the install of
 * `npm test` (scripts/install-test-deps.sh) does not, since no test uses them.
 */
const benchTools = await Promise.all([
  import('chrome-launcher'),
  import('lighthouse'),
  import('lighthouse/core/lib/median-run.js'),
]).catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  console.error(
    'Le banc d’essai a besoin de Lighthouse, qui n’est pas installé : lancez `npm ci` (ou `npm install --workspace bench`).',
  );
  process.exit(1);
});
const [chromeLauncher, { default: lighthouse }, { computeMedianRun }] = benchTools;

const flags = commandFlags({
  runs: 'string',
  only: 'strings',
  'skip-build': 'boolean',
  'no-trace': 'boolean',
  'own-photos': 'boolean',
});
/** With --own-photos, the site is built with sample originals for every photo (docs/photos.md), as heavy as real ones. */
const ownPhotosDir = flags['own-photos'] ? join(repoRoot, 'build', 'bench-photos') : null;
const only = flags.only ?? [];
const runs = Math.max(1, Number(flags.runs ?? 1) || 1);
const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const siteOut = join(repoRoot, 'out');
const floorDir = join(repoRoot, 'bench', 'floor');
const floorOut = join(floorDir, 'out');
const resultsDir = join(repoRoot, 'bench-results');
const nextBin = join(repoRoot, 'node_modules', '.bin', 'next');
const started = Date.now();

function log(message) {
  console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}`);
}

function build(label, command, commandArgs) {
  log(`building ${label}…`);
  const result = spawnSync(command, commandArgs, {
    cwd: repoRoot,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...(ownPhotosDir ? { PHOTOS_DIR: ownPhotosDir } : {}) },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`building ${label} failed`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function serve(dir) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts', 'serve-out.ts'), '--port', String(port), '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`static server for ${dir} did not start`);
}

async function audit(url, port) {
  const lhrs = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await lighthouse(url, {
      port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${result.lhr.runtimeError.message}`);
    lhrs.push({ lhr: result.lhr, html: result.report[1] });
  }
  const median = computeMedianRun(lhrs.map((run) => run.lhr));
  const run = lhrs.find((r) => r.lhr === median) ?? lhrs[0];
  const audits = run.lhr.audits;
  const score = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
  return {
    performance: score(run.lhr),
    // Every run's score and LCP, in order: the median hides a bad run.
    runs: lhrs.map(({ lhr }) => ({
      performance: score(lhr),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
    })),
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? null,
    warnings: run.lhr.runWarnings,
    benchmarkIndex: run.lhr.environment.benchmarkIndex,
    userAgent: run.lhr.environment.hostUserAgent,
    lhr: run.lhr,
    html: run.html,
  };
}

const ms = (value) => `${Math.round(value)} ms`;

/** The traced loads of a page (bench/trace.mjs), `runs` times: the median one, by blocking time. */
async function traceRuns(browser, url) {
  const loads = [];
  for (let i = 0; i < runs; i += 1) loads.push(await traceLoad(browser, url));
  return { ...medianLoad(loads), runs: loads.map(({ longestTask, blocking }) => ({ longestTask, blocking })) };
}

function row(label, m, floorJs, lh, trace, failures) {
  const delta = m.js.gzip - floorJs;
  return [
    label,
    kb(m.js.gzip),
    `${delta >= 0 ? '+' : '−'}${kb(Math.abs(delta))}`,
    `${(m.js.gzip / floorJs).toFixed(2)}×`,
    kb(m.css.gzip),
    kb(m.html.gzip),
    lh ? String(lh.performance) : '–',
    lh ? lh.runs.map((r) => r.performance).join(', ') : '–',
    lh ? ms(lh.lcp) : '–',
    lh ? ms(lh.tbt) : '–',
    lh ? lh.cls.toFixed(3) : '–',
    trace ? ms(trace.longestTask) : '–',
    trace ? ms(trace.blocking) : '–',
    failures === null ? '(floor)' : failures.length ? `**over**: ${failures.join('; ')}` : 'ok',
  ];
}

function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map((_, i) => (i === 0 || i === header.length - 1 ? '---' : '---:'))),
    ...rows.map(line),
  ].join('\n');
}

async function main() {
  if (!chromePath) throw new Error('No Chromium: set CHROMIUM_PATH or install Debian’s chromium');
  if (!flags['skip-build']) {
    build('the floor (bench/floor)', nextBin, ['build', 'bench/floor']); // as Next ships it
    if (ownPhotosDir) await writeSamplePhotos(ownPhotosDir, { grain: true });
    build('the site', 'npm', ['run', '--silent', 'build']); // with its post-build step
  }
  for (const dir of [floorOut, siteOut]) {
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} is missing: run without --skip-build`);
  }

  // Bytes.
  const floorMeasure = measureRoute(floorOut, '/');
  const nextVersion = installedNextVersion();
  const previous = existsSync(floorFile) ? JSON.parse(readFileSync(floorFile, 'utf8')) : null;
  if (!previous || previous.nextVersion !== nextVersion || previous.jsGzipBytes !== floorMeasure.js.gzip) {
    const floor = { nextVersion, jsGzipBytes: floorMeasure.js.gzip, measuredAt: new Date().toISOString().slice(0, 10) };
    writeFileSync(floorFile, `${JSON.stringify(floor, null, 2)}\n`);
    log(`bench/floor.json updated: ${JSON.stringify(floor)}`);
  }
  const pages = listPages(siteOut).filter((route) => !only.length || only.includes(route));
  const measures = pages.map((route) => measureRoute(siteOut, route));

  // Lighthouse.
  const floorServer = await serve(floorOut);
  const siteServer = await serve(siteOut);
  const warm = listPages(siteOut).flatMap((route) => cdnCopiesIn(readFileSync(htmlFileFor(siteOut, route), 'utf8')));
  const cdn = await startImageCdn({ fixture: join(repoRoot, 'e2e', 'fixtures', 'photo.jpg'), warm });
  log(
    `serving the floor at ${floorServer.origin}, the site at ${siteServer.origin}, the image CDN stand-in on port ${cdn.port}`,
  );
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--host-resolver-rules=MAP ${cdn.host} 127.0.0.1:${cdn.port}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
    ],
  });
  const audits = new Map();
  const traces = new Map();
  const loadBefore = loadavg()[0];
  try {
    await lighthouseRuns();
    if (!flags['no-trace']) await traceAll();
  } finally {
    floorServer.stop();
    siteServer.stop();
    await cdn.close();
  }

  async function lighthouseRuns() {
    try {
      log('Lighthouse: floor /');
      audits.set('floor', await audit(`${floorServer.origin}/`, chrome.port));
      for (const route of pages) {
        if (route === '/404.html') continue;
        log(`Lighthouse: ${route}`);
        audits.set(route, await audit(`${siteServer.origin}${route}`, chrome.port));
      }
    } finally {
      await chrome.kill();
    }
  }

  // Main-thread traces (Chromium's own, CPU slowed down 4 times), after Lighthouse: one browser at a time.
  async function traceAll() {
    const browser = await launchBrowser([
      `--host-resolver-rules=MAP ${cdn.host} 127.0.0.1:${cdn.port}, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
      '--ignore-certificate-errors',
    ]);
    try {
      log('trace: floor /');
      traces.set('floor', await traceRuns(browser, `${floorServer.origin}/`));
      for (const route of pages) {
        if (route === '/404.html') continue;
        log(`trace: ${route}`);
        traces.set(route, await traceRuns(browser, `${siteServer.origin}${route}`));
      }
    } finally {
      await browser.close();
    }
  }

  // Report.
  const floorJs = floorMeasure.js.gzip;
  const failures = [];
  const header = [
    'Route',
    'JS gz',
    'JS vs floor',
    'JS ratio',
    'CSS gz',
    'HTML gz',
    'Perf',
    'Perf (each run)',
    'LCP',
    'TBT',
    'CLS',
    'Longest task',
    'Blocking (trace)',
    'Budget',
  ];
  const floorLh = audits.get('floor');
  const floorTrace = traces.get('floor');
  const rows = [row('floor (1 page)', floorMeasure, floorJs, floorLh, floorTrace, null)];
  for (const m of measures) {
    const lh = audits.get(m.route);
    const trace = traces.get(m.route);
    const routeFailures = budgetFailures(m, floorJs).map((f) => f.replace(`${m.route}: `, ''));
    if (lh && lh.performance < lighthouseBudgets.performance)
      routeFailures.push(`performance ${lh.performance} < ${lighthouseBudgets.performance}`);
    if (lh && lh.cls > lighthouseBudgets.cls) routeFailures.push(`CLS ${lh.cls.toFixed(3)} > ${lighthouseBudgets.cls}`);
    // Against the floor of the same run: the machine's load moves both alike.
    if (lh && floorLh && lh.performance < floorLh.performance)
      routeFailures.push(`performance ${lh.performance} < floor ${floorLh.performance}`);
    if (lh && floorLh && Math.round(lh.tbt) > Math.round(floorLh.tbt))
      routeFailures.push(`TBT ${ms(lh.tbt)} > floor ${ms(floorLh.tbt)}`);
    if (trace && floorTrace && trace.blocking > floorTrace.blocking)
      routeFailures.push(`traced blocking ${ms(trace.blocking)} > floor ${ms(floorTrace.blocking)}`);
    failures.push(...routeFailures.map((f) => `${m.route}: ${f}`));
    rows.push(row(`\`${m.route}\``, m, floorJs, lh, trace, routeFailures));
  }
  const anyAudit = audits.get('floor');
  const date = new Date().toISOString();
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
  const notes = [
    `Run ${date.slice(0, 16).replace('T', ' ')} UTC on ${machine}; ${anyAudit?.userAgent ?? chromePath}.`,
    `Host load: Lighthouse benchmarkIndex ${anyAudit?.benchmarkIndex ?? '?'} (Lighthouse expects ≥ 1000), load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${cpus().length} cores during the runs.`,
    `next ${nextVersion}; Lighthouse 12 mobile, default simulated throttling (4× CPU, 150 ms RTT, 1.6 Mbps), ${runs} run(s) per page${runs > 1 ? ' (median)' : ''}.`,
    `Traces: Chromium's performance trace of ${runs} load(s) per page${runs > 1 ? ' (median by blocking time)' : ''}, 412 × 823 viewport, no throttling; each task counted as its thread's CPU time × 4 (Lighthouse's CPU slowdown; thread time hardly moves with the machine's load); longest task and blocking time (sum of each task's time beyond 50 ms) after the first contentful paint, until 1.5 s without a long task${flags['no-trace'] ? ' (skipped: --no-trace)' : ''}.`,
    `Bytes: gzip -9 of each route's HTML and of the JS/CSS it references (noModule polyfills excluded), 1 KB = 1000 B.`,
    `Budgets: JS ≤ floor + ${kb(budgets.jsOverFloor)} = ${kb(floorJs + budgets.jsOverFloor)} (${Object.entries(
      budgets.jsOverFloorByRoute,
    )
      .map(([route, bytes]) => `${route}: floor + ${kb(bytes)}`)
      .join(
        ', ',
      )}), CSS ≤ ${kb(budgets.css)}, HTML ≤ ${kb(budgets.html)}, performance ≥ ${lighthouseBudgets.performance} and ≥ the floor's, TBT and traced blocking time ≤ the floor's, CLS ≤ ${lighthouseBudgets.cls}.`,
    `Photos: ${ownPhotosDir ? 'the company’s own (sample originals with grain, --own-photos), served by the site' : 'stock photos from the CDN'}.`,
    `Image CDN: local stand-in (${cdn.synthetic ? 'synthetic WebP photos, about 1 bit/pixel' : 'fixture JPEG'}), ${cdn.stats.requests} photos served (${kb(cdn.stats.bytes)}).`,
  ];
  const table = markdownTable(header, rows);
  const lcpElements = [...audits.entries()].map(([route, lh]) => `- ${route}: ${lh.lcpElement ?? '?'}`).join('\n');
  const markdown = `${table}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n\nLCP element per page:\n${lcpElements}\n`;

  mkdirSync(resultsDir, { recursive: true });
  const stamp = date.slice(0, 19).replace(/[:T]/g, '-');
  writeFileSync(join(resultsDir, `${stamp}.md`), markdown);
  writeFileSync(join(resultsDir, 'latest.md'), markdown);
  writeFileSync(
    join(resultsDir, `${stamp}.json`),
    `${JSON.stringify(
      {
        date,
        machine,
        nextVersion,
        floor: { ...floorMeasure, lighthouse: strip(audits.get('floor')), trace: traces.get('floor') ?? null },
        routes: measures.map((m) => ({
          ...m,
          lighthouse: strip(audits.get(m.route)),
          trace: traces.get(m.route) ?? null,
        })),
        failures,
      },
      null,
      2,
    )}\n`,
  );
  for (const [route, lh] of audits) {
    const name =
      route === 'floor' ? 'floor' : route === '/' ? 'home' : route.replace(/^\/|\/$/g, '').replace(/\//g, '_');
    writeFileSync(join(resultsDir, `lighthouse-${name}.html`), lh.html);
  }

  console.log(markdown);
  for (const [route, lh] of audits) for (const warning of lh.warnings) log(`Lighthouse warning (${route}): ${warning}`);
  log(`done; results in bench-results/${stamp}.md`);
  if (failures.length) {
    console.error(`Over budget:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

function strip(lh) {
  if (!lh) return null;
  const rest = { ...lh };
  delete rest.lhr;
  delete rest.html;
  return rest;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
