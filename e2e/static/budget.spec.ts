import { existsSync } from 'node:fs';
import { join } from 'node:path';
// No browser here: plain file reads of the built out/, so the fixtures' page interception is not needed.
import { expect, test } from '@playwright/test';
import { routes } from '../../content/navigation';
import type * as BudgetModule from '../../scripts/budget.mjs';

/**
 * Byte budgets of issue 7 on the built export (gzip): per route, JavaScript at most the one-page Next.js
 * floor (bench/floor.json, measured by `npm run bench`) + 15 KB, CSS at most 15 KB, HTML at most 30 KB.
 * A visitor on a phone pays every byte over the floor in load time.
 */
const outDir = join(__dirname, '..', '..', 'out');
// scripts/budget.mjs is shared with the benchmark (plain Node): an ES module, loaded the way Playwright's
// CommonJS-compiled specs can load one.
let budget: typeof BudgetModule;
let floor: BudgetModule.Floor;

test.beforeAll(async () => {
  budget = await import('../../scripts/budget.mjs');
  floor = budget.readFloor();
  expect(existsSync(join(outDir, 'index.html')), 'out/ is missing: build first (npm run build)').toBe(true);
});

test('the floor was measured with the installed Next.js version', () => {
  expect(
    floor.nextVersion,
    `bench/floor.json is for next ${floor.nextVersion}; after a Next.js upgrade run \`npm run bench\` to measure the floor again`,
  ).toBe(budget.installedNextVersion());
  expect(floor.jsGzipBytes).toBeGreaterThan(50_000);
});

for (const route of routes) {
  test(`${route} ships at most floor + 15 KB of JS, 15 KB of CSS, 30 KB of HTML (gzip)`, () => {
    expect(budget.budgets).toEqual({ jsOverFloor: 15_000, css: 15_000, html: 30_000 });
    const measure = budget.measureRoute(outDir, route);
    // The page really references its framework scripts and stylesheet (else the sums below prove nothing).
    expect(measure.js.files.length).toBeGreaterThan(0);
    expect(measure.css.files.length).toBeGreaterThan(0);
    expect(budget.budgetFailures(measure, floor.jsGzipBytes)).toEqual([]);
  });
}

test('every exported page, beyond the route list (404, new pages), stays within budget', () => {
  const pages = budget.listPages(outDir);
  expect(pages).toEqual(expect.arrayContaining([...routes, '/404.html']));
  const failures = pages.flatMap((page) => budget.budgetFailures(budget.measureRoute(outDir, page), floor.jsGzipBytes));
  expect(failures).toEqual([]);
});

test('the measure counts each script and stylesheet the browser downloads, once', () => {
  const html = [
    '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
    '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>',
    '<link rel="modulepreload" href="/_next/static/chunks/c.js"/>',
    '<link rel="preload" href="/_next/static/media/font.woff2" as="font" crossorigin=""/>',
    '<script src="/_next/static/chunks/b.js" async=""></script>',
    '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
    '<script src="https://example.com/x.js"></script>',
    '<script>self.__next_f.push([1,"<script src=\\"/nope.js\\">"])</script>',
    // The after-paint loader of scripts/load-js-after-paint.mjs: the scripts it will append count too.
    '<script data-after-paint="/_next/static/chunks/c.js /_next/static/chunks/d.js">(function(){})()</script>',
  ].join('');
  expect(budget.referencedAssets(html)).toEqual({
    js: ['/_next/static/chunks/b.js', '/_next/static/chunks/c.js', '/_next/static/chunks/d.js'],
    css: ['/_next/static/chunks/a.css'],
  });
});
