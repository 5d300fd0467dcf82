import { PHOTO_CDN } from '@/lib/photo';
import { findOriginal, originalsDir } from '@/lib/photo-files';
import { withoutProtocol } from '@/lib/format';
import { photosData } from './data/values';
import type { Photo, PhotoEntry } from './types';

/**
 * The site's photos, each with its French alt text and the ways the site draws it (`uses`).
 *
 * The company's own photo of a key is the original dropped into content/photos/ under that key's name
 * (content/photos/hero.jpg; PHOTOS_DIR names another folder), which the build converts (docs/photos.md).
 * A key without an original shows its stock photo (Unsplash id `id`), from the CDN. Stock photos are not
 * pictures of the company: their alt texts describe what they show, never "our team" or "our offices".
 * The alt text of each photo the site shows is data (content/data/photos.json, its schema `Photos`): « Photos »
 * in the inbox replaces a photo and its text together; the photos no page shows keep theirs here.
 */
const entries = {
  hero: {
    id: '1581092918056-0c4c3acd3789',
    alt: photosData.hero.alt,
    width: 1600,
    height: 1067,
    uses: ['hero'],
  },
  maintenance: {
    id: '1581244277943-fe4a9c777189',
    alt: photosData.maintenance.alt,
    width: 1200,
    height: 800,
    uses: ['card', 'half'],
  },
  installation: {
    id: '1621905252507-b35492cc74b4',
    alt: photosData.installation.alt,
    width: 1200,
    height: 800,
    uses: ['card', 'half'],
  },
  conseil: {
    id: '1600880292203-757bb62b4baf',
    alt: photosData.conseil.alt,
    width: 1200,
    height: 800,
    uses: ['card', 'half'],
  },
  team: {
    id: '1522071820081-009f0129c71c',
    alt: photosData.team.alt,
    width: 1200,
    height: 800,
    uses: ['half'],
  },
  office: {
    id: '1497366216548-37526070297c',
    alt: photosData.office.alt,
    width: 1200,
    height: 800,
    uses: ['half'],
  },
  riviera: {
    id: '1491166617655-0723a0999cfc',
    alt: 'La Promenade des Anglais à Nice, sur la Côte d’Azur',
    width: 1200,
    height: 800,
    uses: [],
  },
  handshake: {
    id: '1521791136064-7986c2920216',
    alt: 'Deux personnes se serrant la main',
    width: 1200,
    height: 800,
    uses: [],
  },
} as const satisfies Record<string, PhotoEntry>;

const originals = originalsDir();

/** Every photo, with its key and its original (the company's own photo), if the folder holds one. */
export const photos = Object.fromEntries(
  Object.entries(entries).map(([key, entry]) => [key, { ...entry, key, original: findOriginal(originals, key) }]),
) as { [K in keyof typeof entries]: (typeof entries)[K] & Photo };

/** The stock-photo CDN's operator, named in the privacy policy while it serves one of the site's photos. */
export const stockPhotoHost = {
  provider: 'Unsplash',
  company: 'Unsplash Inc.',
  country: 'Canada',
  host: withoutProtocol(PHOTO_CDN),
  privacyUrl: 'https://unsplash.com/fr/vie-priv%C3%A9e',
};

/**
 * Who serves the photos, named in the privacy policy: every visitor's browser asks this host for them.
 * The stock-photo CDN while one photo the site shows has no original; null once every one is the company's
 * own, served by the site itself: the policy then names no photo host and no transfer.
 */
export const photoHost: typeof stockPhotoHost | null = Object.values(photos).some(
  (photo) => photo.uses.length > 0 && !photo.original,
)
  ? stockPhotoHost
  : null;
