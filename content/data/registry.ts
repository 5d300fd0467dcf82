import type { Static } from '@sinclair/typebox';
import { Accueil, Coordonnees, MiseEnLigne, Services } from './schemas';

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

export type SiteDataId = (typeof siteDataPages)[number]['id'];

/** The data of each page, typed by its schema: `SiteData['coordonnees']`… */
export type SiteData = { [Page in (typeof siteDataPages)[number] as Page['id']]: Static<Page['schema']> };

/** The committed data (content/data/*.json), as the site is built from it. */
export { siteData } from './values';
