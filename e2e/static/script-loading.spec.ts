import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type * as HintsModule from '../../scripts/compile-hints.mjs';
import type * as LoaderModule from '../../scripts/load-js-after-paint.mjs';
import { htmlFiles, OUT, readOut } from './out-files';

/**
 * The post-build steps of `npm run build` (scripts/load-js-after-paint.mjs, then scripts/compile-hints.mjs),
 * on the built export and alone.
 */
let loader: typeof LoaderModule;
let hints: typeof HintsModule;
test.beforeAll(async () => {
  loader = await import('../../scripts/load-js-after-paint.mjs');
  hints = await import('../../scripts/compile-hints.mjs');
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
    const loaders = [
      ...html.matchAll(new RegExp(`<script ${loader.LOADER_ATTRIBUTE}="[^"]*">([\\s\\S]*?)</script>`, 'g')),
    ];
    expect(loaders, file).toHaveLength(1);
    sources.add(loaders[0]?.[1] ?? '');
    const scripts = loader.afterPaintScripts(html);
    expect(
      scripts.some((src) => /\/turbopack-[^/]*\.js$/.test(src)),
      file,
    ).toBe(true);
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

test('the start-up scripts, and only they, ask V8 to compile them eagerly', () => {
  const startup = new Set(htmlFiles().flatMap((file) => loader.afterPaintScripts(readOut(file))));
  expect(startup.size).toBeGreaterThan(0);
  const chunksDir = join(OUT, '_next', 'static', 'chunks');
  const chunks = readdirSync(chunksDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
  // Chunks loaded on demand (client components of one page, polyfills) stay as built.
  expect(chunks.length).toBeGreaterThan(startup.size);
  for (const name of chunks) {
    const src = `/_next/static/chunks/${name.split('\\').join('/')}`;
    const firstLine = readFileSync(join(chunksDir, name), 'utf8').split('\n', 1)[0];
    expect(firstLine === hints.COMPILE_HINT, src).toBe(startup.has(src));
  }
  expect(hints.startupScripts(OUT)).toEqual([...startup].sort());
});

test("the compile hint is V8's magic comment, on the first line, once", () => {
  expect(hints.COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
  const source = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([]);\n';
  const hinted = hints.withCompileHint(source);
  expect(hinted).toBe(`//# allFunctionsCalledOnLoad\n${source}`);
  expect(hints.withCompileHint(hinted)).toBe(hinted);
});
