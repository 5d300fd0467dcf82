import { getImageProps } from 'next/image';
import type { Photo as PhotoData } from '@/content/types';
import { ImageCdnPreconnect } from './preconnect';
import { photoUrl } from '@/lib/photo';

type PhotoProps = {
  photo: PhotoData;
  /** The `sizes` attribute: how wide the image is drawn, per viewport. */
  sizes: string;
  className?: string;
  /**
   * The page's largest paint (hero): fetched eagerly with high priority instead of lazily. No
   * `<link rel="preload">` (neither ours nor the one React writes for an eager <img>): the <img> is in the
   * served HTML, where the preload scanner finds it as early, and a preload evaluates the srcset a second
   * time; when the two evaluations disagree (Chromium's emulated phone under load: 750w preloaded, 3840w
   * drawn, with the benchmark's CDN stand-in as with the tests' interception) one download is wasted and
   * the console warns that the preload went unused.
   */
  priority?: boolean;
  /** CDN compression quality, one of `images.qualities` in next.config.mjs (default: the loader's 70). */
  quality?: number;
};

/**
 * A stock photo from the CDN with a responsive srcset built by lib/image-loader.ts. Rendered as a plain
 * <img> on the server (getImageProps), so it costs no client JavaScript, unlike the <Image> component.
 */
export function Photo({ photo, sizes, className, priority = false, quality }: PhotoProps) {
  const { props } = getImageProps({
    src: photoUrl(photo.id),
    alt: photo.alt,
    width: photo.width,
    height: photo.height,
    sizes,
    className,
    quality,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
  });
  return (
    <>
      <ImageCdnPreconnect />
      {/* In a <picture>, where React writes no preload of its own for an eager image (see `priority`). */}
      <picture>
        {/* eslint-disable-next-line jsx-a11y/alt-text -- next/image's props, alt included */}
        <img {...props} />
      </picture>
    </>
  );
}
