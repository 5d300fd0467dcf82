import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elements, parseHtml } from '../../scripts/html';
import { htmlFiles, readOut } from './out-files';

test('every page has one h1, and no heading comes before it (the cookie banner included)', () => {
  const problems: string[] = [];
  for (const file of htmlFiles()) {
    // Elements of the document only: a heading in the text of an inline script (the RSC payload) is none.
    const headings = elements(parseHtml(readOut(file)), (element) => /^h[1-6]$/.test(element.name)).map((element) =>
      Number(element.name.slice(1)),
    );
    if (headings.filter((level) => level === 1).length !== 1) problems.push(`${file}: ${headings.length} h1`);
    if (headings[0] !== 1) problems.push(`${file}: the first heading is an h${headings[0]}`);
    // No level is skipped going down (h1 then h3 without h2).
    headings.forEach((level, index) => {
      const previous = headings[index - 1];
      if (previous !== undefined && level > previous + 1) problems.push(`${file}: h${previous} then h${level}`);
    });
  }
  assert.deepEqual(problems, []);
});
