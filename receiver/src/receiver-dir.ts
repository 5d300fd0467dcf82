import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The receiver's folder (receiver/, the nearest one up with a package.json), wherever this code runs from:
 * src/ through tsx, or a file of the build in dist/ (receiver/build.ts). Files that are not code (the PDF's
 * fonts, the inbox's stylesheet and script) are found from here, not from the module's own place.
 */
function receiverDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('receiver/package.json not found above this module');
    dir = parent;
  }
  return dir;
}

export const RECEIVER_DIR = receiverDir();
