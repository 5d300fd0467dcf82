// Sample originals for every photo key (tests and benchmark; never committed: the repository ships no
// photo): `tsx scripts/sample-photos.ts --dir build/photos [--grain]`, then build with PHOTOS_DIR set to
// that folder. Drawn by sharp: smooth colour areas, plus photographic grain with --grain (about as heavy
// as a real photo once encoded, for the benchmark; the tests use smooth ones, quicker to encode). The
// sizes, proportions and file types differ from the stock photos', so that a test can tell that the site
// reads them from the files.
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { photos } from '@/content/images';
import { isMain, parseFlags, runCommand } from './cli';

/** The folder scripts/test-builds.sh writes the samples to, and builds build/out-endpoint/ from. */
export const SAMPLE_PHOTOS_DIR = 'build/photos';

/** The sample original of each key: size and file type. */
export const samplePhotoFiles: Record<keyof typeof photos, { width: number; height: number; ext: string }> = {
  hero: { width: 2400, height: 1600, ext: 'jpg' },
  maintenance: { width: 1600, height: 1200, ext: 'png' },
  installation: { width: 1500, height: 1000, ext: 'webp' },
  conseil: { width: 1800, height: 1200, ext: 'jpg' },
  team: { width: 1440, height: 960, ext: 'jpg' },
  office: { width: 1200, height: 900, ext: 'jpeg' },
  riviera: { width: 1200, height: 800, ext: 'jpg' },
  handshake: { width: 1200, height: 800, ext: 'jpg' },
};

/** Deterministic pseudo-random bytes (xorshift): the same samples every time, so the cache keeps them. */
export function pseudoRandom(length: number, seed: number): Buffer {
  let state = seed >>> 0 || 1;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

/** A synthetic photo: smooth colour areas, with grain if asked. */
export async function samplePhoto(width: number, height: number, { seed = 7, grain = false } = {}): Promise<Sharp> {
  const colours = await sharp(pseudoRandom(12 * 8 * 3, seed), { raw: { width: 12, height: 8, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  if (grain) {
    const noise = await sharp({
      create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 6 }, background: '#000' },
    })
      .raw()
      .toBuffer();
    for (let i = 0; i < colours.length; i += 1) colours[i] = Math.min(255, Math.max(0, colours[i]! + noise[i]! - 128));
  }
  return sharp(colours, { raw: { width, height, channels: 3 } });
}

/** Writes a sample original for every photo key into `dir` (emptied first). Returns the files. */
export async function writeSamplePhotos(dir: string, { grain = false } = {}): Promise<string[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const [index, [key, { width, height, ext }]] of Object.entries(samplePhotoFiles).entries()) {
    const image = await samplePhoto(width, height, { seed: index + 1, grain });
    const file = join(dir, `${key}.${ext}`);
    const encoded =
      ext === 'png' ? image.png() : ext === 'webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 });
    await encoded.toFile(file);
    files.push(file);
  }
  return files;
}

if (isMain(__filename)) {
  runCommand(async () => {
    const flags = parseFlags({ dir: 'string', grain: 'boolean' });
    if (!flags.dir) throw new Error('Indiquez le dossier : --dir build/photos');
    const files = await writeSamplePhotos(resolve(flags.dir), { grain: flags.grain });
    console.error(`${files.length} sample photos in ${flags.dir}`);
  });
}
