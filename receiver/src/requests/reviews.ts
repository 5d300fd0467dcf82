import { addDays, addMonths, forbiddenCharacter, reviewRules, withoutInvisible } from '../facts';

/**
 * The rules of a client's review (docs/avis.md), no input or output: when the one request is due, how long
 * its link works, the name shown by default, and what the review page accepts. The numbers are
 * content/review-rules.ts's.
 */

/**
 * A request not sent within this many days after it fell due (a receiver stopped that long, or the works
 * recorded long after the day they ended) is not sent at all: a thank-you weeks late reads as a mistake.
 */
export const REVIEW_REQUEST_LATEST_DAYS = 14;

/** The Paris day the request falls due: requestAfterDays after the end of the works. */
export function reviewRequestDay(workCompletedDay: string): string {
  return addDays(workCompletedDay, reviewRules.requestAfterDays);
}

/** Whether the request of works ended on `workCompletedDay` is due on the Paris day `today`. */
export function reviewRequestDue(workCompletedDay: string, today: string): boolean {
  const due = reviewRequestDay(workCompletedDay);
  return due <= today && today <= addDays(due, REVIEW_REQUEST_LATEST_DAYS);
}

/** The last Paris day the link works: linkValidMonths after the end of the works. */
export function reviewLinkLastDay(workCompletedDay: string): string {
  return addMonths(workCompletedDay, reviewRules.linkValidMonths);
}

/** « Camille D. »: the first word of the devis's client's name and the initial of the last one. */
export function defaultReviewName(clientName: string): string {
  const words = withoutInvisible(clientName).trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words.at(-1) : undefined;
  const initial = last ? ` ${[...last][0]?.toUpperCase()}.` : '';
  return `${first}${initial}`.slice(0, reviewRules.name.max);
}

/** What the client typed on the review page, as read (line ends already LF). */
export type ReviewInput = { rating: string; text: string; name: string; consent: boolean };

export type ReviewField = 'rating' | 'text' | 'name' | 'consent';

export type CheckedReview =
  | { ok: true; review: { rating: number; text: string; name: string } }
  | { ok: false; errors: Partial<Record<ReviewField, 'missing' | 'length' | 'characters'>> };

/**
 * The review page's rules: a whole rating within the rules, a text of text.min to text.max characters (after
 * trimming; line breaks kept, no control or invisible character), a name of one line up to name.max, and the
 * box agreeing to publication ticked. The client's words are stored as typed, never edited.
 */
export function checkReview(input: ReviewInput): CheckedReview {
  const errors: Extract<CheckedReview, { ok: false }>['errors'] = {};
  const rating = /^\d$/.test(input.rating) ? Number(input.rating) : NaN;
  if (!(rating >= reviewRules.rating.min && rating <= reviewRules.rating.max)) errors.rating = 'missing';
  const text = input.text.trim();
  // Lengths in UTF-16 units, as the browser's maxlength and the published file's schema count them (an emoji
  // counts two): a review accepted here always passes the build's check of content/data/avis.json.
  const length = text.length;
  if (forbiddenCharacter(text, 'several')) errors.text = 'characters';
  else if (length < reviewRules.text.min || length > reviewRules.text.max) errors.text = 'length';
  const typedName = input.name.trim();
  const name = typedName.replace(/\s+/g, ' ');
  if (forbiddenCharacter(typedName, 'one')) errors.name = 'characters';
  else if (name === '' || name.length > reviewRules.name.max) errors.name = 'length';
  if (!input.consent) errors.consent = 'missing';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, review: { rating, text, name } };
}
