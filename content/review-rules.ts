/**
 * The rules of the clients' reviews, as numbers and lists: what the review page accepts, when the request is
 * sent, how long a link works, how long a review stays published and why the team may refuse one. The site
 * states them (« Nos avis clients »), the receiver applies them and the data's schema (content/data/schemas.ts)
 * checks the published reviews against them: each value is written here once.
 */
export const reviewRules = {
  /** The rating, in whole stars. */
  rating: { min: 1, max: 5 },
  /** The review's text, in characters. */
  text: { min: 20, max: 1000 },
  /** The name shown under the review (first name and initial by default). */
  name: { max: 40 },
  /** The company's public answer under a review. */
  answer: { max: 1000 },
  /** Days after the end of the works before the one request for a review is sent. */
  requestAfterDays: 1,
  /** Months during which the personal link lets the client write, change or delete the review. */
  linkValidMonths: 12,
  /** Days within which a review that meets the rules is published. */
  publishWithinDays: 7,
  /** Years a published review stays on the site, counted from its publication. */
  keepYears: 3,
  /** Why the team may refuse a review: the only reasons, each told to the reviewer by e-mail. */
  refusalReasons: [
    { id: 'insults', label: 'Propos injurieux, diffamatoires ou discriminatoires' },
    { id: 'third-party', label: 'Données personnelles d’une autre personne' },
    { id: 'unrelated', label: 'Sans rapport avec la prestation réalisée' },
    { id: 'conflict-of-interest', label: 'Conflit d’intérêts' },
    { id: 'advertising', label: 'Publicité ou promotion' },
  ],
} as const;

export type RefusalReasonId = (typeof reviewRules.refusalReasons)[number]['id'];
