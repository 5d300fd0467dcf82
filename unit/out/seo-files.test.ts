import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { routes } from '@/content/navigation';
import { siteUrl } from '@/content/site';
import { elements, elementsByTag, parseHtml, textOf } from '../../scripts/html';
import { OUT, readOut } from './out-files';

/** The files search engines and share previews read, as the export writes them. */

test('sitemap.xml lists every route at the public address', () => {
  const sitemap = readOut('sitemap.xml');
  const locs = elementsByTag(parseHtml(sitemap), 'loc').map(textOf);
  assert.deepEqual(
    locs,
    routes.map((route) => `${siteUrl}${route}`),
  );
});

test('robots.txt allows everything and points to the sitemap, in standard directives only', () => {
  assert.equal(readOut('robots.txt').trim(), `User-Agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml`);
});

test('the not-found page asks search engines not to index it, once', () => {
  const metas = elements(parseHtml(readOut('404.html')), ({ name, attribs }) => name === 'meta' && attribs.name === 'robots');
  assert.deepEqual(
    metas.map(({ attribs }) => attribs),
    [{ name: 'robots', content: 'noindex' }],
  );
});

test('the share image is a 1200 × 630 PNG, and the icons are exported', () => {
  const image = readFileSync(join(OUT, 'og-image.png'));
  // PNG header: width and height at bytes 16-23.
  assert.deepEqual([image.readUInt32BE(16), image.readUInt32BE(20)], [1200, 630]);
  for (const icon of ['apple-icon.png', 'icon.svg']) assert.ok(readFileSync(join(OUT, icon)).length > 0, icon);
});
