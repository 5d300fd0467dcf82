/**
 * The published reviews' rules that need no text: their order, their average, the latest ones. Pure
 * functions of the reviews (content/reviews.ts applies them to content/data/avis.json).
 */

/** What these rules read of a published review. */
export type RatedReview = { id: string; rating: number; published: string; experience: string };

/**
 * Newest first, by day of publication (the order the rules state); on the same day, the more recent works
 * first, then the identifier, so that the order never depends on the file's.
 */
export function newestFirst<T extends RatedReview>(reviews: readonly T[]): T[] {
  return [...reviews].sort(
    (a, b) =>
      b.published.localeCompare(a.published) || b.experience.localeCompare(a.experience) || a.id.localeCompare(b.id),
  );
}

/** The mean rating, rounded to one decimal as it is shown; null without a review. */
export function averageRating(reviews: readonly RatedReview[]): number | null {
  if (reviews.length === 0) return null;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return Math.round((sum / reviews.length) * 10) / 10;
}

const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 4.3 -> "4,3", 5 -> "5,0": an average always with its one decimal, French comma. */
export function formatRating(value: number): string {
  return oneDecimal.format(value);
}

/** The `count` most recent reviews, newest first. */
export function latestReviews<T extends RatedReview>(reviews: readonly T[], count: number): T[] {
  return newestFirst(reviews).slice(0, count);
}
