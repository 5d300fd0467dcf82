import type { PublishedReview } from '@/content/reviews';
import { ReviewCard } from './review-card';

type ReviewListProps = { reviews: readonly PublishedReview[]; className?: string };

/** Published reviews, in the order given (newest first). */
export function ReviewList({ reviews, className }: ReviewListProps) {
  return (
    <ul className={className}>
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
