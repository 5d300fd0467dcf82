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

/**
 * The tests' requests are made by the factories (receiver/test/factories.ts, docs/tests.md): a test file that
 * writes its own insert into the requests table fails this test. A new kind of row gets its factory there; a store at
 * an older schema version starts from `olderRequestRow`.
 */
test('no test file but the factories inserts a request', () => {
  const TESTS = import.meta.dirname;
  const inserting = readdirSync(TESTS)
    .filter((file) => /\.tsx?$/.test(file) && file !== 'factories.ts')
    .filter((file) => /INSERT\s+INTO\s+requests\b/i.test(readFileSync(path.join(TESTS, file), 'utf8')));
  assert.deepEqual(inserting, [], 'a test file inserts its own request: use or add a factory in factories.ts');
});
