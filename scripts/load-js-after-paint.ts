// Post-build step of `npm run build` (docs/performance.md, « Les scripts du framework après le premier affichage »).
//
// Every page of the export is complete HTML: the framework's JavaScript only makes the client components
// interactive (menu toggle, cookie banner, quote form, map). Next.js references it with
// `<script src async>` tags and a low-priority preload, so on a phone those ~135 KB download alongside the
// stylesheet, the font and the hero photo, and their evaluation can run before the first paint. This step
// replaces them, in every HTML file of out/, with one small inline loader that appends the same scripts,
// in the same order, as soon as the browser reports the first contentful paint (the
// `first-contentful-paint` entry of a `paint` PerformanceObserver: not the earlier `first-paint`, which
// may paint only a background; on a browser without paint timing, at the `load` event). Nothing else
// changes: same files, same Turbopack bootstrap, same hydration.
//
// The loader's text is identical on every page (the list is in its data-after-paint attribute), so a
// Content-Security-Policy needs one hash for it (deploy/render.ts hashes every inline script anyway).
// Usage: tsx scripts/load-js-after-paint.ts [--dir out]. Exits 1 when a page has no framework script to
// move: the export's markup changed (Next.js upgrade?) and this step must be looked at again.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMain, parseFlags, runCommand } from './cli';
import { elements, parseHtml } from './html';

/** The attribute of the loader that lists the scripts it appends, separated by spaces. */
export const LOADER_ATTRIBUTE = 'data-after-paint';

/**
 * The loader: ES5, no dependency, reads its list from its own attribute. `async` is set as an attribute
 * (a script created by JavaScript is async anyway, but without the attribute): React looks for
 * `script[async][src]` before loading a client component's chunk, and would otherwise fetch it twice.
 */
export const LOADER_SOURCE =
  '(function(s){var u=s.getAttribute("' +
  LOADER_ATTRIBUTE +
  '").split(" "),d=0,P=window.PerformanceObserver;' +
  'function go(){if(d)return;d=1;u.forEach(function(x){var e=document.createElement("script");e.src=x;e.async=true;document.head.appendChild(e)})}' +
  'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)' +
  'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});' +
  'else addEventListener("load",go)})(document.currentScript)';

const FRAMEWORK_PREFIX = '/_next/static/';

/** The scripts a page's loader appends after the first paint ([] when the page has no loader). */
export function afterPaintScripts(html: string): string[] {
  for (const { name, attribs } of elements(parseHtml(html), (element) => element.name === 'script')) {
    const list = attribs[LOADER_ATTRIBUTE];
    if (name === 'script' && list !== undefined) return list.split(' ').filter(Boolean);
  }
  return [];
}

/**
 * One page: removes the framework's `<script src async>` tags and script preloads, and puts the loader
 * where the first of them was. Returns the new HTML and the scripts moved (none if already done).
 */
export function loadScriptsAfterPaint(html: string): { html: string; scripts: string[] } {
  if (afterPaintScripts(html).length) return { html, scripts: [] };
  const scripts: string[] = [];
  // Tags only, from the parsed document: the text of inline scripts (the RSC payload) is not markup.
  const moved = elements(parseHtml(html), ({ name, attribs }) => {
    if (name === 'script') {
      const src = attribs.src;
      return !!src?.startsWith(FRAMEWORK_PREFIX) && 'async' in attribs && !('nomodule' in attribs);
    }
    if (name !== 'link') return false;
    const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
    const isScriptPreload = (rel.includes('preload') && attribs.as === 'script') || rel.includes('modulepreload');
    return isScriptPreload && !!attribs.href?.startsWith(FRAMEWORK_PREFIX);
  });
  for (const element of moved) {
    const url = (element.name === 'script' ? element.attribs.src : element.attribs.href) ?? '';
    if (!scripts.includes(url)) scripts.push(url);
  }
  const loader = `<script ${LOADER_ATTRIBUTE}="${scripts.join(' ')}">${LOADER_SOURCE}</script>`;
  // The tags cut out of the source, the loader where the first of them was.
  let rewritten = '';
  let from = 0;
  for (const [index, element] of moved.entries()) {
    if (element.startIndex === null || element.endIndex === null) throw new Error('load-js-after-paint: no position');
    rewritten += html.slice(from, element.startIndex) + (index === 0 ? loader : '');
    from = element.endIndex + 1;
  }
  rewritten += html.slice(from);
  return { html: rewritten, scripts };
}

/** Every HTML file of an export (absolute paths), without descending into _next/. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_next' ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

/** Every HTML file of an export; throws when one has no framework script left to move or already moved. */
export function processExport(outDir: string): { files: number; changed: number } {
  const files = htmlFiles(outDir);
  const problems: string[] = [];
  let changed = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const result = loadScriptsAfterPaint(html);
    if (result.scripts.length) {
      writeFileSync(file, result.html);
      changed += 1;
    } else if (!afterPaintScripts(html).length) {
      problems.push(file);
    }
  }
  if (!files.length || problems.length) {
    throw new Error(
      `load-js-after-paint: no framework <script src async> found in ${problems.join(', ') || outDir}: ` +
        'the export markup changed, see docs/performance.md',
    );
  }
  return { files: files.length, changed };
}

if (isMain(__filename)) {
  runCommand(() => {
    const { files, changed } = processExport(resolve(parseFlags({ dir: 'string' }).dir ?? 'out'));
    console.log(`load-js-after-paint: ${changed} of ${files} HTML files now load the framework after the first paint`);
  });
}
