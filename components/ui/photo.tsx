import type { Photo as PhotoData } from '@/content/types';
import unsplashLoader from '@/lib/image-loader';
import { photoUrl } from '@/lib/photo';
import { preparedPhoto, type PhotoCandidate } from '@/lib/photo-files';
import { photoLayouts, type PhotoLayout } from '@/lib/photo-layouts';
import { photoWidths, slotWidth } from '@/lib/photo-widths';
import { ImageCdnPreconnect } from './preconnect';

type PhotoProps = {
  photo: PhotoData;
  /** How the photo is drawn (lib/photo-layouts.ts): its `sizes`, its quality, the widths offered. */
  layout: PhotoLayout;
  className?: string;
  /**
   * The page's largest paint (hero): fetched eagerly with high priority instead of lazily. No
   * `<link rel="preload">` (neither ours nor the one React writes for an eager <img> outside <picture>):
   * the <img> is in the served HTML, where the preload scanner finds it as early, and a preload evaluates
   * the srcset a second time; when the two evaluations disagree (Chromium's emulated phone under load:
   * 750w preloaded, 3840w drawn) one download is wasted and the console warns that the preload went unused.
   */
  priority?: boolean;
};

const srcSet = (candidates: readonly PhotoCandidate[]) =>
  candidates.map(({ src, width }) => `${src} ${width}w`).join(', ');

/**
 * The `src` of a browser that ignores srcset (old desktop browsers): the copy a 1280 px wide screen needs,
 * not the widest one.
 */
function fallback(candidates: readonly PhotoCandidate[], sizes: string): PhotoCandidate {
  const needed = slotWidth(sizes, 1280);
  return candidates.find(({ width }) => width >= needed) ?? candidates.at(-1)!;
}

/**
 * A photo with a responsive srcset of the widths its layout needs (lib/photo-widths.ts), as a plain <img>
 * rendered on the server: no client JavaScript.
 * - The company's own photo (an original in content/photos/, prepared by scripts/photos.ts): AVIF first,
 *   WebP for the other browsers, served by the site itself, with the original's width and height.
 * - Otherwise the stock photo from the CDN (lib/image-loader.ts picks AVIF or WebP), with a preconnect.
 */
export function Photo({ photo, layout, className, priority = false }: PhotoProps) {
  if (!photo.uses.includes(layout))
    throw new Error(`content/images.ts: photo « ${photo.key} » is drawn as « ${layout} », missing from its uses`);
  const { sizes, quality } = photoLayouts[layout];
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const decoding = priority ? undefined : 'async';
  const copies = photo.original ? ownCopies(photo.key, photo.original, layout) : cdnCopies(photo, sizes, quality.webp);
  return (
    <>
      {photo.original ? null : <ImageCdnPreconnect />}
      {/* Always in a <picture>, where React writes no preload of its own for an eager image (see `priority`). */}
      <picture>
        {copies.avif ? <source type="image/avif" srcSet={srcSet(copies.avif)} sizes={sizes} /> : null}
        <img
          src={fallback(copies.img, sizes).src}
          srcSet={srcSet(copies.img)}
          sizes={sizes}
          alt={photo.alt}
          width={copies.width}
          height={copies.height}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding={decoding}
          className={className}
        />
      </picture>
    </>
  );
}

type Copies = { avif?: readonly PhotoCandidate[]; img: readonly PhotoCandidate[]; width: number; height: number };

/** The company's own photo: AVIF first, WebP for the <img>, with the original's width and height. */
function ownCopies(key: string, original: string, layout: PhotoLayout): Copies {
  const prepared = preparedPhoto(key, original);
  const copies = prepared.layouts[layout];
  if (!copies) throw new Error(`Photo « ${key} » : pas de copies pour « ${layout} », relancez npm run build`);
  return { avif: copies.avif, img: copies.webp, width: prepared.width, height: prepared.height };
}

/** The stock photo: the CDN resizes from an original wider than any screen needs, so no width is capped. */
function cdnCopies(photo: PhotoData, sizes: string, quality: number): Copies {
  const img = photoWidths(sizes, { originalWidth: Infinity }).map((width) => ({
    width,
    src: unsplashLoader({ src: photoUrl(photo.id), width, quality }),
  }));
  return { img, width: photo.width, height: photo.height };
}
