import { contact } from '@/content/contact';
import { identifierLabels as label } from '@/content/legal-facts';
import { site } from '@/content/site';
import { InfoCard } from './info-card';

export function LegalInfo() {
  const rows = [
    [label.legalName, site.legalName],
    [label.legalForm, site.legalForm],
    [label.siren, site.siren],
    [label.siret, site.siret],
    [label.rcs, site.rcs],
    [label.vatNumber, site.vatNumber],
  ] as const;
  return (
    <InfoCard id="informations-legales" title={contact.legal.title} icon="building-complex">
      <dl className="space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </InfoCard>
  );
}
