import { Icon } from '@/components/ui/icon';
import { demoBuild, demoNotice, sampleReviews } from '@/content/demo';
import { home } from '@/content/home';
import { formatFrenchDay } from '@/lib/format';
import { Section } from '@/components/ui/section';

/** "24 août 2026", in a <time> element. */
function frenchDate(iso: string) {
  return <time dateTime={iso}>{formatFrenchDay(iso)}</time>;
}

/** Three reviews, each with its dates, then how they are checked and published. */
export function Testimonials() {
  const { testimonials } = home;
  return (
    <Section id="temoignages" title={testimonials.title} tone="surface">
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
      <div className="mx-auto mt-10 max-w-3xl space-y-4 text-sm text-ink-muted">
        {demoBuild && sampleReviews ? (
          <p className="font-semibold text-ink" data-demo-notice="">
            {demoNotice.reviews}
          </p>
        ) : null}
        <p>{testimonials.statement}</p>
        <h3 className="font-semibold text-ink">{testimonials.policy.title}</h3>
        <ul className="list-disc space-y-1 pl-5">
          {testimonials.policy.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
