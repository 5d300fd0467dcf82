import { devisTerms } from '../src/facts';
import type { DevisDraft, FrozenDevis } from '../src/requests/devis/draft';
import { devisTotals } from '../src/requests/devis/money';
import type { DevisLine } from '../src/requests/devis/types';

/** A devis's draft as the team fills it in: one service line at `unitPriceHtCents` HT, 20 % VAT, by link. */
export function sampleDraft(unitPriceHtCents = 15000): DevisDraft {
  return {
    client: {
      name: 'Élodie Martin',
      email: 'e@exemple.fr',
      phone: '06 39 98 45 12',
      jobAddress: '3 rue des Lilas, 06600 Antibes',
      kind: 'consumer',
    },
    way: 'distance',
    urgent: false,
    lines: [
      {
        designation: 'Remplacement du circulateur',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceHtCents,
        vatRateBp: 2000,
        kind: 'service',
      },
    ],
    validityDays: devisTerms.validityDays,
    paymentTerms: 'À réception de facture.',
  };
}

/** A service line and a goods line, at two VAT rates. */
export const labourLine: DevisLine = {
  designation: 'Main-d’œuvre : remplacement du circulateur',
  quantityMilli: 2500,
  unit: 'heure',
  unitPriceHtCents: 6500,
  vatRateBp: 1000,
  kind: 'service',
};
export const partLine: DevisLine = {
  designation: 'Circulateur basse consommation',
  quantityMilli: 1000,
  unit: 'unité',
  unitPriceHtCents: 123456,
  vatRateBp: 2000,
  kind: 'goods',
};

/** A version as the sending freezes it (number DEV-2026-0007, version 2, sent 24 November 2026 at 10 h). */
export function sampleFrozen(changes: Partial<FrozenDevis> = {}): FrozenDevis {
  const lines = changes.lines ?? [labourLine, partLine];
  return {
    client: {
      name: 'Camille Durand',
      email: 'camille@exemple.fr',
      phone: '06 12 34 56 78',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer',
    },
    subject: 'Dépannage de chauffage',
    description: 'La chaudière se met en sécurité chaque matin.',
    way: 'distance',
    urgent: false,
    lines,
    validityDays: 30,
    start: 'semaine du 7 décembre',
    duration: '1 jour',
    paymentTerms: 'À réception de la facture, par virement.',
    number: 'DEV-2026-0007',
    version: 2,
    // 24 November 2026, 10 h in Paris.
    issuedAt: '2026-11-24T09:00:00.000Z',
    // As the sending freezes them (store/devis-sending.ts sendDevis): the page and the PDF read these.
    totals: devisTotals(lines),
    ...changes,
  };
}
