import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { devisKeepSentence, devisTerms, devisVatRates, NBSP, site, terms, withdrawalTexts } from '../src/facts';
import { COMPANY, devisMentions, type CompanyFacts, type MentionInput } from '../src/requests/devis/mentions';
import type { DevisDraft, FrozenDevis } from '../src/requests/devis/draft';
import { devisTotals } from '../src/requests/devis/money';
import type { DevisLine } from '../src/requests/devis/types';
import { devisView, previewView, validateDraft } from '../src/requests/devis/view';
import { withdrawalRules } from '../src/requests/devis/withdrawal';

/**
 * The devis's mentions (requests/devis/mentions.ts): each one present with its legal basis, and built from
 * the facts: a fact changed in the input shows in its mention.
 */

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const line: DevisLine = {
  designation: 'Remplacement du circulateur',
  quantityMilli: 1000,
  unit: 'forfait',
  unitPriceHtCents: 15000,
  vatRateBp: 2000,
  kind: 'service',
};

function input(overrides: Partial<MentionInput> = {}): MentionInput {
  const lines = overrides.lines ?? [line];
  return {
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
    ...overrides,
  };
}

const byId = (mentions: ReturnType<typeof devisMentions>, id: string) => {
  const found = mentions.find((mention) => mention.id === id);
  assert.ok(found, `mention ${id}`);
  return { ...found, text: plain(found.paragraphs.join('\n')) };
};

