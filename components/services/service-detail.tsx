import { Icon } from '@/components/ui/icon';
import { quoteHrefFor } from '@/content/quick-actions';
import type { Service } from '@/content/services';
import { forService, servicesPage } from '@/content/services-page';
import { cn } from '@/lib/cn';
import { ButtonLink } from '@/components/ui/button-link';
import { ContentIcon } from '@/components/ui/icons';
import { Photo } from '@/components/ui/photo';
import { ServicePrice } from '@/components/sections/service-price';

type ServiceDetailProps = { service: Service; reversed?: boolean };

/** One service on /services: photo, description, features, starting price and a quote button (this service chosen). */
export function ServiceDetail({ service, reversed = false }: ServiceDetailProps) {
  return (
    <article
      id={service.id}
      aria-labelledby={`${service.id}-titre`}
      className="grid items-center gap-10 lg:grid-cols-2"
    >
      <Photo
        photo={service.photo}
        layout="half"
        className={cn('aspect-[3/2] w-full rounded-card object-cover', { 'lg:order-last': reversed })}
      />
      <div>
        <ContentIcon name={service.icon} className="size-10 text-brand-700" />
        <h2 id={`${service.id}-titre`} className="mt-4 text-3xl font-bold tracking-tight">
          {service.title}
        </h2>
        <p className="mt-4 text-lg text-ink-muted">{service.description}</p>
        <h3 className="mt-6 font-semibold">{servicesPage.featuresTitle}</h3>
        <ul className="mt-3 space-y-2">
          {service.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <ServicePrice label={servicesPage.priceLabel} service={service} />
          <ButtonLink href={quoteHrefFor(service.id)} size="lg" className="min-h-12">
            {servicesPage.quoteButton}
            <span className="sr-only">{forService(service.shortTitle)}</span>
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
