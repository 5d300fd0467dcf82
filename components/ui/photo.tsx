import { getImageProps } from 'next/image';
import { preload } from 'react-dom';
import type { Photo as PhotoData } from '@/content/types';
import { ImageCdnPreconnect } from '@/components/layout/preconnect';
import { photoUrl } from '@/lib/photo';

type PhotoProps = {
  photo: PhotoData;
  /** The `sizes` attribute: how wide the image is drawn, per viewport. */
  sizes: string;
  className?: string;
  /** The page's largest paint (hero): preloaded with high priority instead of lazy. */
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
  if (priority) {
    preload(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: 'high' });
  }
  return (
    <>
      <ImageCdnPreconnect />
      {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's props, alt included */}
      <img {...props} />
    </>
  );
}
