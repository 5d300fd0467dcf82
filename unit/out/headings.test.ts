import assert from 'node:assert/strict';
import { test } from 'node:test';
import { htmlFiles, readOut } from './out-files';

/** Markup only: the text of inline scripts (the RSC payload) and comments is not part of the document. */
const markupOf = (html: string) =>
  html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, '$1');

test('every page has one h1, and no heading comes before it (the cookie banner included)', () => {
  const problems: string[] = [];
  for (const file of htmlFiles()) {
    const headings = [...markupOf(readOut(file)).matchAll(/<h([1-6])\b/gi)].map((match) => Number(match[1]));
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
