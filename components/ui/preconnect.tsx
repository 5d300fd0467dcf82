import { preconnect } from 'react-dom';
import { PHOTO_CDN } from '@/lib/photo';

/**
 * Opens the connection to the image CDN (DNS, TCP, TLS) from the document head, before the browser
 * discovers the first photo: React hoists the `<link rel="preconnect">` into <head> and writes it once per
 * page however often this renders. No crossOrigin: photos are plain (no-cors) image requests, which a
 * CORS preconnect would not serve. Renders nothing itself.
 */
export function ImageCdnPreconnect() {
  preconnect(PHOTO_CDN);
  return null;
}
