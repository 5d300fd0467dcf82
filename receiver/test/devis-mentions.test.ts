import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cgvVersionOn,
  devisKeepSentence,
  devisProfessionalTerms,
  devisTerms,
  devisVatRates,
  formatFrenchDay,
  isoDay,
  NBSP,
  NNBSP,
  site,
  siteUrl,
  terms,
  withdrawalTexts,
  withoutProtocol,
} from '../src/facts';
import { COMPANY, devisMentions, type CompanyFacts, type MentionInput } from '../src/requests/devis/mentions';
import type { DevisDraft, FrozenDevis } from '../src/requests/devis/draft';
import { devisTotals, formatCents } from '../src/requests/devis/money';
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
    assert.equal(byId(mentions, 'client').text, 'Élodie Martin\nLieu d’intervention : 3 rue des Lilas, 06600 Antibes');
    assert.equal(byId(mentions, 'withdrawal').paragraphs[0], withdrawalTexts.rightFromConclusion);
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
      siteUrl: 'https://exemple.test',
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
    assert.match(byId(mentions, 'company').text, /^Autre Nom SAS, 5 avenue Test, 06000 Nice/);
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
      /jusqu’à 45 km de Nice ; au-delà, 0,75 € HT par kilomètre supplémentaire \(aller et retour\), soit 0,90 € TTC au taux de TVA des travaux \(20 %\)/,
    );
    assert.match(byId(mentions, 'free').text, /payant/);
    assert.match(byId(mentions, 'cgv').text, /exemple\.test\/cgv\/versions\//);
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
    assert.match(byId(mentions, 'client').text, /^Boulangerie Test, SIREN 123 456 789/);
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
    assert.ok(plain(devisKeepSentence(site.email)).includes(`pour ${keep.thresholdEuros} € TTC ou plus est conservé`));
    assert.ok(
      plain(devisKeepSentence(site.email)).includes(
        `jusqu’à l’exécution complète des prestations, puis pendant ${keep.years} ans ; vous pouvez en obtenir une copie à tout moment, sur simple demande à ${site.email}`,
      ),
    );
    assert.match(devisKeepSentence(site.email), /L\. 213-1, D\. 213-1 et D\. 213-2/);
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

describe('the mentions by the client’s kind', () => {
  const professional = (employees: number, withinMainActivity: boolean): MentionInput => {
    const client = { ...input().client, name: 'Boulangerie Test', kind: 'professional' as const, siren: '552100554' };
    return input({
      client,
      professional: { employees, withinMainActivity },
      withdrawal: withdrawalRules({
        way: 'distance',
        client: { kind: 'professional', employees, withinMainActivity },
        urgent: false,
        lines: [line],
      }),
    });
  };
  const nonProfessional = (): MentionInput =>
    input({
      client: { ...input().client, name: 'Syndicat des copropriétaires Les Pins', kind: 'nonProfessional' },
      withdrawal: withdrawalRules({
        way: 'distance',
        client: { kind: 'nonProfessional' },
        urgent: false,
        lines: [line],
      }),
    });
  const all = (mentions: ReturnType<typeof devisMentions>) =>
    plain(mentions.flatMap((mention) => mention.paragraphs).join('\n'));

  test('a professional: late-payment penalties, the recovery indemnity, the 60 days, indicative times, its facts', () => {
    const mentions = devisMentions(professional(12, true));
    const payment = byId(mentions, 'payment').text;
    assert.ok(payment.includes(`${terms.latePaymentRateMultiplier} fois le taux d’intérêt légal`), payment);
    assert.ok(payment.includes(`indemnité forfaitaire pour frais de recouvrement de ${terms.recoveryFeeEuros} €`));
    assert.match(payment, /L\. 441-10 et D\. 441-5 du Code de commerce/);
    assert.ok(payment.includes(`dépasser ${devisProfessionalTerms.maxPaymentDays} jours`));
    const schedule = byId(mentions, 'schedule').text;
    assert.match(schedule, /à titre indicatif, sauf date ferme/);
    assert.ok(!schedule.includes('L. 216-1'), 'no consumer-law default for a professional');
    const client = byId(mentions, 'client').text;
    assert.ok(byId(mentions, 'client').paragraphs[0]?.endsWith(`SIREN 552${NNBSP}100${NNBSP}554`));
    assert.ok(client.includes('SIREN 552 100 554'));
    assert.ok(client.includes('Vous nous avez déclaré employer 12 salariés ; les travaux entrent dans le champ'));
    assert.match(
      byId(devisMentions(professional(1, false)), 'client').text,
      /employer 1 salarié ; les travaux n’entrent pas dans le champ de votre activité principale/,
    );
    assert.match(byId(mentions, 'withdrawal').text, /entre professionnels/);
  });

  test('a consumer’s devis carries none of the professional’s terms', () => {
    const text = all(devisMentions(input()));
    assert.ok(!text.includes('taux d’intérêt légal'));
    assert.ok(!text.includes(`${terms.recoveryFeeEuros} €`));
    assert.ok(!text.includes('à titre indicatif'));
    assert.ok(!text.includes('déclaré employer'));
    assert.match(byId(devisMentions(input()), 'schedule').text, /L\. 216-1/);
  });

  test('a non-professional: no withdrawal (consumers only), no mediator, never « entre professionnels »', () => {
    const mentions = devisMentions(nonProfessional());
    assert.deepEqual(byId(mentions, 'withdrawal').paragraphs, [withdrawalTexts.noneNonProfessional]);
    assert.match(withdrawalTexts.noneNonProfessional, /^Le droit de rétractation est réservé aux consommateurs/);
    assert.equal(
      mentions.some((mention) => mention.id === 'mediator'),
      false,
    );
    const text = all(mentions);
    assert.ok(!text.includes('entre professionnels'));
    assert.ok(!text.includes('taux d’intérêt légal'));
    assert.ok(!text.includes('L. 216-1'));
    assert.equal(byId(mentions, 'client').paragraphs[0], 'Syndicat des copropriétaires Les Pins');
  });

  test('the travel cost per km at the works’ VAT rate, billed only if a line of the devis carries it', () => {
    const perKm = COMPANY.travel.perKmHtCents;
    const ttcAt = (bp: number) => plain(formatCents(perKm + Math.round((perKm * bp) / 10000)));
    const at10 = byId(devisMentions(input({ lines: [{ ...line, vatRateBp: 1000 }] })), 'travel').text;
    assert.ok(at10.includes(`soit ${ttcAt(1000)} TTC au taux de TVA des travaux (10 %)`), at10);
    assert.ok(at10.endsWith('facturé seulement s’il figure sur une ligne du présent devis.'));
    // The travel line's own rate wins over the others'.
    const travelLine: DevisLine = { ...line, priceListId: 'travel', vatRateBp: 550 };
    assert.ok(
      byId(devisMentions(input({ lines: [line, travelLine] })), 'travel').text.includes(
        `soit ${ttcAt(550)} TTC au taux de TVA des travaux (5,5 %)`,
      ),
    );
    // Several rates and no travel line: HT only, with the rule.
    const mixed = byId(devisMentions(input({ lines: [line, { ...line, vatRateBp: 1000 }] })), 'travel').text;
    assert.ok(mixed.includes('majoré de la TVA au taux des travaux'), mixed);
    assert.ok(!mixed.includes('TTC'));
  });

  test('the CGV governing the devis’s date, their dated page, the devis prevailing', () => {
    const issuedAt = new Date('2026-12-03T10:00:00Z');
    const version = cgvVersionOn(isoDay(issuedAt));
    const text = byId(devisMentions(input({ issuedAt })), 'cgv').text;
    assert.ok(text.includes(`en vigueur au ${plain(formatFrenchDay('2026-12-03'))}`), text);
    assert.ok(text.includes(`(version du ${plain(formatFrenchDay(version.date))})`));
    assert.ok(text.includes(withoutProtocol(`${siteUrl}${version.href}`)), text);
    assert.match(text, /jointes au présent devis/);
    assert.match(text, /Les conditions particulières du présent devis prévalent sur elles\./);
  });

  test('the price, the company once, « vous » and « Lieu d’intervention »', () => {
    const mentions = devisMentions(input());
    // One line of 150 € HT at 20 %: the totals, computed by hand.
    const prices = byId(mentions, 'prices').text;
    assert.ok(prices.startsWith('Prix total : 180,00 € TTC (150,00 € HT)'), prices);
    assert.match(prices, /prix ferme/i);
    assert.match(prices, /tout travail supplémentaire fera l’objet d’un devis complémentaire/);
    assert.ok(byId(mentions, 'prices').paragraphs[0]?.includes(`180,00${NBSP}€${NBSP}TTC`));
    assert.equal(byId(mentions, 'company').paragraphs[0]?.includes('('), false);
    // The client's documents speak to them: never « le client », the reduced rates' certifications included.
    const everyRate = [line, { ...line, vatRateBp: 1000 }, { ...line, vatRateBp: 550 }];
    for (const kind of ['consumer', 'nonProfessional'] as const) {
      const client = { ...input().client, kind };
      const text = all(devisMentions(input({ lines: everyRate, client })));
      assert.match(text, /vous certifiez/);
      assert.doesNotMatch(text, /\ble client\b/i, kind);
    }
    assert.match(byId(mentions, 'replacedParts').text, /^Vous pouvez conserver/);
    assert.match(byId(mentions, 'client').label, /lieu d’intervention/);
  });
});
