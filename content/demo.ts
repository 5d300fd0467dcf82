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
