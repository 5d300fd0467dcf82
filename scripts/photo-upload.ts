// Prepares a photo a manager sent from « Photos » in the inbox (receiver/src/publish/photo.ts runs it in the
// server's checkout, which has the site's full install: the receiver's own install has no image library).
// Decodes the file whatever its name or announced type says, turns it upright (EXIF orientation), and
// re-encodes it as a JPEG without any metadata: no EXIF, no GPS position, no camera, no date, no XMP or
// IPTC. Writes it to PHOTO_OUTPUT, a small copy for the inbox to PHOTO_THUMBNAIL, and prints the photo's
// upright size as JSON ({"width":…,"height":…}). A file that is not an image it can decode exits with
// NOT_AN_IMAGE. docs/photos.md says where it stands in a publication.
import { readFileSync, writeFileSync } from 'node:fs';
import sharp, { type OutputInfo } from 'sharp';
import { isMain } from './cli';

/** The exit code when the file is not an image. */
export const NOT_AN_IMAGE = 3;

/** The JPEG quality of the original kept in content/photos/: high, the site's copies are made from it. */
const ORIGINAL_QUALITY = 90;
/** The width of the inbox's small copy. */
const THUMBNAIL_WIDTH = 320;

export type CleanedPhoto = { width: number; height: number; jpeg: Buffer; thumbnail: Buffer };

/**
 * The photo re-encoded without metadata (sharp keeps none unless asked with withMetadata), upright; or
 * null when `input` does not decode as an image (a text file named .jpg, a truncated photo).
 */
export async function cleanPhoto(input: Buffer): Promise<CleanedPhoto | null> {
  let jpeg: Buffer;
  let info: OutputInfo;
  try {
    ({ data: jpeg, info } = await sharp(input, { failOn: 'error' })
      .rotate()
      .jpeg({ quality: ORIGINAL_QUALITY })
      .toBuffer({ resolveWithObject: true }));
  } catch {
    return null;
  }
  const thumbnail = await sharp(jpeg).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg().toBuffer();
  return { width: info.width, height: info.height, jpeg, thumbnail };
}

if (isMain(__filename)) {
  const { PHOTO_INPUT: input, PHOTO_OUTPUT: output, PHOTO_THUMBNAIL: thumbnailFile } = process.env;
  if (!input || !output || !thumbnailFile) {
    console.error('PHOTO_INPUT, PHOTO_OUTPUT et PHOTO_THUMBNAIL sont obligatoires.');
    process.exit(2);
  }
  void (async () => {
    const cleaned = await cleanPhoto(readFileSync(input));
    if (!cleaned) process.exit(NOT_AN_IMAGE);
    writeFileSync(output, cleaned.jpeg);
    writeFileSync(thumbnailFile, cleaned.thumbnail);
    process.stdout.write(`${JSON.stringify({ width: cleaned.width, height: cleaned.height })}\n`);
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
