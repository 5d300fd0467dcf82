import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkData, ORIGINAL_EXTENSIONS, photosData, photosDataFile } from '../facts';
import type { SiteSettings } from '../config';
import { PHOTOS_DIR } from './files';

/**
 * A photo a manager sent from « Photos » (inbox/site-photos.ts), made safe to keep and to publish: the
 * checkout's own install decodes it and re-encodes it as a JPEG without any metadata (SITE_PHOTO_COMMAND,
 * scripts/photo-upload.ts, with sharp), in a process of its own under `nice`, as the build runs there: the
 * receiver's install has no image library. And what the checkout holds now: the photos' alt texts and
 * originals, what « Photos » compares a draft with.
 */

export type PreparedUpload =
  { ok: true; width: number; height: number; jpeg: Buffer; thumbnail: Buffer } | { ok: false; reason: 'not-an-image' };

/** The command's exit code for a file that does not decode as an image (scripts/photo-upload.ts). */
const NOT_AN_IMAGE = 3;
/** A photo of a phone decodes and encodes in a few seconds on this server; past that, something is wrong. */
const PREPARE_TIMEOUT_MS = 120_000;

export class PhotoCommandError extends Error {}

/** Decodes and re-encodes `bytes` in the checkout; nothing of the upload is kept in the temporary folder. */
export async function prepareUpload(site: SiteSettings, bytes: Buffer): Promise<PreparedUpload> {
  const folder = await mkdtemp(path.join(tmpdir(), 'photo-'));
  try {
    const input = path.join(folder, 'envoi');
    const output = path.join(folder, 'photo.jpg');
    const thumbnail = path.join(folder, 'miniature.jpg');
    await writeFile(input, bytes, { mode: 0o600 });
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'nice',
        ['-n', '10', 'sh', '-c', site.photoCommand],
        {
          cwd: site.sourceDir,
          env: { ...process.env, PHOTO_INPUT: input, PHOTO_OUTPUT: output, PHOTO_THUMBNAIL: thumbnail },
          timeout: PREPARE_TIMEOUT_MS,
          maxBuffer: 64 * 1024,
        },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
    if (result.code === NOT_AN_IMAGE) return { ok: false, reason: 'not-an-image' };
    if (result.code !== 0) {
      throw new PhotoCommandError(`SITE_PHOTO_COMMAND: code ${result.code}: ${result.stderr.trim().slice(-500)}`);
    }
    const size = JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as { width: number; height: number };
    return {
      ok: true,
      width: size.width,
      height: size.height,
      jpeg: await readFile(output),
      thumbnail: await readFile(thumbnail),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export type PhotoAlts = typeof photosData;

/** The photos' alt texts as the checkout has them; the built ones when its file is missing or refused. */
export async function liveAlts(sourceDir: string | undefined): Promise<PhotoAlts> {
  if (!sourceDir) return photosData;
  try {
    const value: unknown = JSON.parse(await readFile(path.join(sourceDir, photosDataFile.file), 'utf8'));
    return checkData(photosDataFile.schema, value).length === 0 ? (value as PhotoAlts) : photosData;
  } catch {
    return photosData;
  }
}

/** The original of the photo `key` in the checkout (key.jpg, key.png…), its bytes; null without one. */
export async function liveOriginal(sourceDir: string | undefined, key: string): Promise<Buffer | null> {
  if (!sourceDir) return null;
  for (const extension of ORIGINAL_EXTENSIONS.flatMap((each) => [each, each.toUpperCase()])) {
    const bytes = await readFile(path.join(sourceDir, PHOTOS_DIR, `${key}${extension}`)).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

/**
 * The smallest copy the release online serves of the photo `key` (photos/<key>-<width>.<hash>.webp, as
 * scripts/photos.ts names them), for the inbox's small view; undefined for a stock photo or before any.
 */
export async function liveThumbnail(releasesDir: string | undefined, key: string): Promise<string | undefined> {
  if (!releasesDir) return undefined;
  const folder = path.join(releasesDir, 'current', 'photos');
  const names = await readdir(folder).catch(() => [] as string[]);
  const pattern = new RegExp(`^${key}-(\\d+)\\.[0-9a-f]+\\.webp$`);
  const copies = names
    .map((name) => ({ name, width: Number(pattern.exec(name)?.[1]) }))
    .filter((copy) => copy.width > 0)
    .sort((a, b) => a.width - b.width);
  return copies[0] ? path.join(folder, copies[0].name) : undefined;
}
