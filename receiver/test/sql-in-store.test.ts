import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/**
 * The store is the only code that speaks SQL (docs/architecture.md): a module outside store/ that calls
 * `.execute(` or `.batch(` fails this test. Give its queries to store/, in the module of their tables.
 */
const SRC = path.join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

test('no module outside store/ runs SQL', () => {
  const running = sources(SRC)
    .filter((file) => !file.startsWith('store/'))
    .filter((file) => /\.(execute|batch)\(/.test(readFileSync(path.join(SRC, file), 'utf8')));
  assert.deepEqual(running, [], 'a module outside store/ runs SQL: give its queries to store/');
});
