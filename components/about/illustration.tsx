import type { Photo as PhotoData } from '@/content/types';
import { about } from '@/content/about';
import { Photo } from '@/components/ui/photo';

type IllustrationProps = { photo: PhotoData };

/** A stock photo beside a section of the about page, captioned « Photo d'illustration » (it shows no real staff). */
export function Illustration({ photo }: IllustrationProps) {
  return (
    <figure>
      <Photo photo={photo} layout="half" className="aspect-[3/2] w-full rounded-card object-cover" />
      <figcaption className="mt-2 text-sm text-ink-muted">{about.photoCaption}</figcaption>
    </figure>
  );
}
