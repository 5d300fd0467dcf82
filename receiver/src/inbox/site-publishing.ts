import {
  latestPublications,
  liveRelease,
  PublishError,
  rollback,
  startPreview,
  startPublication,
  type PublishDeps,
} from '../publish/engine';
import { liveAlts, liveOriginal, liveThumbnail, prepareUpload } from '../publish/photo';
import { previousRelease } from '../publish/releases';
import { runningPublication } from '../store/publications';
import { publishedSiteData } from '../store/site-data';
import type { Publication } from '../store/publications';
import { photoUploadMessages } from '../facts';
import { href } from './paths';
import type { SitePublishing } from './site-routes';
import type { PublicationView } from './ui/site-pages';

/**
 * « Le site »'s view of the publication engine (publish/): the inbox's routes (site-routes.ts) ask it for the
 * live data, the publications and their stages, and start a publication, a preview or a return. With the
 * engine off (SITE_SOURCE_DIR and SITE_RELEASES_DIR unset), the pages still show the data this receiver was
 * built with, and say why nothing can be published.
 */

/** How many publications the page lists. */
const LISTED = 8;

export const PUBLISHING_OFF =
  'La publication n’est pas activée sur ce serveur (réglages SITE_SOURCE_DIR et SITE_RELEASES_DIR) : vous pouvez préparer vos modifications, mais pas encore les mettre en ligne.';

const STAGE_LABELS: Record<Publication['stage'], string> = {
  ecriture: 'Écriture…',
  construction: 'Construction…',
  verification: 'Vérification…',
  'en-ligne': 'En ligne',
  pret: 'Aperçu prêt',
  echec: 'Échec',
};

/** A publication as the page lists it; one that went online but was replaced since reads « Remplacée ». */
export function publicationView(publication: Publication, live: string | undefined): PublicationView {
  const replaced = publication.stage === 'en-ligne' && publication.release !== live;
  return {
    id: publication.id,
    kind: publication.kind,
    stageLabel: replaced ? 'Remplacée' : STAGE_LABELS[publication.stage],
    error: publication.error ?? publication.deployError,
    startedAt: publication.startedAt,
    author: publication.author.name,
    previewHref:
      publication.kind === 'apercu' && publication.stage === 'pret' ? href.sitePreviewPage(publication.id) : undefined,
  };
}

export function sitePublishing(deps: PublishDeps | undefined): SitePublishing {
  if (!deps) {
    const refused = () => Promise.reject(new PublishError(PUBLISHING_OFF));
    return {
      unavailable: PUBLISHING_OFF,
      live: () => publishedSiteData(undefined),
      publish: refused,
      preview: refused,
      rollback: refused,
      publications: async () => [],
      running: async () => false,
      canRollBack: async () => false,
      photos: {
        unavailable: photoUploadMessages.unavailable,
        prepare: refused,
        liveAlts: () => liveAlts(undefined),
        liveOriginal: async () => null,
        liveThumbnail: async () => undefined,
      },
    };
  }
  return {
    // The checkout's files: what the last publication (or return) committed, or a developer merged.
    live: () => publishedSiteData(deps.site.sourceDir),
    publish: async (input) => ({ id: (await startPublication(deps, input)).id }),
    preview: async (input) => ({ id: (await startPreview(deps, input)).id }),
    rollback: async (author) => {
      const started = await rollback(deps, { author });
      // A switch is done in an instant; a return rebuilt (a CGV version to keep online) takes a build's time.
      const rebuilding = await started.rebuilding;
      if (!rebuilding) await started.done;
      return { rebuilding, done: started.done.then((publication) => publication.stage === 'en-ligne') };
    },
    publications: async () => {
      const [rows, live] = await Promise.all([latestPublications(deps.db, LISTED), liveRelease(deps)]);
      return rows.map((row) => publicationView(row, live));
    },
    running: async () => (await runningPublication(deps.db)) !== undefined,
    canRollBack: async () => (await previousRelease(deps.site.releasesDir)) !== undefined,
    photos: {
      prepare: (bytes) => prepareUpload(deps.site, bytes),
      liveAlts: () => liveAlts(deps.site.sourceDir),
      liveOriginal: (key) => liveOriginal(deps.site.sourceDir, key),
      liveThumbnail: (key) => liveThumbnail(deps.site.releasesDir, key),
    },
  };
}
