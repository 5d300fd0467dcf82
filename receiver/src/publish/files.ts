import { constants } from 'node:fs';
import { lstat, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { publishMessages } from './messages';

/**
 * The only files a publication writes itself: JSON under content/data/ of the checkout (the CGV's new version is
 * written by the checkout's own script, steps.ts keepCgvVersion). A path is refused unless it
 * is relative, normalised, under content/data/ and ends in .json; each folder on the way must be a real folder
 * (no symlink leads out of the checkout), and the file is written beside its place then renamed over it, so
 * a symlink standing at its name is replaced, never followed.
 */

export const DATA_DIR = 'content/data';

/** The CGV's dated versions (lib/cgv-snapshots.ts): a publication adds one there when the data changed them. */
export const CGV_VERSIONS_DIR = 'content/legal/cgv-versions';

/** A file of the site's data and its value, as the caller validated it against its schema. */
export type SiteFile = { path: string; json: unknown };

export class PublishError extends Error {}

/** The path, checked; a refusal is a PublishError in French. */
export function checkedDataPath(file: string): string {
  const normal = path.posix.normalize(file);
  const ok =
    typeof file === 'string' &&
    normal === file &&
    !path.posix.isAbsolute(file) &&
    file.startsWith(`${DATA_DIR}/`) &&
    file.endsWith('.json') &&
    !file.split('/').some((part) => part === '..' || part === '.' || part === '' || part.startsWith('.')) &&
    !/[\0\\]/.test(file);
  if (!ok) throw new PublishError(publishMessages.pathRefused(String(file)));
  return file;
}

/** The file's text: the JSON, two spaces, a final line feed. */
export function dataText(file: SiteFile): string {
  const text = JSON.stringify(file.json, null, 2);
  if (typeof text !== 'string') throw new PublishError(publishMessages.notJson(file.path));
  return `${text}\n`;
}

/** Checks every file before anything is written: a refused one refuses them all. */
export function checkedFiles(files: SiteFile[]): { path: string; text: string }[] {
  return files.map((file) => ({ path: checkedDataPath(file.path), text: dataText(file) }));
}

/** Writes the files into the checkout; the folders on the way must exist and be real folders. */
export async function writeDataFiles(checkout: string, files: { path: string; text: string }[]): Promise<void> {
  for (const file of files) {
    const parts = file.path.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) {
      const folder = path.join(checkout, ...parts.slice(0, depth));
      const stat = await lstat(folder).catch(() => undefined);
      if (!stat?.isDirectory()) throw new PublishError(publishMessages.pathRefused(file.path));
    }
    const target = path.join(checkout, file.path);
    const temporary = `${target}.publication-${process.pid}`;
    await rm(temporary, { force: true });
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      await handle.writeFile(file.text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  }
}
