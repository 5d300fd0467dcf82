import { typeset } from '@/lib/typography';
import { site } from './site';

/**
 * The response promise, in one wording everywhere (home, services, about, contact, quote page, success
 * screen, CGV): we call back within one working day after a complete request, and say then when the quote
 * follows. `site.quote.responseHours` counts it in hours of working days: 24 hours make one working day
 * (« 24 h ouvrées » would read as three days of eight working hours, so the site never writes it).
 */
export const responseWorkingDays = site.quote.responseHours / 24;

const inDays = responseWorkingDays === 1 ? 'un jour ouvré' : `${responseWorkingDays} jours ouvrés`;

export const responsePromise = typeset({
  /** "sous un jour ouvré" */
  delay: `sous ${inDays}`,
  /** "rappel sous un jour ouvré", in a sentence. */
  text: `rappel sous ${inDays}`,
  /** "Rappel sous un jour ouvré", as a title. */
  title: `Rappel sous ${inDays}`,
  /** The whole promise, as a sentence. */
  sentence: `Nous vous rappelons sous ${inDays} après réception de votre demande complète, et vous indiquons alors quand suivra votre devis.`,
});
