import { companyFromFacts, type DevisDocument } from '../src/documents/devis-document';
import type { DevisLine, DevisTotals, VatTotal } from '../src/requests/devis/types';

/**
 * Sample devis documents for the tests and the benchmark: plain data, as the sending of a devis builds it.
 * The totals are summed here by the plain rule (each line rounded to the cent, VAT per rate on the rate's
 * base, rounded half up), enough for a sample; the devis's own rule lives in requests/devis/.
 */
export function totalsOf(lines: DevisLine[]): DevisTotals {
  const lineHtCents = lines.map((line) => Math.round((line.quantityMilli * line.unitPriceHtCents) / 1000));
  const byRate = new Map<number, number>();
  lines.forEach((line, index) =>
    byRate.set(line.vatRateBp, (byRate.get(line.vatRateBp) ?? 0) + (lineHtCents[index] ?? 0)),
  );
  const vat: VatTotal[] = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRateBp, baseHtCents]) => ({
      vatRateBp,
      baseHtCents,
      vatCents: Math.round((baseHtCents * vatRateBp) / 10000),
    }));
  const htCents = lineHtCents.reduce((sum, cents) => sum + cents, 0);
  return { lineHtCents, htCents, vat, ttcCents: htCents + vat.reduce((sum, rate) => sum + rate.vatCents, 0) };
}

/** Three lines, two VAT rates: 2 h of labour, a travel fee, a part. */
export const sampleLines: DevisLine[] = [
  {
    designation: 'Main-d’œuvre : diagnostic et réparation de la pompe à chaleur',
    quantityMilli: 2500,
    unit: 'h',
    unitPriceHtCents: 6500,
    vatRateBp: 1000,
    kind: 'service',
  },
  {
    designation: 'Frais de déplacement (Antibes)',
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceHtCents: 4500,
    vatRateBp: 1000,
    kind: 'service',
  },
  {
    designation: 'Circulateur de remplacement',
    quantityMilli: 1000,
    unit: 'pièce',
    unitPriceHtCents: 123456,
    vatRateBp: 2000,
    kind: 'goods',
  },
];

/** `count` numbered lines at 20 %, for the page-break test and the benchmark. */
export function manyLines(count: number): DevisLine[] {
  return Array.from({ length: count }, (_, index) => ({
    designation: `Ligne ${index + 1} : remplacement du composant n° ${index + 1} et essais de bon fonctionnement`,
    quantityMilli: 1000 + index * 250,
    unit: 'u',
    unitPriceHtCents: 1000 + index * 137,
    vatRateBp: 2000,
    kind: 'goods' as const,
  }));
}

export const sampleMentions = [
  { title: 'Devis gratuit', paragraphs: ['Ce devis est gratuit.'] },
  {
    title: 'Pièces remplacées',
    paragraphs: ['Vous pouvez conserver les pièces remplacées : dites-le-nous avant l’intervention.'],
  },
  {
    title: 'Médiation de la consommation',
    paragraphs: ['En cas de litige, vous pouvez recourir gratuitement au médiateur de la consommation.'],
  },
];

export const sampleWithdrawal = {
  title: 'Droit de rétractation',
  paragraphs: [
    'Vous disposez d’un délai de 14 jours à compter de la conclusion du contrat pour vous rétracter, sans avoir à motiver votre décision.',
    'Pour l’exercer, envoyez-nous le formulaire joint ou toute autre déclaration dénuée d’ambiguïté.',
  ],
};

/** A devis sent at a distance to a consumer, with its withdrawal section and the model form. */
export function sampleDevis(changes: Partial<DevisDocument> = {}): DevisDocument {
  const lines = changes.lines ?? sampleLines;
  return {
    company: companyFromFacts(),
    client: {
      name: 'Camille Durand',
      email: 'camille.durand@example.fr',
      phone: '06 39 98 12 34',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer',
    },
    number: 'D-2026-0042',
    version: 1,
    date: '2026-11-21',
    validUntil: '2026-12-21',
    contractWay: 'distance',
    urgent: false,
    subject: 'Maintenance et réparation d’équipements',
    description: 'La pompe à chaleur se met en sécurité chaque matin.',
    paymentTerms: 'À réception de la facture, par virement ou par chèque.',
    depositCents: 30000,
    expectedStart: '2026-12-02',
    expectedDuration: '1 jour',
    mentions: sampleMentions,
    withdrawal: sampleWithdrawal,
    attachWithdrawalForm: true,
    ...changes,
    lines,
    totals: changes.totals ?? totalsOf(lines),
  };
}
