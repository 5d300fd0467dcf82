import { contact } from '@/content/contact';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { InfoCard } from './info-card';

export function OpeningHours() {
  return (
    <InfoCard id="horaires" title={contact.hours.title} icon="clock">
      <dl className="divide-y divide-brand-100">
        {site.hours.map((row) => (
          <div key={row.days} className="flex justify-between gap-4 py-2">
            <dt className="font-medium">{row.days}</dt>
            <dd className="text-right text-ink-muted">{row.hours}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 rounded-lg bg-accent-300/30 p-4">
        <p className="font-semibold">{contact.hours.emergencyTitle}</p>
        <p className="mt-1 text-sm">{site.emergency}</p>
        <a
          href={telHref(site.emergencyPhone)}
          className="mt-1 inline-block font-semibold text-brand-800 underline underline-offset-4"
        >
          {site.emergencyPhone}
        </a>
      </div>
    </InfoCard>
  );
}
