import { reviewRules } from '@/content/review-rules';
import { starsLabel } from '@/content/reviews';

type ReviewStarsProps = { rating: number };

/** A rating as stars, read « 4 sur 5 » by a screen reader (the stars themselves are a picture). */
export function ReviewStars({ rating }: ReviewStarsProps) {
  const empty = reviewRules.rating.max - rating;
  return (
    <span role="img" aria-label={starsLabel(rating)} className="text-xl leading-none tracking-wider">
      <span className="text-accent-500">{'★'.repeat(rating)}</span>
      <span className="text-brand-100">{'★'.repeat(empty)}</span>
    </span>
  );
}