describe('the mentions of a devis', () => {
  test('every mention, each with its legal basis', () => {
    const mentions = devisMentions(input());
    assert.deepEqual(
      mentions.map((mention) => mention.id),
      [
        'number',
        'date',
        'company',
        'legalForm',
        'registration',
        'vatNumber',
        'insurance',
        'client',
        'prices',
        'travel',
        'free',
        'validity',
        'schedule',
        'payment',
        'replacedParts',
        'withdrawal',
        'cgv',
        'mediator',
      ],
    );
    for (const mention of mentions) {
      assert.ok(mention.paragraphs.length > 0 && mention.paragraphs.every((p) => p.trim()), mention.id);
      assert.match(mention.basis, /(Code|Arrêté|Loi)/, mention.id);
    }
    const basis = (id: string) => plain(byId(mentions, id).basis);
    assert.match(basis('legalForm'), /R\. 123-237/);
    assert.match(basis('registration'), /R\. 123-237/);
    assert.match(basis('mediator'), /L\. 612-1/);
    assert.match(basis('replacedParts'), /24 janvier 2017/);
    assert.match(basis('company'), /L\. 111-1/);
    assert.match(basis('withdrawal'), /L\. 221-18/);
  });

  test('built from content/’s facts', () => {
    const mentions = devisMentions(input());
    assert.match(byId(mentions, 'company').text, new RegExp(plain(site.legalName)));
    assert.match(byId(mentions, 'company').text, new RegExp(plain(site.phone)));
    assert.match(byId(mentions, 'legalForm').text, /Société à responsabilité limitée \(SARL\) au capital de 20 000 €/);
    assert.match(byId(mentions, 'registration').text, new RegExp(plain(site.rcs)));
    assert.match(byId(mentions, 'vatNumber').text, new RegExp(plain(site.vatNumber)));
    assert.ok(byId(mentions, 'insurance').text.includes(plain(site.insurance.insurer)));
    assert.ok(byId(mentions, 'mediator').text.includes(plain(site.mediator.name)));
    assert.ok(byId(mentions, 'travel').text.includes(`${terms.travelIncludedKm} km d’Antibes`));
    assert.equal(byId(mentions, 'free').text, 'Ce devis est gratuit.');
    assert.equal(byId(mentions, 'number').text, 'Devis n° DEV-2026-0042');
    assert.equal(byId(mentions, 'date').text, 'Établi le 21 novembre 2026');
    // Issued 21 November, valid 30 days: to 21 December inclusive.
    assert.equal(byId(mentions, 'validity').text, 'Devis valable 30 jours, jusqu’au 21 décembre 2026 inclus.');
    assert.equal(byId(mentions, 'client').text, 'Élodie Martin\nLieu d’exécution : 3 rue des Lilas, 06600 Antibes');
    assert.equal(byId(mentions, 'withdrawal').paragraphs[0], withdrawalTexts.rightFromConclusion);
    assert.ok(byId(mentions, 'cgv').text.includes('/cgv'));
    // French typography: a no-break space before a colon.
    assert.ok(byId(mentions, 'vatNumber').paragraphs[0]?.includes(`intracommunautaire${NBSP}:`));
  });

  test('a fact changed in the input shows in its mention', () => {
    const company: CompanyFacts = {
      ...COMPANY,
      site: {
        ...COMPANY.site,
        legalName: 'Autre Nom SAS',
        legalForm: 'Société par actions simplifiée (SAS)',
        capital: 1500,
        rcs: 'RCS Grasse 999 999 999',
        vatNumber: 'FR00999999999',
        insurance: {
          insurer: 'Assureur Test',
          address: '2 place Test, 75001 Paris',
          policy: 'P-77',
          coverage: 'Garantie test',
          area: 'Monde',
        },
        mediator: {
          name: 'Médiateur Test',
          address: '1 rue Test',
          website: 'https://mediation.test/',
          email: 'm@t.test',
        },
        address: { ...COMPANY.site.address, city: 'Nice', street: '5 avenue Test', postalCode: '06000' },
      },
      travel: { includedKm: 45, perKmHtCents: 75 },
      free: false,
      cgvUrl: 'https://exemple.test/conditions/',
    };
    const mentions = devisMentions(
      input({
        number: null,
        validityDays: 1,
        start: 'semaine du 7 décembre 2026',
        duration: '2 jours',
        depositCents: 12345,
      }),
      company,
    );
    assert.match(byId(mentions, 'company').text, /^Autre Nom SAS .*5 avenue Test, 06000 Nice/);
    assert.equal(byId(mentions, 'legalForm').text, 'Société par actions simplifiée (SAS) au capital de 1 500 €');
    assert.match(byId(mentions, 'registration').text, /RCS Grasse 999 999 999/);
    assert.match(byId(mentions, 'vatNumber').text, /FR00999999999/);
    assert.equal(
      byId(mentions, 'insurance').text,
      'Garantie test. Assureur : Assureur Test, 2 place Test, 75001 Paris, contrat n° P-77. Couverture géographique : Monde.',
    );
    assert.match(byId(mentions, 'mediator').text, /Médiateur Test, 1 rue Test, mediation\.test\./);
    assert.match(
      byId(mentions, 'travel').text,
      /jusqu’à 45 km de Nice ; au-delà, 0,75 € HT \(0,90 € TTC\) par kilomètre/,
    );
    assert.match(byId(mentions, 'free').text, /payant/);
    assert.match(byId(mentions, 'cgv').text, /exemple\.test\/conditions/);
    assert.match(byId(mentions, 'number').text, /numéro lui est donné à l’envoi/);
    assert.equal(byId(mentions, 'validity').text, 'Devis valable 1 jour, jusqu’au 22 novembre 2026 inclus.');
    assert.equal(
      byId(mentions, 'schedule').text,
      'Début prévu : semaine du 7 décembre 2026.\nDurée estimée : 2 jours.',
    );
    assert.match(byId(mentions, 'payment').text, /Acompte à la commande : 123,45 € TTC\./);
  });

  test('a professional client’s SIREN; the reduced rates’ certifications; the withdrawal text of the contract’s way', () => {
    const lines: DevisLine[] = [line, { ...line, vatRateBp: 1000 }, { ...line, vatRateBp: 550, kind: 'goods' }];
    const mentions = devisMentions(
      input({
        lines,
        client: { ...input().client, name: 'Boulangerie Test', kind: 'professional', siren: '123456789' },
        withdrawal: withdrawalRules({
          way: 'hors-etablissement',
          client: { kind: 'professional', employees: 3, withinMainActivity: false },
          urgent: true,
          lines,
        }),
      }),
    );
    assert.match(byId(mentions, 'client').text, /^Boulangerie Test, SIREN 123456789/);
    const certification = byId(mentions, 'vatCertification');
    const reduced = devisVatRates.filter((rate) => 'attestation' in rate);
    assert.deepEqual(
      certification.paragraphs,
      reduced.map((rate) => ('attestation' in rate ? rate.attestation : '')),
    );
    assert.match(plain(certification.basis), /279-0 bis.*278-0 bis A/);
    assert.deepEqual(byId(mentions, 'withdrawal').paragraphs, [
      withdrawalTexts.noneUrgent,
      withdrawalTexts.paymentUrgent,
    ]);
    // Only the standard rate: no certification.
    assert.equal(
      devisMentions(input()).some((mention) => mention.id === 'vatCertification'),
      false,
    );
  });

  test('the keeping sentence the mails show, from content/devis.ts’s figures', () => {
    const keep = devisTerms.electronicContractKeep;
    assert.ok(
      plain(devisKeepSentence).includes(`pour ${keep.thresholdEuros} € TTC ou plus est conservé ${keep.years} ans`),
    );
    assert.match(devisKeepSentence, /L\. 213-1 et D\. 213-1/);
  });

  test('no date rule but content’s: the schedule falls back on L. 216-1’s delay', () => {
    assert.match(
      byId(devisMentions(input()), 'schedule').text,
      new RegExp(`${terms.consumerDefaultPerformanceDays} jours`),
    );
  });
});

