import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paths } from '@/content/navigation';
import { budgetFailures, budgets, floorVersionNote, referencedAssets, type RouteMeasure } from '../scripts/budget';

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
    // The after-paint loader of scripts/load-js-after-paint.ts: the scripts it will append count too.
    '<script data-after-paint="/_next/static/chunks/c.js /_next/static/chunks/d.js">(function(){})()</script>',
  ].join('');
  assert.deepEqual(referencedAssets(html), {
    js: ['/_next/static/chunks/b.js', '/_next/static/chunks/c.js', '/_next/static/chunks/d.js'],
    css: ['/_next/static/chunks/a.css'],
  });
});

test('a page over any budget is reported, with its figures', () => {
  const sizes = (gzip: number) => ({ bytes: gzip * 3, gzip, files: [] });
  const page = (js: number, css: number, html: number, route = '/x/'): RouteMeasure => ({
    route,
    js: sizes(js),
    css: sizes(css),
    html: { bytes: html * 3, gzip: html },
  });
  const floor = 100_000;
  assert.deepEqual(budgetFailures(page(floor + budgets.jsOverFloor, budgets.css, budgets.html), floor), []);
  const failures = budgetFailures(page(floor + budgets.jsOverFloor + 1, budgets.css + 1, budgets.html + 1), floor);
  assert.equal(failures.length, 3);
  assert.match(failures[0] ?? '', /^\/x\/: JS 115\.0 KB gzip > floor 100\.0 KB \+ 15\.0 KB = 115\.0 KB$/);
});

test('a floor of another Next.js version is named, with how to measure it again, not refused', () => {
  const floor = { nextVersion: '16.4.6', jsGzipBytes: 134_829, measuredAt: '2026-11-21' };
  assert.equal(floorVersionNote(floor, '16.4.6'), undefined);
  const note = floorVersionNote(floor, '17.0.1') ?? '';
  for (const part of ['next 16.4.6', 'next 17.0.1', 'npm run bench']) assert.ok(note.includes(part), note);
});

test('the quote page is held closer to the floor than the others', () => {
  const sizes = (gzip: number) => ({ bytes: gzip * 3, gzip, files: [] });
  const page = (route: string, js: number): RouteMeasure => ({
    route,
    js: sizes(js),
    css: sizes(1000),
    html: { bytes: 3000, gzip: 1000 },
  });
  const floor = 100_000;
  const quoteBudget = budgets.jsOverFloorByRoute[paths.quote] ?? Infinity;
  assert.ok(quoteBudget < budgets.jsOverFloor);
  assert.deepEqual(budgetFailures(page(paths.quote, floor + quoteBudget), floor), []);
  assert.equal(budgetFailures(page(paths.quote, floor + quoteBudget + 1), floor).length, 1);
  // The same bytes on another page are within its budget.
  assert.deepEqual(budgetFailures(page(paths.services, floor + quoteBudget + 1), floor), []);
});
