import { days, fillTemplate, lowerFirst, months, years } from '@/lib/format';
import { averageRating, formatRating, latestReviews, newestFirst } from '@/lib/reviews';
import { typeset } from '@/lib/typography';
import { reviewsData } from './data/values';
import type { AvisData, PublishedReviewData } from './data/schemas';
import { reviewRules } from './review-rules';
import { site } from './site';

/**
 * The clients' reviews on the site (docs/contenu.md, « Les avis clients »): those the team published
 * (content/data/avis.json, written by the receiver), the rules they are published by, stated from the numbers
 * of content/review-rules.ts, and the sentences of « Nos avis clients » and of the home page's reviews.
 */

export type PublishedReview = PublishedReviewData;

/**
 * A test build's reviews (scripts/test-builds.sh), as the JSON of an avis.json in SAMPLE_REVIEWS, in place of
 * the company's: the browser tests need reviews in a build while the company's file holds none (or real
 * ones). unit/reviews.test.ts checks the fixture against the file's schema. Never set for the site that goes
 * online.
 */
function sampleReviewsFile(json: string | undefined): AvisData | null {
  if (!json) return null;
  const file: unknown = JSON.parse(json);
  const reviews = (file as AvisData | null)?.reviews;
  if (!Array.isArray(reviews) || !reviews.every((review) => typeof review?.id === 'string')) {
    throw new Error(`SAMPLE_REVIEWS : « ${json.slice(0, 80)} » n’est pas un fichier d’avis { reviews: [...] }.`);
  }
  return file as AvisData;
}

/** Every published review, newest first. */
export const publishedReviews: readonly PublishedReview[] = newestFirst(
  (sampleReviewsFile(process.env.SAMPLE_REVIEWS) ?? reviewsData).reviews,
);

/** How many of the latest reviews the home page shows. */
export const HOME_REVIEW_COUNT = 3;

/** The reviews of the home page: the latest ones. */
export const homeReviews: readonly PublishedReview[] = latestReviews(publishedReviews, HOME_REVIEW_COUNT);

/** The mean rating, one decimal (null without a review). */
export const reviewsAverage = averageRating(publishedReviews);

/** The words around a review and the summary, on « Nos avis clients » and on the home page. */
export const reviewTexts = typeset({
  meta: {
    title: 'Nos avis clients',
    description: `Les avis de nos clients, vérifiés et publiés en entier, favorables ou non, avec la date des travaux, et nos règles de publication.`,
  },
  title: 'Nos avis clients',
  intro: 'Ce que nos clients disent de nos travaux, après les avoir vus réalisés.',
  /** The list's heading on « Nos avis clients ». */
  listTitle: 'Les avis publiés',
  /** The summary: {moyenne} « 4,3 », {nombre} « 12 avis ». */
  summary: 'Note moyenne : {moyenne} sur {max} ({nombre})',
  /** The stars' text alternative: {note} « 4 », {max} « 5 ». */
  stars: '{note} sur {max}',
  /** Before the month of the works: « Travaux réalisés en novembre 2026 ». */
  experience: 'Travaux réalisés en',
  /** Before the day of publication: « Publié le 21 novembre 2026 ». */
  published: 'Publié le',
  /** Above the company's answer. */
  answer: `Réponse de ${site.name}`,
  /** Before the day of the answer. */
  answered: 'le',
  /** No review published yet. */
  none: 'Aucun avis n’a encore été publié : les premiers paraîtront ici, tous, selon nos règles de publication.',
  /** Near the reviews, on the home page (D. 111-17, 1°): whether and how they are checked, and their order. */
  statement:
    'Ces avis sont vérifiés : seuls nos clients peuvent en donner un, par le lien personnel que nous leur envoyons après leurs travaux. Ils sont publiés en entier, favorables ou non, du plus récent au plus ancien.',
  /** The link to « Nos avis clients ». */
  allReviews: 'Tous nos avis clients et nos règles de publication',
});

/** « 12 avis », « 1 avis ». */
export function reviewCount(count: number): string {
  return `${count} avis`;
}

/** « Note moyenne : 4,3 sur 5 (12 avis) », or null without a review. */
export const reviewsSummary =
  reviewsAverage === null
    ? null
    : typeset(
        fillTemplate(reviewTexts.summary, {
          moyenne: formatRating(reviewsAverage),
          max: String(reviewRules.rating.max),
          nombre: reviewCount(publishedReviews.length),
        }),
      );

/** « 4 sur 5 »: the stars' text alternative. */
export function starsLabel(rating: number): string {
  return typeset(fillTemplate(reviewTexts.stars, { note: String(rating), max: String(reviewRules.rating.max) }));
}

/** One point of the rules: a sentence, and the list it introduces, if any. */
export type RulePoint = { text: string; list?: readonly string[] };

/**
 * The rules the reviews are published by (C. conso. L. 111-7-2, D. 111-17 to D. 111-19): the specific
 * section the law asks for, on « Nos avis clients » (#regles) and linked from the home page's reviews. Every
 * number is read from content/review-rules.ts.
 */
export const reviewRulesText = typeset({
  id: 'regles',
  title: 'Nos règles de publication des avis',
  points: [
    {
      text: `Les avis sont vérifiés : seuls nos clients peuvent en donner un. Nous envoyons au client, une seule fois, ${days(reviewRules.requestAfterDays)} après la fin des travaux que nous avons réalisés, un e-mail avec un lien personnel, valable ${months(reviewRules.linkValidMonths)}, qui lui permet de donner un avis sur ces travaux, un seul par devis. Aucun avis ne peut être déposé autrement. Les avis ne font l’objet d’aucun autre contrôle, notamment par un organisme indépendant.`,
    },
    {
      text: 'Aucun avis n’est payé ni récompensé : nous n’offrons aucune contrepartie, réduction ou cadeau, en échange d’un avis, favorable ou non.',
    },
    {
      text: 'Nous publions tous les avis qui respectent ces règles, favorables ou non, en entier : nous ne les trions ni selon leur note ni selon leur ton, et nous ne modifions jamais leur texte. Chacun paraît avec sa note, le nom choisi par son auteur, la date de sa publication et celle des travaux dont il parle.',
    },
    {
      text: `Un avis qui respecte ces règles est publié dans les ${days(reviewRules.publishWithinDays)} qui suivent son envoi. Les avis sont présentés par date de publication, du plus récent au plus ancien.`,
    },
    {
      text: 'Nous ne refusons un avis que pour l’un des motifs suivants, que nous indiquons à son auteur par e-mail :',
      list: reviewRules.refusalReasons.map(
        (reason, index, all) => `${lowerFirst(reason.label)}${index === all.length - 1 ? '.' : ' ;'}`,
      ),
    },
    {
      text: `Un avis reste en ligne ${years(reviewRules.keepYears)} à compter de sa publication, puis il est retiré du site.`,
    },
    {
      text: `Son auteur peut le modifier ou le supprimer avec le même lien personnel, tant que celui-ci est valable, ou à tout moment en nous écrivant à ${site.email} : l’avis supprimé est retiré du site à la publication suivante.`,
    },
    {
      text: 'Nous pouvons répondre publiquement à un avis : notre réponse paraît sous l’avis, datée, sans en changer le texte.',
    },
  ] satisfies RulePoint[] as readonly RulePoint[],
  /** The legal basis, after the rules. */
  basis:
    'Ces règles répondent aux articles L. 111-7-2 et D. 111-17 à D. 111-19 du Code de la consommation, qui encadrent la publication des avis de consommateurs.',
});
