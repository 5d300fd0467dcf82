import { Icon } from '@/components/ui/icon';
import { demoBuild, demoNotice, sampleReviews } from '@/content/demo';
import { home } from '@/content/home';
import { paths } from '@/content/navigation';
import { homeReviews, reviewsSummary, reviewTexts } from '@/content/reviews';
import { formatFrenchDay } from '@/lib/format';
import { ReviewList } from '@/components/reviews/review-list';
import { Section } from '@/components/ui/section';

/** "24 août 2026", in a <time> element. */
function frenchDate(iso: string) {
  return <time dateTime={iso}>{formatFrenchDay(iso)}</time>;
}

/** The sample reviews of content/data/accueil.json, each with its dates: until the first real one. */
function SampleReviews() {
  const { testimonials } = home;
  return (
    <ul className="grid gap-8 md:grid-cols-3">
      {testimonials.items.map((item) => (
        <li key={item.name}>
          <figure className="flex h-full flex-col rounded-card bg-white p-6 shadow-sm ring-1 ring-brand-100">
            <Icon name="quote" className="size-8 text-accent-500" />
            <blockquote className="mt-4 flex-1 text-ink">
              <p>{item.quote}</p>
            </blockquote>
            <p className="mt-6 text-sm text-ink-muted">
              {testimonials.published} {frenchDate(item.published)} ({testimonials.experience}{' '}
              {frenchDate(item.experience)})
            </p>
            <figcaption className="mt-2 font-semibold">
              {item.name} <span className="font-normal text-ink-muted">– {item.town}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/**
 * The latest published reviews (content/reviews.ts) with the average and the count, or the samples while
 * none is published; then whether and how they are checked, and the link to « Nos avis clients » and its
 * rules.
 */
export function Testimonials() {
  return (
    <Section id="temoignages" title={home.testimonials.title} tone="surface">
      {reviewsSummary ? (
        <>
          <p className="text-center text-lg font-semibold text-ink">{reviewsSummary}</p>
          <ReviewList reviews={homeReviews} className="mt-10 grid gap-8 md:grid-cols-3" />
        </>
      ) : sampleReviews ? (
        <SampleReviews />
      ) : (
        <p className="mx-auto max-w-3xl text-center text-ink-muted">{reviewTexts.none}</p>
      )}
      <div className="mx-auto mt-10 max-w-3xl space-y-4 text-sm text-ink-muted">
        {demoBuild && sampleReviews ? (
          <p className="font-semibold text-ink" data-demo-notice="">
            {demoNotice.reviews}
          </p>
        ) : null}
        <p>{reviewTexts.statement}</p>
        <p>
          <a href={paths.reviews} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {reviewTexts.allReviews}
          </a>
        </p>
      </div>
    </Section>
  );
}
