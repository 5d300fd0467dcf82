import { devisTerms } from '../src/facts';
import type { DevisDraft } from '../src/requests/devis/draft';

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
