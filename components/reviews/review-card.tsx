import { reviewTexts, type PublishedReview } from '@/content/reviews';
import { formatFrenchDay, formatFrenchMonth } from '@/lib/format';
import { ReviewStars } from './review-stars';

type ReviewCardProps = { review: PublishedReview };

/**
 * One published review as its author wrote it: the rating, the text (its line breaks kept; React escapes
 * it), the name they chose, the month of the works and the day of publication (C. conso. D. 111-18), then the
 * company's answer, if any. Its heading is the name, under the list's h2.
 */
export function ReviewCard({ review }: ReviewCardProps) {
  return (
    <article className="flex h-full flex-col rounded-card bg-white p-6 shadow-sm ring-1 ring-brand-100">
      <h3 className="font-semibold text-ink">{review.name}</h3>
      <p className="mt-2">
        <ReviewStars rating={review.rating} />
      </p>
      <p className="mt-4 flex-1 break-words whitespace-pre-line text-ink">{review.text}</p>
      <p className="mt-6 text-sm text-ink-muted">
        <span className="block">
          {reviewTexts.experience}{' '}
          <time dateTime={review.experience.slice(0, 7)}>{formatFrenchMonth(review.experience)}</time>
        </span>
        <span className="block">
          {reviewTexts.published} <time dateTime={review.published}>{formatFrenchDay(review.published)}</time>
        </span>
      </p>
      {review.answer ? (
        <div className="mt-4 border-l-4 border-brand-100 pl-4 text-sm">
          <p className="font-semibold text-ink">
            {reviewTexts.answer}, {reviewTexts.answered}{' '}
            <time dateTime={review.answer.date}>{formatFrenchDay(review.answer.date)}</time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink-muted">{review.answer.text}</p>
        </div>
      ) : null}
    </article>
  );
}
