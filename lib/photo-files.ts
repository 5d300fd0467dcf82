import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PhotoLayout } from './photo-layouts';
import { ORIGINAL_EXTENSIONS } from './photo';

/**
 * The files of the photo pipeline (scripts/photos.ts), on the machine that builds: the owner's originals,
 * the manifest of the copies made from them, and the cache that spares re-encoding an unchanged original.
 * Build-time only (node:fs): read by content/images.ts and components/ui/photo.tsx while pages render.
 */

/** The folder of the company's originals: PHOTOS_DIR if set (the tests use it), else content/photos/. */
export function originalsDir(): string {
  return resolve(process.env.PHOTOS_DIR?.trim() || join('content', 'photos'));
}

/** The original of the photo `key` in `dir` (key.jpg, key.png…), or null. Two for one key is an error. */
export function findOriginal(dir: string, key: string): string | null {
  const found = ORIGINAL_EXTENSIONS.flatMap((extension) =>
    [extension, extension.toUpperCase()].map((ext) => join(dir, `${key}${ext}`)),
  ).filter((file) => existsSync(file));
  if (found.length > 1) throw new Error(`Photo « ${key} » : plusieurs originaux (${found.join(', ')}), gardez-en un.`);
  return found[0] ?? null;
}

/** Cache of encoded copies, kept between builds, and the manifest of the last preparation. */
export const photoCacheDir = resolve('node_modules', '.cache', 'photos');
export const photoManifestFile = join(photoCacheDir, 'manifest.json');
/** The copies served by the site: Next.js copies public/ into out/. */
export const ownPhotosPublicDir = resolve('public', 'photos');

/** One copy of a photo: its width in pixels and its URL on the site. */
export type PhotoCandidate = { width: number; src: string };

/** A photo of the company, as prepared: its size (read from the original) and its copies per use. */
export type PreparedPhoto = {
  /** The original's path. */
  original: string;
  width: number;
  height: number;
  layouts: Partial<Record<PhotoLayout, { avif: PhotoCandidate[]; webp: PhotoCandidate[] }>>;
};

export type PhotoManifest = { originals: string; photos: Record<string, PreparedPhoto> };

/** The prepared photo `key` from the manifest, checked against the original it was made from. */
export function preparedPhoto(key: string, original: string): PreparedPhoto {
  const manifest: PhotoManifest | null = existsSync(photoManifestFile)
    ? JSON.parse(readFileSync(photoManifestFile, 'utf8'))
    : null;
  const prepared = manifest?.photos[key];
  if (!prepared || prepared.original !== original)
    throw new Error(
      `La photo « ${key} » (${original}) n’a pas été préparée : lancez npm run build (ou npm run photos), qui la convertit.`,
    );
  return prepared;
}
