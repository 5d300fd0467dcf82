import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mainNav } from '@/content/navigation';
import { elements, parseHtml, textOf, type HtmlDocument } from '../../scripts/html';
import { readOut, resolveOut } from './out-files';

/**
 * The header as each page is exported (moved from e2e/header.spec.ts, which opened every page for it; the
 * browser test follows the header links and checks the mark after each client-side navigation).
 */

function pageOf(route: string): HtmlDocument {
  const file = resolveOut(route);
  assert.ok(file, `${route} is exported`);
  return parseHtml(readOut(file));
}

test('each page of the main navigation marks its own link, and only it, as the current page', () => {
  for (const item of mainNav) {
    const document = pageOf(item.href);
    const navs = elements(
      document,
      (element) => element.name === 'nav' && element.attribs['aria-label'] === 'Navigation principale',
    );
    assert.equal(navs.length, 1, `${item.href}: one « Navigation principale »`);
    const nav = navs[0]!;
    const links = elements(nav, (element) => element.name === 'a' && textOf(element) === item.label);
    assert.equal(links.length, 1, `${item.href}: one link « ${item.label} »`);
    assert.equal(links[0]!.attribs['aria-current'], 'page', `${item.href}: « ${item.label} » is the current page`);
    assert.equal(
      elements(nav, (element) => 'aria-current' in element.attribs).length,
      1,
      `${item.href}: one element marked current`,
    );
  }
});
