import { typeset } from '@/lib/typography';
import { pendingPlaceholders } from './placeholders';

/**
 * A demonstration build: content/ still holds sample values (content/placeholders.ts). The go-live check
 * (deploy/render.ts) deploys such a build only with --demo, so every demo deployment is one, and says so
 * on the success screen of the quote form and under the reviews.
 */
export const demoBuild = pendingPlaceholders.length > 0;

export { sampleReviews } from './home';

export const demoNotice = typeset({
  /** After the success text of the quote form. */
  success:
    'Ce site est une démonstration : il contient encore des informations d’exemple, et votre demande ne sera pas traitée.',
  /** Under the reviews, while they are examples. */
  reviews: 'Site de démonstration : ces avis sont des exemples, pas des avis de vrais clients.',
});

/**
 * A demonstration devis: sent while the insurer or the mediator of content/site.ts is still a sample value
 * (content/placeholders.ts). « Envoyer » still works, so that the team can try the whole flow, but the devis
 * says on its page, its PDF and its mails that it is no offer. The receiver decides it at sending and keeps
 * the choice with the version.
 */
export const demoDevis = typeset({
  /** The stamp: at the top of the page and the PDF, before the subject of the mails. */
  stamp: 'Devis de démonstration',
  /** After the stamp and a full stop, at the top of the page, the PDF and the mails. */
  notice:
    'Ce devis est un exemple, établi avec des informations provisoires : ce n’est pas une offre, et l’accepter ne forme aucun contrat ni ne vous engage à rien.',
});
