// Post-build step of `npm run build`, after scripts/load-js-after-paint.ts (docs/performance.md,
// « Compilation anticipée des scripts de démarrage »).
//
// Every page boots with the same few framework files (React, the Next.js router, the Turbopack runtime,
// the shared client components), and nearly every function in them runs at start-up. V8 compiles a
// function lazily, on the main thread, the first time it is called: that compilation was most of the
// bootstrap's long task. The magic comment `//# allFunctionsCalledOnLoad` on a file's first line (Chrome
// 136 and later, V8's explicit compile hints) asks V8 to compile the whole file eagerly, on a background
// thread while it downloads. Other browsers read an ordinary comment.
//
// The hint goes only on the files a page's loader appends at start-up (its data-after-paint list), not on
// the chunks loaded on demand: eager compilation of code that is not run would waste memory.
// Usage: tsx scripts/compile-hints.ts [--dir out]. Exits 1 when no page lists a script (run
// load-js-after-paint.ts first).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMain, parseFlags, runCommand } from './cli';
import { afterPaintScripts, htmlFiles } from './load-js-after-paint';

/** V8's explicit compile hint: must be the file's very first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** A script's source with the hint on its first line (unchanged if it already has it). */
export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : `${COMPILE_HINT}\n${source}`;
}

/** The start-up scripts of every page of an export (paths from the site root). */
export function startupScripts(outDir: string): string[] {
  const scripts = new Set<string>();
  for (const file of htmlFiles(outDir))
    for (const src of afterPaintScripts(readFileSync(file, 'utf8'))) scripts.add(src);
  return [...scripts].sort();
}

/** Puts the hint on every start-up script of an export; throws when there is none. */
export function addCompileHints(outDir: string): { scripts: number; changed: number } {
  const scripts = startupScripts(outDir);
  if (!scripts.length) {
    throw new Error(`compile-hints: no start-up script listed in ${outDir}: run scripts/load-js-after-paint.ts first`);
  }
  let changed = 0;
  for (const src of scripts) {
    const file = join(outDir, src);
    const source = readFileSync(file, 'utf8');
    const hinted = withCompileHint(source);
    if (hinted !== source) {
      writeFileSync(file, hinted);
      changed += 1;
    }
  }
  return { scripts: scripts.length, changed };
}

if (isMain(__filename)) {
  runCommand(() => {
    const { scripts, changed } = addCompileHints(resolve(parseFlags({ dir: 'string' }).dir ?? 'out'));
    console.log(`compile-hints: ${changed} of ${scripts} start-up scripts now ask V8 to compile them eagerly`);
  });
}
