import type { Static } from '@sinclair/typebox';
import { Accueil, Avis, Coordonnees, MiseEnLigne, Photos, Services } from './schemas';

/**
 * The pages of « Le site » in the inbox, one per data file: its id, its title, its file (from the
 * repository's root) and its schema. The inbox's forms, the publication and the build read this list.
 */
export const siteDataPages = [
  { id: 'coordonnees', title: 'Coordonnées', file: 'content/data/coordonnees.json', schema: Coordonnees },
  { id: 'services', title: 'Services et prix', file: 'content/data/services.json', schema: Services },
  { id: 'accueil', title: 'Accueil et À propos', file: 'content/data/accueil.json', schema: Accueil },
  {
    id: 'mise-en-ligne',
    title: 'Avant la mise en ligne',
    file: 'content/data/mise-en-ligne.json',
    schema: MiseEnLigne,
  },
] as const;

/**
 * The reviews the team published: written by the receiver from its store at each publication (« Avis » in
 * the inbox), never through a form of « Le site ».
 */
export const reviewsDataFile = {
  id: 'avis',
  title: 'Avis clients',
  file: 'content/data/avis.json',
  schema: Avis,
} as const;

/**
 * The photos' alternative texts, by photo key: written by « Photos » in the inbox (one form a photo, its
 * file and its text together), never through the form of a page of « Le site ».
 */
export const photosDataFile = {
  id: 'photos',
  title: 'Photos',
  file: 'content/data/photos.json',
  schema: Photos,
} as const;

/** Every data file of content/data/: what the build checks. */
export const siteDataFiles = [...siteDataPages, reviewsDataFile, photosDataFile] as const;

export type SiteDataId = (typeof siteDataPages)[number]['id'];

/** The data of each page, typed by its schema: `SiteData['coordonnees']`… */
export type SiteData = { [Page in (typeof siteDataPages)[number] as Page['id']]: Static<Page['schema']> };

/** The committed data (content/data/*.json), as the site is built from it. */
export { photosData, reviewsData, siteData } from './values';
