import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMPILE_HINT, withCompileHint } from '../scripts/compile-hints';
import {
  afterPaintScripts,
  LOADER_ATTRIBUTE,
  LOADER_SOURCE,
  loadScriptsAfterPaint,
} from '../scripts/load-js-after-paint';

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
  const { html: rewritten, scripts } = loadScriptsAfterPaint(html);
  assert.deepEqual(scripts, ['/_next/static/chunks/b.js', '/_next/static/chunks/c.js']);
  const expectedLoader = `<script ${LOADER_ATTRIBUTE}="/_next/static/chunks/b.js /_next/static/chunks/c.js">${LOADER_SOURCE}</script>`;
  assert.equal(
    rewritten,
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
  assert.deepEqual(afterPaintScripts(rewritten), scripts);
  assert.deepEqual(loadScriptsAfterPaint(rewritten), { html: rewritten, scripts: [] });
});

test('the loader appends the scripts at the first contentful paint, not at an earlier paint', () => {
  // The browser reports `first-paint` (which may be a background alone) before `first-contentful-paint`:
  // run the loader against a stand-in PerformanceObserver and feed it both entries in turn.
  const appended: string[] = [];
  let callback:
    ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect(): void }) => void) | undefined;
  let disconnected = false;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(cb: typeof callback) {
      callback = cb;
    }
    observe() {}
  }
  const script = { getAttribute: () => '/_next/static/chunks/a.js /_next/static/chunks/b.js' };
  const document = {
    currentScript: script,
    createElement: () => ({}) as { src?: string },
    head: { appendChild: (element: { src?: string }) => appended.push(element.src ?? '') },
  };
  const run = new Function('window', 'document', 'addEventListener', LOADER_SOURCE);
  run({ PerformanceObserver: FakeObserver }, document, () => assert.fail('no load fallback with paint timing'));
  const entries = (name: string) => ({ getEntriesByName: (wanted: string) => (wanted === name ? [{}] : []) });
  const observer = { disconnect: () => (disconnected = true) };
  callback?.(entries('first-paint'), observer);
  assert.deepEqual(appended, [], 'nothing before the first contentful paint');
  callback?.(entries('first-contentful-paint'), observer);
  assert.deepEqual(appended, ['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
  assert.equal(disconnected, true);
  callback?.(entries('first-contentful-paint'), observer);
  assert.equal(appended.length, 2, 'each script once');
});

test('without paint timing, the loader waits for the load event', () => {
  const appended: string[] = [];
  let onLoad: (() => void) | undefined;
  const document = {
    currentScript: { getAttribute: () => '/_next/static/chunks/a.js' },
    createElement: () => ({}) as { src?: string },
    head: { appendChild: (element: { src?: string }) => appended.push(element.src ?? '') },
  };
  const run = new Function('window', 'document', 'addEventListener', LOADER_SOURCE);
  run({}, document, (type: string, listener: () => void) => {
    assert.equal(type, 'load');
    onLoad = listener;
  });
  assert.deepEqual(appended, []);
  onLoad?.();
  assert.deepEqual(appended, ['/_next/static/chunks/a.js']);
});

test("the compile hint is V8's magic comment, on the first line, once", () => {
  assert.equal(COMPILE_HINT, '//# allFunctionsCalledOnLoad');
  const source = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([]);\n';
  const hinted = withCompileHint(source);
  assert.equal(hinted, `//# allFunctionsCalledOnLoad\n${source}`);
  assert.equal(withCompileHint(hinted), hinted);
});
