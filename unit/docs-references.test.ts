import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

/**
 * The code says where its explanations are as `docs/<file>.md, « <section title> »`, so that a long comment
 * moves to the docs without being lost: each such reference names a file of docs/ and one of its headings.
 * A reference may give the start of a heading (« Ce qui est conservé » for « Ce qui est conservé, et combien de
 * temps »), without its number; an apostrophe typed straight in the code matches the typographic one of the docs.
 */
const root = join(__dirname, '..');
const REFERENCE = /docs\/([a-z-]+\.md), « ([^»]+) »/g;
const apostrophes = (text: string) => text.replace(/'/g, '’');
/** A title wrapped over two lines of a comment reads as one line. */
const unwrapped = (title: string) => title.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ');

test('each « docs/<file>.md, « section » » of the code names a heading of that file', () => {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.sh'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const missing: string[] = [];
  let references = 0;
  for (const file of files) {
    if (!existsSync(join(root, file))) continue;
    for (const [, doc, title] of readFileSync(join(root, file), 'utf8').matchAll(REFERENCE)) {
      references += 1;
      const path = join(root, 'docs', doc!);
      const headings = existsSync(path)
        ? readFileSync(path, 'utf8')
            .split('\n')
            .filter((line) => /^#{1,6} /.test(line))
            .map((line) => apostrophes(line.replace(/^#+ (?:\d+\. )?/, '')))
        : [];
      const wanted = apostrophes(unwrapped(title!));
      if (!headings.some((heading) => heading.startsWith(wanted)))
        missing.push(`${file}: docs/${doc}, « ${unwrapped(title!)} »`);
    }
  }
  assert.ok(references > 0);
  assert.deepEqual(missing, []);
});
