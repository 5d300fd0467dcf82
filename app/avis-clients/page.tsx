import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { paths } from '@/content/navigation';
import { publishedReviews, reviewsSummary, reviewTexts } from '@/content/reviews';
import { PageBanner } from '@/components/ui/page-banner';
import { Section } from '@/components/ui/section';
import { ReviewList } from '@/components/reviews/review-list';
import { ReviewRules } from '@/components/reviews/review-rules';
import { CallToAction } from '@/components/sections/call-to-action';

export const metadata: Metadata = pageMetadata({
  title: reviewTexts.meta.title,
  description: reviewTexts.meta.description,
  path: paths.reviews,
});

/** « Nos avis clients »: the average and the count, every published review newest first, then the rules. */
export default function ReviewsPage() {
  return (
    <>
      <PageBanner title={reviewTexts.title} text={reviewTexts.intro} />
      <Section id="avis" title={reviewTexts.listTitle}>
        {reviewsSummary ? (
          <>
            <p className="text-center text-lg font-semibold text-ink">{reviewsSummary}</p>
            <ReviewList reviews={publishedReviews} className="mx-auto mt-10 grid max-w-3xl gap-6" />
          </>
        ) : (
          <p className="mx-auto max-w-3xl text-center text-ink-muted">{reviewTexts.none}</p>
        )}
      </Section>
      <ReviewRules />
      <CallToAction />
    </>
  );
}
