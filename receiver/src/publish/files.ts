import { constants } from 'node:fs';
import { lstat, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { reviewsDataFile } from '../facts';
import { publishMessages } from './messages';

/**
 * The only files a publication writes itself: JSON under content/data/ of the checkout, and the photos'
 * originals (content/photos/<key>.jpg, re-encoded without metadata by photo.ts); the CGV's new version is
 * written by the checkout's own script (steps.ts keepCgvVersion). A path is refused unless it is relative,
 * normalised, and one of those; each folder on the way must be a real folder (no symlink leads out of the
 * checkout), and the file is written beside its place then renamed over it, so a symlink standing at its name
 * is replaced, never followed.
 */

export const DATA_DIR = 'content/data';
/** The photos' originals, which the build's photo pipeline reads (scripts/photos.ts). */
export const PHOTOS_DIR = 'content/photos';
/** The extensions an original may have (lib/photo.ts): a new one replaces the others of its key. */
export { ORIGINAL_EXTENSIONS } from '../facts';

/**
 * A file of the site's data and its value, as the caller validated it against its schema; or a photo's
 * original, its bytes as photo.ts made them.
 */
export type SiteFile = { path: string; json: unknown } | { path: string; bytes: Uint8Array };

/** A file as written: its text, or its bytes. */
export type WrittenFile = { path: string; text: string } | { path: string; bytes: Uint8Array };

/** A photo's original: content/photos/<key>.jpg, the key in lower-case letters, digits and dashes. */
const PHOTO_PATH = new RegExp(`^${PHOTOS_DIR}/[a-z0-9][a-z0-9-]{0,40}\\.jpg$`);

/** The photo original's path of `key`. */
export const photoPath = (key: string) => `${PHOTOS_DIR}/${key}.jpg`;

/** The CGV's dated versions (lib/cgv-snapshots.ts): a publication adds one there when the data changed them. */
export const CGV_VERSIONS_DIR = 'content/legal/cgv-versions';

/**
 * The clients' reviews as published (publish/reviews.ts writes the file from the store): a return to the
 * previous version keeps them as they are now (engine.ts rollback).
 */
export const REVIEWS_FILE = reviewsDataFile.file;

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
export function dataText(file: { path: string; json: unknown }): string {
  const text = JSON.stringify(file.json, null, 2);
  if (typeof text !== 'string') throw new PublishError(publishMessages.notJson(file.path));
  return `${text}\n`;
}

/** Checks every file before anything is written: a refused one refuses them all. */
export function checkedFiles(files: SiteFile[]): WrittenFile[] {
  return files.map((file) => {
    if ('bytes' in file) {
      if (typeof file.path !== 'string' || !PHOTO_PATH.test(file.path)) {
        throw new PublishError(publishMessages.pathRefused(String(file.path)));
      }
      return { path: file.path, bytes: file.bytes };
    }
    return { path: checkedDataPath(file.path), text: dataText(file) };
  });
}

/** Writes the files into the checkout; the folders on the way must exist and be real folders. */
export async function writeDataFiles(checkout: string, files: WrittenFile[]): Promise<void> {
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
      await ('bytes' in file ? handle.writeFile(file.bytes) : handle.writeFile(file.text, 'utf8'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  }
}
