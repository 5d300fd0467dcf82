import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/**
 * No module of receiver/src is over MAX_LINES lines (docs/architecture.md): one that grows past it is split by
 * what it holds. The migrations' log is the exception, kept whole in order. A module over the limit while it
 * is being split may be listed with its size that day (none is today): it may only shrink, and leaves the list
 * once under.
 */
const MAX_LINES = 350;

const EXEMPT = ['store/migrations.ts'];

const STILL_OVER: Record<string, number> = {};

const SRC = path.join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** Lines as `wc -l` counts them: the last one ends with its newline. */
function linesOf(file: string): number {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

test(`no module of receiver/src over ${MAX_LINES} lines but the migrations' log and those listed, which only shrink`, () => {
  const sizes = new Map(sources(SRC).map((file) => [file, linesOf(file)]));
  const over = [...sizes]
    .filter(([file, lines]) => lines > MAX_LINES && !EXEMPT.includes(file) && !(file in STILL_OVER))
    .map(([file, lines]) => `${file} (${lines})`);
  assert.deepEqual(over, [], `split these modules by what they hold, each under ${MAX_LINES} lines`);
  const grown = Object.entries(STILL_OVER)
    .filter(([file, cap]) => (sizes.get(file) ?? 0) > cap)
    .map(([file, cap]) => `${file} (${sizes.get(file)} > ${cap})`);
  assert.deepEqual(grown, [], 'a listed module may only shrink');
  // A listed module now under the limit, or gone, leaves the list, so that it cannot grow back unnoticed.
  const done = Object.keys(STILL_OVER).filter((file) => (sizes.get(file) ?? 0) <= MAX_LINES);
  assert.deepEqual(done, [], `take these modules off STILL_OVER: they are ${MAX_LINES} lines or fewer`);
  for (const file of EXEMPT) assert.ok(sizes.has(file), `${file} exists`);
});
