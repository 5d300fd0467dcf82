/**
 * The ways the site draws a photo. Each use of a photo names one (components/ui/photo.tsx) and each photo
 * lists those of its uses (`uses` in content/images.ts), so the build makes the copies they need and no
 * others (scripts/photos.ts, lib/photo-widths.ts).
 *
 * `sizes` follows the page layout (tailwind.config.ts): the content column is at most 72rem (1152 px)
 * with 32 px of padding on each side from `lg`, 16 px on phones. `quality` is the compression quality,
 * 0 to 100: `webp` also for the stock-photo CDN (which picks AVIF or WebP itself), `avif` for the AVIF
 * copies of the company's photos (AVIF looks as good at a lower figure).
 */
export const photoLayouts = {
  /**
   * The home page's hero: the whole width of the screen, drawn at 30 % opacity under the text, where
   * compression artefacts do not show, so lighter than the others (it is the page's largest paint).
   */
  hero: { sizes: '100vw', quality: { webp: 35, avif: 35 } },
  /** A card of a three-column grid from `md` (the home page's services), full width below. */
  card: {
    sizes: '(min-width: 1152px) 342px, (min-width: 768px) 33vw, calc(100vw - 32px)',
    quality: { webp: 70, avif: 50 },
  },
  /** Half of the content column from `lg` (the services page, the about page), full width below. */
  half: {
    sizes: '(min-width: 1152px) 524px, (min-width: 1024px) 50vw, calc(100vw - 32px)',
    quality: { webp: 70, avif: 50 },
  },
} as const satisfies Record<string, { sizes: string; quality: { webp: number; avif: number } }>;

export type PhotoLayout = keyof typeof photoLayouts;
