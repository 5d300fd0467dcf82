/** The stock-photo CDN, which serves every photo the company has not replaced with its own (docs/photos.md). */
export const PHOTO_CDN = 'https://images.unsplash.com';

/** The address of a stock photo on the CDN, without the query that picks its size (lib/image-loader.ts). */
export function photoUrl(id: string): string {
  return `${PHOTO_CDN}/photo-${id}`;
}

/** Where the site serves the copies of the company's own photos (generated into public/photos/). */
export const OWN_PHOTOS_PATH = '/photos/';

/** The file types an original may have, by extension. */
export const ORIGINAL_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
