import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalUi } from '@/content/legal-ui';
import { elements, elementsByTag, parseHtml, textOf, type HtmlDocument } from '../../scripts/html';
import { htmlFiles, pathOf, readOut, resolveOut } from './out-files';

const ORIGIN = 'http://site.invalid';

/** Every href, src and srcset URL of a page's elements, resolved against the page. */
function urlsOf(document: HtmlDocument, page: string): URL[] {
  const raw = elements(document).flatMap(({ attribs }) => [
    ...[attribs.href, attribs.src].filter((value) => value !== undefined),
    ...[attribs.srcset, attribs.imagesrcset].flatMap((value) =>
      (value ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
    ),
  ]);
  return raw.filter(Boolean).map((value) => new URL(value, `${ORIGIN}${page}`));
}

const idsOf = (document: HtmlDocument) =>
  new Set(elements(document, (element) => !!element.attribs.id).map((element) => element.attribs.id));

test('every internal link and asset of out/ resolves, fragments included', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of htmlFiles()) {
    for (const url of urlsOf(parseHtml(readOut(file)), pathOf(file))) {
      if (url.origin !== ORIGIN) continue;
      checked += 1;
      const target = resolveOut(url.pathname);
      if (!target) {
        broken.push(`${file}: ${url.pathname}`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && !idsOf(parseHtml(readOut(target))).has(fragment)) {
        broken.push(`${file}: ${url.pathname}${url.hash} (no such id)`);
      }
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(checked > 100, `only ${checked} internal URLs checked`);
});

test('external links are well-formed, and those opening a new tab carry rel="noopener noreferrer"', () => {
  const problems: string[] = [];
  for (const file of htmlFiles()) {
    const document = parseHtml(readOut(file));
    for (const url of urlsOf(document, pathOf(file))) {
      if (url.origin === ORIGIN) continue;
      if (!['https:', 'mailto:', 'tel:'].includes(url.protocol)) problems.push(`${file}: ${url.href} (protocol)`);
      if (url.protocol === 'tel:' && !/^tel:\+33\d{9}$/.test(url.href)) problems.push(`${file}: ${url.href}`);
      if (url.protocol === 'mailto:' && !/^mailto:[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(url.href))
        problems.push(`${file}: ${url.href}`);
    }
    for (const link of elements(document, (element) => element.attribs.target === '_blank')) {
      const rel = (link.attribs.rel ?? '').split(/\s+/);
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) problems.push(`${file}: ${link.attribs.href}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every link to another site opens a new tab and says so to screen readers', () => {
  const problems: string[] = [];
  for (const file of htmlFiles()) {
    for (const link of elementsByTag(parseHtml(readOut(file)), 'a')) {
      const href = link.attribs.href ?? '';
      if (!/^https?:/.test(href)) continue;
      const text = textOf(link);
      if (link.attribs.target !== '_blank') problems.push(`${file}: ${href} opens in the same tab`);
      if (!text.endsWith(legalUi.newWindow.trim())) problems.push(`${file}: ${href} « ${text} » does not say « ${legalUi.newWindow.trim()} »`);
    }
  }
  assert.deepEqual(problems, []);
});
