// First step of `npm run build` (and of `npm run dev`; alone: `npm run photos`): turns the company's
// originals (content/photos/<key>.jpg|png|webp, or the folder PHOTOS_DIR names) into the copies the site
// serves, AVIF and WebP at the widths each photo's uses need (lib/photo-widths.ts), with content-hashed
// names, in public/photos/ (which Next.js copies into out/photos/). Writes the manifest the pages read
// (lib/photo-files.ts). Encoded copies are cached in node_modules/.cache/photos/ by the original's
// content: an unchanged original costs nothing the next time. A photo without an original stays a stock
// photo from the CDN. docs/photos.md says how to use it.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { photos } from '@/content/images';
import { OWN_PHOTOS_PATH } from '../lib/photo';
import {
  findOriginal,
  originalsDir,
  ownPhotosPublicDir,
  photoCacheDir,
  photoManifestFile,
  type PhotoCandidate,
  type PhotoManifest,
  type PreparedPhoto,
} from '../lib/photo-files';
import { photoLayouts } from '../lib/photo-layouts';
import { photoWidths } from '../lib/photo-widths';
import { isMain, parseFlags, runCommand } from './cli';

/** Changes when the way copies are encoded changes, so that the cache does not serve old ones. */
const PIPELINE_VERSION = 1;

/**
 * PHOTOS_AVIF_EFFORT (0 to 9): how hard the AVIF encoder works, sharp's 4 when unset, as for the site put
 * online. 0 encodes about nine times faster for files about half as heavy again, and the same pictures at
 * the same sizes: npm test builds its sample photos so (scripts/test-builds.sh), where the encoding was most
 * of the first build's time. Copies encoded at another effort are cached under another name.
 */
export function avifEffort(env: Record<string, string | undefined> = process.env): number | undefined {
  const value = env.PHOTOS_AVIF_EFFORT?.trim();
  if (!value) return undefined;
  if (!/^\d$/.test(value)) throw new Error(`PHOTOS_AVIF_EFFORT=${value}: a whole number from 0 to 9, or unset`);
  return Number(value);
}

const formats = ['avif', 'webp'] as const;
type Format = (typeof formats)[number];

/** The width and height an original is displayed at, once turned upright by its EXIF orientation. */
export async function uprightSize(file: string | Buffer): Promise<{ width: number; height: number }> {
  const { width, height, orientation } = await sharp(file).metadata();
  if (!width || !height) throw new Error(`${typeof file === 'string' ? file : 'image'}: no dimensions`);
  return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** Encodes one copy (upright, `width` px wide), or takes it from the cache. Returns the cached file. */
async function encodedCopy(
  original: Buffer,
  originalHash: string,
  width: number,
  format: Format,
  quality: number,
  cacheDir: string,
  effort: number | undefined,
): Promise<{ file: string; fresh: boolean }> {
  const effortTag = format === 'avif' && effort !== undefined ? `-e${effort}` : '';
  const file = join(cacheDir, `${originalHash}-${width}-q${quality}${effortTag}.${format}`);
  if (existsSync(file)) return { file, fresh: false };
  const image = sharp(original).rotate().resize({ width, withoutEnlargement: true });
  const bytes = await (format === 'avif' ? image.avif({ quality, effort }) : image.webp({ quality })).toBuffer();
  replaceFile(file, bytes);
  return { file, fresh: true };
}

/**
 * Writes `file` whole under a temporary name, then renames it into place: a build stopped midway (the
 * inbox's publication stops a build when the receiver stops) never leaves half a file, and the file is a
 * new one. Writing in place would also write into every hard link to the old file: the browser tests'
 * checkouts link this repository's node_modules/ (and its .cache/photos/) into theirs, and two builds at once
 * once read each other's manifest.
 */
function replaceFile(file: string, data: string | Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export type PrepareOptions = {
  /** The originals' folder (default: originalsDir()). */
  dir?: string;
  /** Where the served copies go (default: public/photos/). */
  publicDir?: string;
  cacheDir?: string;
  manifestFile?: string;
  /** The AVIF encoder's effort (default: avifEffort(), from PHOTOS_AVIF_EFFORT). */
  effort?: number;
};

/**
 * Prepares every photo that has an original: copies, served files and manifest. Removes the served files
 * of earlier builds that no photo uses any more. Returns the manifest and how many copies were encoded
 * (not taken from the cache).
 */
export async function preparePhotos({
  dir = originalsDir(),
  publicDir = ownPhotosPublicDir,
  cacheDir = photoCacheDir,
  manifestFile = photoManifestFile,
  effort = avifEffort(),
}: PrepareOptions = {}): Promise<{ manifest: PhotoManifest; encoded: number }> {
  mkdirSync(cacheDir, { recursive: true });
  mkdirSync(publicDir, { recursive: true });
  const manifest: PhotoManifest = { originals: dir, photos: {} };
  const served = new Set<string>();
  let encoded = 0;
  for (const photo of Object.values(photos)) {
    const originalFile = findOriginal(dir, photo.key);
    if (!originalFile || photo.uses.length === 0) continue;
    const original = readFileSync(originalFile);
    const originalHash = sha256(Buffer.concat([original, Buffer.from(`\0v${PIPELINE_VERSION}`)])).slice(0, 32);
    const size = await uprightSize(original);
    const prepared: PreparedPhoto = { original: originalFile, ...size, layouts: {} };
    for (const use of photo.uses) {
      const layout = photoLayouts[use];
      const widths = photoWidths(layout.sizes, { originalWidth: size.width });
      const copies = { avif: [] as PhotoCandidate[], webp: [] as PhotoCandidate[] };
      // Every copy of a use encoded at once: sharp encodes on libuv's thread pool, so the machine's cores
      // share the work (an AVIF encode uses one core); the names are then given in order.
      const jobs = formats.flatMap((format) => widths.map((width) => ({ format, width })));
      const encodedCopies = await Promise.all(
        jobs.map(({ format, width }) =>
          encodedCopy(original, originalHash, width, format, layout.quality[format], cacheDir, effort),
        ),
      );
      for (const [index, { format, width }] of jobs.entries()) {
        const copy = encodedCopies[index]!;
        if (copy.fresh) encoded += 1;
        // Named after the copy's own bytes: a changed photo gets a new name, which no cache holds yet.
        const name = `${photo.key}-${width}.${sha256(readFileSync(copy.file)).slice(0, 12)}.${format}`;
        if (!existsSync(join(publicDir, name))) copyFileSync(copy.file, join(publicDir, name));
        served.add(name);
        copies[format].push({ width, src: `${OWN_PHOTOS_PATH}${name}` });
      }
      prepared.layouts[use] = copies;
    }
    manifest.photos[photo.key] = prepared;
  }
  for (const name of readdirSync(publicDir)) if (!served.has(name)) rmSync(join(publicDir, name), { force: true });
  replaceFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, encoded };
}

if (isMain(__filename)) {
  runCommand(async () => {
    parseFlags({});
    const { manifest, encoded } = await preparePhotos();
    const keys = Object.keys(manifest.photos);
    const stock = Object.values(photos).filter((photo) => photo.uses.length > 0 && !photo.original);
    const where = relative(process.cwd(), manifest.originals) || '.';
    console.error(
      keys.length
        ? `photos: ${keys.join(', ')} from ${where}/ (${encoded} copies encoded, the others cached)`
        : `photos: no original in ${where}/`,
    );
    if (stock.length) console.error(`photos: stock photos from the CDN for ${stock.map((p) => p.key).join(', ')}`);
  });
}