describe('the devis as its page and its PDF show it', () => {
  const draft = (overrides: Partial<DevisDraft> = {}): DevisDraft => ({
    client: input().client,
    way: 'distance',
    urgent: false,
    lines: [line],
    validityDays: 30,
    paymentTerms: 'À réception de facture.',
    ...overrides,
  });
  const frozen = (overrides: Partial<DevisDraft> = {}): FrozenDevis => {
    const d = draft(overrides);
    return {
      ...d,
      number: 'DEV-2026-0007',
      version: 2,
      issuedAt: '2026-11-21T10:00:00.000Z',
      totals: devisTotals(d.lines),
    };
  };

  test('a withdrawal right brings the model form, addressed to the company', () => {
    const view = devisView(frozen());
    assert.equal(view.number, 'DEV-2026-0007');
    assert.equal(view.totals.ttcCents, 18000);
    assert.deepEqual(byId(view.mentions, 'withdrawal').paragraphs, view.withdrawal.texts);
    assert.equal(byId(view.mentions, 'date').text, 'Établi le 21 novembre 2026');
    assert.ok(view.withdrawalForm);
    assert.match(plain(view.withdrawalForm.addressee), new RegExp(`${plain(site.legalName)}.*${plain(site.email)}`));
    assert.match(view.withdrawalForm.basis, /R\. 221-1/);
    assert.equal(devisView(frozen({ way: 'etablissement' })).withdrawalForm, undefined);
    assert.equal(previewView(draft(), new Date('2026-11-21T10:00:00Z')).number, null);
  });

  test('a professional’s L. 221-3 facts decide; without them, no right is assumed', () => {
    const pro = { ...input().client, kind: 'professional' as const, siren: '123456789' };
    const small = devisView(
      frozen({ client: pro, way: 'hors-etablissement', professional: { employees: 4, withinMainActivity: false } }),
    );
    assert.equal(small.withdrawal.withdrawal.applies, true);
    assert.equal(devisView(frozen({ client: pro, way: 'hors-etablissement' })).withdrawal.withdrawal.applies, false);
  });

  test('off premises, a deposit is payable from the eighth day', () => {
    const view = devisView(frozen({ way: 'hors-etablissement', depositCents: 5400 }));
    assert.equal(
      plain(byId(view.mentions, 'payment').paragraphs[1] ?? ''),
      'Acompte : 54,00 € TTC, payable au plus tôt le 8e jour après la conclusion du contrat (article L. 221-10 du Code de la consommation).',
    );
    assert.match(byId(view.mentions, 'payment').paragraphs[1] ?? '', new RegExp(`Acompte${NBSP}:`));
    assert.match(
      byId(devisView(frozen({ depositCents: 5400 })).mentions, 'payment').text,
      /Acompte à la commande : 54,00 € TTC\./,
    );
  });

  test('a draft is checked whole before it is sent', () => {
    assert.deepEqual(validateDraft(draft()), []);
    const fields = (d: DevisDraft) => validateDraft(d).map((error) => error.field);
    assert.deepEqual(
      fields(draft({ client: { ...input().client, name: ' ', email: 'pas-une-adresse', jobAddress: '' } })),
      ['client.name', 'client.email', 'client.jobAddress'],
    );
    assert.deepEqual(fields(draft({ client: { ...input().client, kind: 'professional', siren: '12345' } })), [
      'client.siren',
      'professional.employees',
    ]);
    assert.deepEqual(fields(draft({ validityDays: 0, paymentTerms: '' })), ['validityDays', 'paymentTerms']);
    assert.deepEqual(fields(draft({ lines: [{ ...line, quantityMilli: 0 }] })), ['lines.0.quantityMilli']);
    assert.deepEqual(fields(draft({ depositCents: 18001 })), ['depositCents']);
    assert.deepEqual(fields(draft({ depositCents: 18000 })), []);
    assert.match(validateDraft(draft({ depositCents: 0 }))[0]?.message ?? '', /au total TTC du devis, 180,00/);
  });
});
