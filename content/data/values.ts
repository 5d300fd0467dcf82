import accueil from './accueil.json';
import avis from './avis.json';
import coordonnees from './coordonnees.json';
import miseEnLigne from './mise-en-ligne.json';
import photos from './photos.json';
import services from './services.json';
import type { SiteData } from './registry';
import type { AvisData, PhotosData } from './schemas';

export type { SiteData };

/**
 * The committed data of content/data/, typed by its schemas. The build refuses a file its schema refuses
 * (scripts/check-data.ts) and unit/data.test.ts checks each one, so the types hold. Only types are imported
 * from the registry: the site's modules read this file, and TypeBox never reaches the browser.
 * content/data/registry.ts names the same values with their schemas.
 */
export const siteData: SiteData = {
  coordonnees: coordonnees as SiteData['coordonnees'],
  services: services as SiteData['services'],
  accueil: accueil as SiteData['accueil'],
  'mise-en-ligne': miseEnLigne as SiteData['mise-en-ligne'],
};

/** The reviews the team published (content/data/avis.json, written by the receiver). */
export const reviewsData: AvisData = avis as AvisData;

/** The photos' alternative texts, by photo key (content/data/photos.json, written by « Photos » in the inbox). */
export const photosData: PhotosData = photos as PhotosData;
