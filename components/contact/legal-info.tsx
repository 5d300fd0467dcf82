import { Building2 } from 'lucide-react';
import { contact } from '@/content/contact';
import { site } from '@/content/site';
import { InfoCard } from './info-card';

export function LegalInfo() {
  const rows = [
    ['Raison sociale', site.legalName],
    ['Forme juridique', site.legalForm],
    ['SIREN', site.siren],
    ['SIRET', site.siret],
    ['RCS', site.rcs],
    ['TVA intracommunautaire', site.vatNumber],
  ] as const;
  return (
    <InfoCard id="informations-legales" title={contact.legal.title} icon={Building2}>
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
