import Image from 'next/image';
import type { Photo as PhotoData } from '@/content/types';
import { photoUrl } from '@/lib/photo';

type PhotoProps = {
  photo: PhotoData;
  /** The `sizes` attribute: how wide the image is drawn, per viewport. */
  sizes: string;
  className?: string;
  /** The page's largest paint (hero): preloaded with high priority instead of lazy. */
  priority?: boolean;
};

/** A stock photo from the CDN, with a responsive srcset built by lib/image-loader.ts. */
export function Photo({ photo, sizes, className, priority = false }: PhotoProps) {
  return (
    <Image
      src={photoUrl(photo.id)}
      alt={photo.alt}
      width={photo.width}
      height={photo.height}
      sizes={sizes}
      className={className}
      preload={priority}
    />
  );
}
