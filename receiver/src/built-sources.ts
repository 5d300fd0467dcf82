import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECEIVER_DIR } from './receiver-dir';

/**
 * A built receiver or tool (receiver/dist/, `npm run receiver:build`) checks at start that it is the build of
 * the sources beside it: the build lists each source file it took, with its SHA-256, in dist/sources.json.
 * After an update of the repository without a build, it would otherwise run the old code without a word.
 * Run from src/ (through tsx), there is nothing to check.
 */

/** Where the build goes (receiver/build.ts), and its list of sources. */
export const DIST_DIR = path.join(RECEIVER_DIR, 'dist');
export const SOURCES_FILE = path.join(DIST_DIR, 'sources.json');

/** True when this code runs from the build (a .mjs file of receiver/dist/), not from src/. */
export const runsBuilt = fileURLToPath(import.meta.url).endsWith('.mjs');

/** The first source file that changed (or went) since the build, relative to the repository; undefined if none. */
export function changedSource(sourcesFile = SOURCES_FILE): string | undefined {
  const sources = JSON.parse(readFileSync(sourcesFile, 'utf8')) as Record<string, string>;
  const repoDir = path.resolve(path.dirname(sourcesFile), '../..');
  for (const [file, hash] of Object.entries(sources)) {
    let content: Buffer;
    try {
      content = readFileSync(path.join(repoDir, file));
    } catch {
      return file;
    }
    if (createHash('sha256').update(content).digest('hex') !== hash) return file;
  }
  return undefined;
}

/** The French message of a built receiver or tool older than its sources; undefined when it is up to date. */
export function staleBuildMessage(): string | undefined {
  if (!runsBuilt) return undefined;
  const changed = changedSource();
  if (changed === undefined) return undefined;
  return (
    `${changed} a changé depuis la construction du récepteur (receiver/dist/). ` +
    'Lancez npm run receiver:build, puis redémarrez le récepteur.'
  );
}
