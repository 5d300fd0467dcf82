import type { ImageLoaderProps } from 'next/image';

/**
 * next/image loader for the Unsplash CDN: with `output: 'export'` there is no image server, so the CDN
 * resizes (w), crops and picks AVIF/WebP (auto=format). `src` is the photo URL without query.
 */
export default function unsplashLoader({ src, width, quality }: ImageLoaderProps): string {
  const url = new URL(src);
  url.searchParams.set('auto', 'format');
  url.searchParams.set('fit', 'crop');
  url.searchParams.set('w', String(width));
  url.searchParams.set('q', String(quality ?? 70));
  return url.toString();
}
