import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { COMPILE_HINT, startupScripts } from '../../scripts/compile-hints';
import { elements, parseHtml, scripts as scriptsOf } from '../../scripts/html';
import { afterPaintScripts, LOADER_ATTRIBUTE, LOADER_SOURCE } from '../../scripts/load-js-after-paint';
import { htmlFiles, OUT, readOut } from './out-files';

/** The post-build steps of `npm run build` (scripts/load-js-after-paint.ts, then scripts/compile-hints.ts). */

test('every page of out/ loads the framework through the after-paint loader only', () => {
  const sources = new Set<string>();
  for (const file of htmlFiles()) {
    const html = readOut(file);
    const document = parseHtml(html);
    // No framework script or script preload left for the browser to fetch before the paint.
    const early = elements(
      document,
      ({ name, attribs }) =>
        (name === 'script' && !!attribs.src?.startsWith('/_next/') && 'async' in attribs) ||
        (name === 'link' && attribs.as === 'script'),
    );
    assert.deepEqual(
      early.map(({ attribs }) => attribs.src ?? attribs.href),
      [],
      file,
    );
    // One loader, listing files that exist, among them the Turbopack runtime that boots the page.
    const loaders = scriptsOf(document).filter(({ attributes }) => LOADER_ATTRIBUTE in attributes);
    assert.equal(loaders.length, 1, file);
    sources.add(loaders[0]?.source ?? '');
    const scripts = afterPaintScripts(html);
    assert.ok(
      scripts.some((src) => /\/turbopack-[^/]*\.js$/.test(src)),
      `${file} boots the Turbopack runtime`,
    );
    for (const src of scripts) assert.ok(existsSync(join(OUT, src)), `${file}: ${src} exists`);
  }
  // The same text everywhere: a Content-Security-Policy needs a single hash for it.
  assert.deepEqual([...sources], [LOADER_SOURCE]);
});

test('the start-up scripts, and only they, ask V8 to compile them eagerly', () => {
  const startup = new Set(htmlFiles().flatMap((file) => afterPaintScripts(readOut(file))));
  assert.ok(startup.size > 0);
  const chunksDir = join(OUT, '_next', 'static', 'chunks');
  const chunks = readdirSync(chunksDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
  // Chunks loaded on demand (client components of one page, polyfills) stay as built.
  assert.ok(chunks.length > startup.size);
  for (const name of chunks) {
    const src = `/_next/static/chunks/${name.split('\\').join('/')}`;
    const firstLine = readFileSync(join(chunksDir, name), 'utf8').split('\n', 1)[0];
    assert.equal(firstLine === COMPILE_HINT, startup.has(src), src);
  }
  assert.deepEqual(startupScripts(OUT), [...startup].sort());
});
