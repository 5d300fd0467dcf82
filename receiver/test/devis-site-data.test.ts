import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { siteData, type SiteData } from '../src/facts';
import { COMPANY, companyFactsOf, devisMentions, type MentionInput } from '../src/requests/devis/mentions';
import { priceListDevisLines } from '../src/requests/devis/price-list';
import { withdrawalRules } from '../src/requests/devis/withdrawal';

/**
 * A new devis reads the company's facts and prices as functions of the site's data (content/data/): the
 * committed data gives today's constants, other data (the published data) gives its own facts.
 */

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function edited(change: (data: SiteData) => void): SiteData {
  const data = structuredClone(siteData);
  change(data);
  return data;
}

const lines: MentionInput['lines'] = [
  {
    designation: 'Remplacement du circulateur',
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceHtCents: 15000,
    vatRateBp: 2000,
    kind: 'service',
  },
];

const input: MentionInput = {
  number: 'DEV-2026-0042',
  issuedAt: new Date('2026-11-21T10:00:00Z'),
  validityDays: 30,
  client: {
    name: 'Élodie Martin',
    email: 'elodie@exemple.fr',
    phone: '06 39 98 45 12',
    jobAddress: '3 rue des Lilas, 06600 Antibes',
    kind: 'consumer',
  },
  lines,
  paymentTerms: 'À réception de facture, par virement ou chèque.',
  withdrawal: withdrawalRules({ way: 'distance', client: { kind: 'consumer' }, urgent: false, lines }),
};

const mention = (data: SiteData, id: string) =>
  plain(
    devisMentions(input, companyFactsOf(data))
      .find((item) => item.id === id)
      ?.paragraphs.join('\n') ?? '',
  );

describe('the devis reads the site’s data', () => {
  test('the committed data gives today’s company facts and price list', () => {
    assert.deepEqual(companyFactsOf(siteData), COMPANY);
    assert.equal(
      priceListDevisLines().find((line) => line.id === 'hourly')?.unitPriceHtCents,
      siteData.services.hourlyEuros * 100,
    );
  });

  test('an insurer, a phone number and a travel fee entered in the data reach the mentions', () => {
    const data = edited((data) => {
      const company = data['mise-en-ligne'];
      company.insurance = { ...company.insurance, insurer: 'Mutuelle des Artisans', policy: 'RC-778-2026' };
      data.coordonnees.phone = '04 93 12 34 56';
      data.services.travelPerKmEuros = 0.62;
    });
    assert.equal(companyFactsOf(data).travel.perKmHtCents, 62);
    assert.match(mention(data, 'insurance'), /Assureur : Mutuelle des Artisans, .*contrat n° RC-778-2026/);
    assert.doesNotMatch(mention(siteData, 'insurance'), /Mutuelle des Artisans/);
    assert.match(mention(data, 'travel'), /0,62 € HT par kilomètre/);
    assert.equal(plain(companyFactsOf(data).site.phone), '04 93 12 34 56');
  });

  test('a new hourly rate and starting price make the price list’s lines', () => {
    const data = edited((data) => {
      data.services.hourlyEuros = 62;
      data.services.services.maintenance.priceFrom = 165;
    });
    const cents = (id: string) => priceListDevisLines(data).find((line) => line.id === id)?.unitPriceHtCents;
    assert.equal(cents('hourly'), 6200);
    assert.equal(cents('service:maintenance'), 16500);
  });
});
