import { Quote } from 'lucide-react';
import { home } from '@/content/home';
import { Section } from '@/components/ui/section';

export function Testimonials() {
  return (
    <Section id="temoignages" title={home.testimonials.title} tone="surface">
      <ul className="grid gap-8 md:grid-cols-3">
        {home.testimonials.items.map((item) => (
          <li key={item.name}>
            <figure className="flex h-full flex-col rounded-card bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <Quote aria-hidden="true" className="size-8 text-accent-500" />
              <blockquote className="mt-4 flex-1 text-ink">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="mt-6 font-semibold">
                {item.name} <span className="font-normal text-ink-muted">– {item.town}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
