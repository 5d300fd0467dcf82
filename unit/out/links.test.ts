import assert from 'node:assert/strict';
import { test } from 'node:test';
import { legalUi } from '@/content/legal/ui';
import { htmlFiles, pathOf, readOut, resolveOut } from './out-files';

const ORIGIN = 'http://site.invalid';

/** Every href, src and srcset URL of a page, resolved against the page. */
function urlsOf(html: string, page: string): URL[] {
  const raw = [
    ...[...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1] ?? ''),
    ...[...html.matchAll(/\s(?:srcset|srcSet|imageSrcSet)="([^"]*)"/g)].flatMap((match) =>
      (match[1] ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
    ),
  ];
  return raw.filter(Boolean).map((value) => new URL(value.replace(/&amp;/g, '&'), `${ORIGIN}${page}`));
}

const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));

test('every internal link and asset of out/ resolves, fragments included', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const file of htmlFiles()) {
    const html = readOut(file);
    for (const url of urlsOf(html, pathOf(file))) {
      if (url.origin !== ORIGIN) continue;
      checked += 1;
      const target = resolveOut(url.pathname);
      if (!target) {
        broken.push(`${file}: ${url.pathname}`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && !idsOf(readOut(target)).has(fragment)) {
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
    const html = readOut(file);
    for (const url of urlsOf(html, pathOf(file))) {
      if (url.origin === ORIGIN) continue;
      if (!['https:', 'mailto:', 'tel:'].includes(url.protocol)) problems.push(`${file}: ${url.href} (protocol)`);
      if (url.protocol === 'tel:' && !/^tel:\+33\d{9}$/.test(url.href)) problems.push(`${file}: ${url.href}`);
      if (url.protocol === 'mailto:' && !/^mailto:[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(url.href))
        problems.push(`${file}: ${url.href}`);
    }
    for (const [tag] of html.matchAll(/<a\s[^>]*target="_blank"[^>]*>/g)) {
      const rel = /\srel="([^"]*)"/.exec(tag)?.[1]?.split(/\s+/) ?? [];
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) problems.push(`${file}: ${tag}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every link to another site opens a new tab and says so to screen readers', () => {
  const problems: string[] = [];
  for (const file of htmlFiles()) {
    const markup = readOut(file).replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, '$1');
    for (const [tag, attributes = '', inner = ''] of markup.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)) {
      const href = /\shref="([^"]*)"/.exec(` ${attributes}`)?.[1] ?? '';
      if (!/^https?:/.test(href)) continue;
      const text = inner.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
      if (!/\starget="_blank"/.test(` ${attributes}`)) problems.push(`${file}: ${href} opens in the same tab`);
      if (!text.endsWith(legalUi.newWindow.trim())) problems.push(`${file}: ${tag.slice(0, 120)} does not say « ${legalUi.newWindow.trim()} »`);
    }
  }
  assert.deepEqual(problems, []);
});
