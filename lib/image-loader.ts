/**
 * The URL of a stock photo on the Unsplash CDN at one width: the CDN resizes (w), crops and picks AVIF or
 * WebP for the browser (auto=format), so a static export gets real srcsets without an image server.
 * `src` is the photo URL without query (lib/photo.ts). Called by components/ui/photo.tsx.
 */
export default function unsplashLoader({
  src,
  width,
  quality,
}: {
  src: string;
  width: number;
  quality?: number;
}): string {
  const url = new URL(src);
  url.searchParams.set('auto', 'format');
  url.searchParams.set('fit', 'crop');
  url.searchParams.set('w', String(width));
  url.searchParams.set('q', String(quality ?? 70));
  return url.toString();
}
