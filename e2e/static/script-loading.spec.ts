import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type * as LoaderModule from '../../scripts/load-js-after-paint.mjs';
import { htmlFiles, OUT, readOut } from './out-files';

/** The post-build step of `npm run build` (scripts/load-js-after-paint.mjs), on the built export and alone. */
let loader: typeof LoaderModule;
test.beforeAll(async () => {
  loader = await import('../../scripts/load-js-after-paint.mjs');
});

test('every page of out/ loads the framework through the after-paint loader only', () => {
  const sources = new Set<string>();
  for (const file of htmlFiles()) {
    const html = readOut(file);
    // No framework script or script preload left for the browser to fetch before the paint.
    const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, '$1');
    expect(markup, file).not.toMatch(/<script\b[^>]*\bsrc="\/_next\/[^"]*"[^>]*\basync/);
    expect(markup, file).not.toMatch(/<link\b[^>]*\bas="script"/);
    // One loader, listing files that exist, among them the Turbopack runtime that boots the page.
    const loaders = [...html.matchAll(new RegExp(`<script ${loader.LOADER_ATTRIBUTE}="[^"]*">([\\s\\S]*?)</script>`, 'g'))];
    expect(loaders, file).toHaveLength(1);
    sources.add(loaders[0]?.[1] ?? '');
    const scripts = loader.afterPaintScripts(html);
    expect(scripts.some((src) => /\/turbopack-[^/]*\.js$/.test(src)), file).toBe(true);
    for (const src of scripts) expect(existsSync(join(OUT, src)), `${file}: ${src}`).toBe(true);
  }
  // The same text everywhere: a Content-Security-Policy needs a single hash for it.
  expect([...sources]).toEqual([loader.LOADER_SOURCE]);
});

test('the rewrite keeps everything but the framework scripts, and runs once', () => {
  const html = [
    '<html><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>',
    '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>',
    '<link rel="preload" href="/_next/static/media/font.woff2" as="font" crossorigin=""/>',
    '<script src="/_next/static/chunks/c.js" async=""></script>',
    '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
    '</head><body><p>Texte</p>',
    '<script>self.__next_f.push([1,"<script src=\\"/_next/static/chunks/x.js\\" async=\\"\\"></script>"])</script>',
    '<script src="/_next/static/chunks/b.js" async=""></script>',
    '<script src="https://example.com/tiers.js" async=""></script>',
    '</body></html>',
  ].join('');
  const { html: rewritten, scripts } = loader.loadScriptsAfterPaint(html);
  expect(scripts).toEqual(['/_next/static/chunks/b.js', '/_next/static/chunks/c.js']);
  const expectedLoader = `<script ${loader.LOADER_ATTRIBUTE}="/_next/static/chunks/b.js /_next/static/chunks/c.js">${loader.LOADER_SOURCE}</script>`;
  expect(rewritten).toBe(
    [
      '<html><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>',
      expectedLoader,
      '<link rel="preload" href="/_next/static/media/font.woff2" as="font" crossorigin=""/>',
      '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
      '</head><body><p>Texte</p>',
      '<script>self.__next_f.push([1,"<script src=\\"/_next/static/chunks/x.js\\" async=\\"\\"></script>"])</script>',
      '<script src="https://example.com/tiers.js" async=""></script>',
      '</body></html>',
    ].join(''),
  );
  expect(loader.afterPaintScripts(rewritten)).toEqual(scripts);
  expect(loader.loadScriptsAfterPaint(rewritten)).toEqual({ html: rewritten, scripts: [] });
});
