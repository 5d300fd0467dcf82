import { typeset } from '@/lib/typography';
import { site } from './site';

/**
 * The response promise, in one wording everywhere (home, services, about, contact, quote page, success
 * screen, CGV): built from `site.quote.responseHours`.
 */
export const responsePromise = typeset({
  /** "sous 24 h ouvrées" */
  delay: `sous ${site.quote.responseHours} h ouvrées`,
  /** "réponse sous 24 h ouvrées", in a sentence. */
  text: `réponse sous ${site.quote.responseHours} h ouvrées`,
  /** "Réponse sous 24 h ouvrées", as a title. */
  title: `Réponse sous ${site.quote.responseHours} h ouvrées`,
});
