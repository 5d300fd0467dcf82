import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { paths, routes } from '@/content/navigation';
import {
  budgetFailures,
  budgets,
  floorVersionNote,
  listPages,
  measureRoute,
  readFloor,
} from '../../scripts/budget';
import { OUT } from './out-files';

/**
 * Byte budgets on the built export (gzip), per page: JavaScript at most the one-page Next.js floor
 * (bench/floor.json, measured by `npm run bench`) + 15 KB (+ 8 KB on the quote page), CSS at most 15 KB,
 * HTML at most 34 KB (the CGV's pages, a legal text published whole, 40 KB). A visitor on a phone pays every byte over the floor in load time.
 */
const floor = readFloor();
/**
 * After a Next.js upgrade the floor was measured with the previous version: the budget is still checked
 * against it, and says so (with how to measure again) instead of failing for a reason of its own.
 */
const versionNote = floorVersionNote(floor);

test('the floor is a measurement of a one-page Next.js export, for a named version', (t) => {
  assert.match(floor.nextVersion, /^\d+\.\d+\.\d+/);
  assert.ok(floor.jsGzipBytes > 50_000);
  if (versionNote) t.diagnostic(versionNote);
});

test('every page ships at most floor + 15 KB of JS (the quote page floor + 8 KB), 15 KB of CSS, 34 KB of HTML (the CGV 40 KB) (gzip)', () => {
  assert.deepEqual(budgets, {
    jsOverFloor: 15_000,
    jsOverFloorByRoute: { [paths.quote]: 8_000 },
    css: 15_000,
    html: 34_000,
    htmlByPathPrefix: { [paths.terms]: 40_000 },
  });
  const pages = listPages(OUT);
  for (const route of [...routes, '/404.html']) assert.ok(pages.includes(route), `${route} is measured`);
  for (const page of pages) {
    const measure = measureRoute(OUT, page);
    // The page really references its framework scripts and stylesheet (else the sums prove nothing).
    assert.ok(measure.js.files.length > 0, `${page} references its scripts`);
    assert.ok(measure.css.files.length > 0, `${page} references its stylesheet`);
    assert.deepEqual(budgetFailures(measure, floor.jsGzipBytes), [], versionNote);
  }
});

test('no page downloads lucide-react’s code: the icons are drawn on the server (components/ui/icon.tsx)', () => {
  for (const page of listPages(OUT)) {
    const { js } = measureRoute(OUT, page);
    for (const { path } of js.files) {
      // lucide-react's component writes its "lucide" and "lucide-<name>" classes; nothing else in the browser's code does.
      assert.doesNotMatch(readFileSync(join(OUT, path), 'utf8'), /\blucide\b/, `${page} downloads ${path}`);
    }
  }
});
