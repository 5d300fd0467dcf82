import { PHOTO_CDN } from '@/lib/photo';
import { withoutProtocol } from '@/lib/format';
import type { Photo } from './types';

/**
 * Stock photos (Unsplash ids), with French alt texts and intrinsic sizes. They are stock photos, not
 * pictures of the company: alt texts describe what they show, never "our team" or "our offices".
 */
export const photos = {
  hero: {
    id: '1581092918056-0c4c3acd3789',
    alt: 'Technicien en intervention de maintenance sur un équipement',
    width: 1600,
    height: 1067,
  },
  maintenance: {
    id: '1581244277943-fe4a9c777189',
    alt: 'Outils de réparation posés sur un établi',
    width: 1200,
    height: 800,
  },
  installation: {
    id: '1621905252507-b35492cc74b4',
    alt: 'Installation d’un tableau électrique et de son câblage',
    width: 1200,
    height: 800,
  },
  conseil: {
    id: '1600880292203-757bb62b4baf',
    alt: 'Consultant présentant un projet à un client dans un bureau',
    width: 1200,
    height: 800,
  },
  team: {
    id: '1522071820081-009f0129c71c',
    alt: 'Personnes travaillant ensemble autour d’ordinateurs portables',
    width: 1200,
    height: 800,
  },
  office: { id: '1497366216548-37526070297c', alt: 'Bureaux modernes et lumineux', width: 1200, height: 800 },
  riviera: {
    id: '1491166617655-0723a0999cfc',
    alt: 'La Promenade des Anglais à Nice, sur la Côte d’Azur',
    width: 1200,
    height: 800,
  },
  handshake: {
    id: '1521791136064-7986c2920216',
    alt: 'Deux personnes se serrant la main',
    width: 1200,
    height: 800,
  },
} as const satisfies Record<string, Photo>;

/**
 * Who serves the photos, named in the privacy policy: every visitor's browser asks this host for them. Set
 * to `null` once the photos are served by the site itself (docs/photos.md): the policy then drops it.
 */
export const photoHost: {
  provider: string;
  company: string;
  country: string;
  host: string;
  privacyUrl: string;
} | null = {
  provider: 'Unsplash',
  company: 'Unsplash Inc.',
  country: 'Canada',
  host: withoutProtocol(PHOTO_CDN),
  privacyUrl: 'https://unsplash.com/fr/vie-priv%C3%A9e',
};
