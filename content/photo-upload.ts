import { typeset } from '@/lib/typography';
import type { PhotoLayout } from '@/lib/photo-layouts';
import { photosDataFile } from './data/registry';
import { photos } from './images';

/**
 * « Photos » in the inbox (docs/modifier-le-site.md): a manager replaces the photo of a place of the site
 * from the phone's camera or gallery. What the receiver accepts and the French sentences of its refusals,
 * written with plain spaces (typeset() adds the French ones).
 */

/** The largest file accepted: 15 Mo (15 × 1024 × 1024 bytes), a phone's photo at full size. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_LABEL = '15 Mo';

/**
 * The narrowest photo each way of drawing it accepts, in pixels: the width the site's largest copy of it
 * needs (lib/photo-widths.ts makes copies up to it, never wider than the original), so a small photo would
 * show blurred. The hero spans a computer's screen; a card or half a column, at most 1 048 px at 2x.
 */
export const PHOTO_MIN_WIDTHS: Record<PhotoLayout, number> = { hero: 1600, card: 800, half: 800 };

/** The narrowest photo a place accepts: the largest of its uses' minimums. */
export function photoMinWidth(uses: readonly PhotoLayout[]): number {
  return Math.max(0, ...uses.map((use) => PHOTO_MIN_WIDTHS[use]));
}

const again = 'Choisissez-la de nouveau.';

export const photoUploadMessages = typeset({
  noFile: 'Choisissez une photo : prenez-la avec l’appareil photo ou choisissez-la dans la galerie.',
  notAnImage:
    'Ce fichier n’est pas une photo que le site sait lire : choisissez une photo JPEG, PNG ou WebP (celles de l’appareil photo d’un téléphone le sont).',
  tooLarge: `Cette photo dépasse ${PHOTO_MAX_LABEL} : choisissez-en une plus légère, ou réduisez-la avant de l’envoyer.`,
  tooSmall: (width: number, height: number, minWidth: number) =>
    typeset(
      `Cette photo est trop petite pour cet emplacement (${width} × ${height} pixels) : il lui faut au moins ${minWidth} pixels de large, sinon elle s’afficherait floue.`,
    ),
  altMissing: `Saisissez le texte de remplacement : ce que montre la photo, en une phrase. La photo n’a pas été gardée : ${again.charAt(0).toLowerCase()}${again.slice(1)}`,
  photoNotKept: `La photo n’a pas été gardée. ${again}`,
  saved: 'Photo enregistrée. Elle sera en ligne à la prochaine publication.',
  unavailable:
    'Les photos se remplacent sur le serveur du site : la publication n’y est pas encore activée (réglages SITE_SOURCE_DIR et SITE_RELEASES_DIR).',
  failed:
    'La photo n’a pas pu être préparée sur le serveur : réessayez, et si cela se répète, prévenez la personne qui administre le serveur.',
});

/**
 * The places of the site that show a photo, in the order of « Photos »: each photo key of
 * content/data/photos.json (its schema titles the place), how the site draws it and the narrowest photo
 * it accepts.
 */
export const photoPlaces = Object.entries(photosDataFile.schema.properties).map(([key, schema]) => {
  const uses = photos[key as keyof typeof photos].uses;
  return { key, title: schema.title as string, uses, minWidth: photoMinWidth(uses) };
});
