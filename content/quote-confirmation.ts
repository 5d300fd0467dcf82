import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';

/**
 * The success screen's text when the receiver does not say it sent a confirmation e-mail (its answer's
 * `confirmation` is false or missing): the promise of the reply, without the promise of the e-mail. A
 * stand-in until the legal wording of the success variants lands in content/quote.ts.
 */
export const quoteSuccessWithoutConfirmation = typeset(`Merci ! Notre équipe vous répondra ${responsePromise.delay}.`);
