import { Icon } from '@/components/ui/icon';
import { contact } from '@/content/contact';
import { legalUi } from '@/content/legal-ui';
import { maps, site } from '@/content/site';
import { mailtoHref, telHref } from '@/lib/format';
import { buttonClasses } from '@/components/ui/button-link';
import { InfoCard } from './info-card';

const linkClasses = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

export function Coordinates() {
  const labels = contact.coordinates;
  return (
    <InfoCard id="coordonnees" title={labels.title} icon="map-pin">
      <dl className="space-y-4">
        <div>
          <dt className="text-sm text-ink-muted">{labels.address}</dt>
          <dd>
            <address className="not-italic">
              {site.name}
              <br />
              {site.address.street}
              <br />
              {site.address.postalCode} {site.address.city}
            </address>
            <a href={maps.link} target="_blank" rel="noopener noreferrer" className={linkClasses}>
              {labels.mapLink}
              <span className="sr-only">{legalUi.newWindow}</span>
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{labels.phone}</dt>
          <dd>
            <a href={telHref(site.phone)} className={buttonClasses('secondary', 'lg', 'mt-1 min-h-12')}>
              <Icon name="phone" className="size-5" />
              {site.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{labels.email}</dt>
          <dd>
            <a href={mailtoHref(site.email)} className={`${linkClasses} wrap-anywhere`}>
              {site.email}
            </a>
          </dd>
        </div>
      </dl>
    </InfoCard>
  );
}
