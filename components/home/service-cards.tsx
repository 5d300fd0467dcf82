import { Icon } from '@/components/ui/icon';
import { home } from '@/content/home';
import { services } from '@/content/services';
import { paths } from '@/content/navigation';
import { quoteHrefFor } from '@/content/quick-actions';
import { forService, servicesPage } from '@/content/services-page';
import { ButtonLink } from '@/components/ui/button-link';
import { ContentIcon } from '@/components/ui/icons';
import { Photo } from '@/components/ui/photo';
import { Section } from '@/components/ui/section';
import { ServicePrice } from '@/components/sections/service-price';

export function ServiceCards() {
  return (
    <Section id="services" title={home.servicesIntro.title} intro={home.servicesIntro.text} tone="surface">
      <ul className="grid gap-8 md:grid-cols-3">
        {services.map((service) => (
          // Laid out only near the screen (render-when-visible): on a phone, the photos of the cards further
          // down wait until the visitor scrolls toward them instead of sharing the connection with the hero,
          // the page's largest paint.
          <li
            key={service.id}
            className="flex flex-col overflow-hidden rounded-card bg-white shadow-sm ring-1 ring-brand-100 render-when-visible"
          >
            <Photo photo={service.photo} layout="card" className="aspect-[3/2] w-full object-cover" />
            <article className="flex flex-1 flex-col p-6" aria-labelledby={`carte-${service.id}`}>
              <ContentIcon name={service.icon} className="size-8 text-brand-700" />
              <h3 id={`carte-${service.id}`} className="mt-4 text-xl font-semibold">
                {service.shortTitle}
              </h3>
              <p className="mt-2 flex-1 text-ink-muted">{service.summary}</p>
              <ServicePrice label={servicesPage.priceLabel} service={service} className="mt-4" />
              <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
                <ButtonLink href={quoteHrefFor(service.id)} size="lg" className="min-h-12">
                  {servicesPage.quoteButton}
                  {/* In brackets: one colon per card (« En savoir plus : … » has the other). */}
                  <span className="sr-only"> ({service.shortTitle})</span>
                </ButtonLink>
                <a
                  href={`${paths.services}#${service.id}`}
                  className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
                >
                  {home.servicesIntro.more}
                  <span className="sr-only">{forService(service.shortTitle)}</span>
                  <Icon name="arrow-right" className="size-4" />
                </a>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Section>
  );
}
