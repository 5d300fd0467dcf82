import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { devisDocumentOf } from '../src/documents/devis-of-version';
import { renderDevisPdf } from '../src/documents/devis-pdf';
import { depositNotBefore, devisProfessionalTexts, site, terms, withdrawalForm, withdrawalTexts } from '../src/facts';
import type { ContractWay, DevisLine } from '../src/requests/devis/types';
import { plain, readPdf } from './pdf-text';
import { labourLine, partLine, sampleFrozen } from './factories';

/**
 * The PDF the team sends, from a frozen version: read back by PDF.js, it shows the number, the version,
 * every line and total (written out by hand below), and the withdrawal text of the way the contract is made.
 */
const NBSP = '\u00a0';
const NNBSP = '\u202f';
const has = (text: string, expected: string) => text.includes(plain(expected));

describe('the PDF of a sent version', () => {
  test('number, version, date, validity, every line and every total', async () => {
    const { pages, text } = await readPdf(await renderDevisPdf(devisDocumentOf(sampleFrozen())));
    assert.ok(has(text, `Devis n°${NBSP}DEV-2026-0007`));
    assert.ok(has(text, 'Version 2'));
    assert.ok(has(text, `Date${NBSP}: 24${NBSP}novembre${NBSP}2026`));
    assert.ok(has(text, `Valable jusqu’au 24${NBSP}décembre${NBSP}2026`));
    assert.ok(has(text, 'Dépannage de chauffage'));
    assert.ok(has(text, 'La chaudière se met en sécurité chaque matin.'));
    assert.ok(has(text, 'Camille Durand'));
    assert.ok(has(text, '12 avenue des Pins, 06600 Antibes'));
    // 2,5 h × 65 € = 162,50 € at 10 %; 1 × 1 234,56 € at 20 %.
    assert.ok(has(text, `${labourLine.designation} Prestation 2,5 heure 65,00${NBSP}€ 10${NBSP}% 162,50${NBSP}€`));
    assert.ok(
      has(
        text,
        `${partLine.designation} Fourniture 1 unité 1${NNBSP}234,56${NBSP}€ 20${NBSP}% 1${NNBSP}234,56${NBSP}€`,
      ),
    );
    // 162,50 + 1 234,56 = 1 397,06; VAT 16,25 and 246,91 (246,912 rounded); TTC 1 660,22.
    for (const total of [
      `Total HT 1${NNBSP}397,06${NBSP}€`,
      `TVA 10${NBSP}% sur 162,50${NBSP}€ 16,25${NBSP}€`,
      `TVA 20${NBSP}% sur 1${NNBSP}234,56${NBSP}€ 246,91${NBSP}€`,
      `Total TTC 1${NNBSP}660,22${NBSP}€`,
      `Début prévu des travaux${NBSP}: semaine du 7 décembre`,
      `Durée prévue${NBSP}: 1 jour`,
    ]) {
      assert.ok(has(text, total), total);
    }
    // The mentions from the company's facts.
    assert.ok(has(text, site.insurance.insurer));
    assert.ok(has(text, site.mediator.name));
    assert.ok(has(text, 'Ce devis est gratuit.'));
    assert.ok(pages.length >= 2);
  });

  const cases: {
    name: string;
    way: ContractWay;
    urgent: boolean;
    lines?: DevisLine[];
    shows: string[];
    form: boolean;
  }[] = [
    {
      name: 'at a distance, with goods: 14 days from the receipt of the goods, and the model form',
      way: 'distance',
      urgent: false,
      shows: [withdrawalTexts.rightFromGoodsReceipt, withdrawalTexts.noEarlyStartGoods, withdrawalTexts.earlyStartCost],
      form: true,
    },
    {
      name: 'off premises, services only: 14 days from the conclusion, no payment before the eighth day',
      way: 'hors-etablissement',
      urgent: false,
      lines: [labourLine],
      shows: [
        withdrawalTexts.rightFromConclusion,
        withdrawalTexts.noEarlyStart,
        withdrawalTexts.earlyStartCost,
        withdrawalTexts.paymentWait,
      ],
      form: true,
    },
    {
      name: 'off premises, urgent at the client’s request: no withdrawal, payment at once',
      way: 'hors-etablissement',
      urgent: true,
      shows: [withdrawalTexts.noneUrgent, withdrawalTexts.paymentUrgent],
      form: false,
    },
    {
      name: 'at our premises: no withdrawal',
      way: 'etablissement',
      urgent: false,
      shows: [withdrawalTexts.noneAtPremises],
      form: false,
    },
  ];
  for (const { name, way, urgent, lines, shows, form } of cases) {
    test(name, async () => {
      const doc = devisDocumentOf(sampleFrozen({ way, urgent, ...(lines ? { lines } : {}) }));
      const { pages, text } = await readPdf(await renderDevisPdf(doc));
      for (const sentence of shows) assert.ok(has(text, sentence), sentence);
      const others = Object.values(withdrawalTexts).filter((sentence) => !shows.includes(sentence));
      for (const sentence of [withdrawalTexts.rightFromConclusion, withdrawalTexts.rightFromGoodsReceipt]) {
        if (others.includes(sentence)) assert.ok(!has(text, sentence), `not: ${sentence}`);
      }
      assert.equal(has(pages.at(-1) ?? '', withdrawalForm(site).title), form);
    });
  }

  test('off premises, the deposit in the conditions says from which day it is payable', async () => {
    const { text } = await readPdf(
      await renderDevisPdf(devisDocumentOf(sampleFrozen({ way: 'hors-etablissement', depositCents: 30000 }))),
    );
    assert.ok(has(text, `Acompte${NBSP}: 300,00${NBSP}€ TTC, ${depositNotBefore}`), text);
    const distance = (await readPdf(await renderDevisPdf(devisDocumentOf(sampleFrozen({ depositCents: 30000 }))))).text;
    assert.ok(has(distance, `Acompte${NBSP}: 300,00${NBSP}€ TTC`));
    assert.ok(!has(distance, depositNotBefore));
  });

  test('a professional’s devis: the late-payment terms, the 40 €, its declared facts; no consumer default', async () => {
    const doc = devisDocumentOf(
      sampleFrozen({
        client: { ...sampleFrozen().client, name: 'Boulangerie Test', kind: 'professional', siren: '732829320' },
        professional: { employees: 8, withinMainActivity: true },
        start: undefined,
      }),
    );
    const { text } = await readPdf(await renderDevisPdf(doc));
    for (const sentence of [
      devisProfessionalTexts.latePayment,
      devisProfessionalTexts.paymentMax,
      devisProfessionalTexts.indicativeSchedule,
      withdrawalTexts.noneProfessional,
    ])
      assert.ok(has(text, sentence), sentence);
    assert.ok(has(text, `${terms.recoveryFeeEuros}${NBSP}€`));
    assert.ok(has(text, `Vous nous avez déclaré employer 8${NBSP}salariés`));
    assert.ok(!has(text, 'L. 216-1'));
  });

  test('a non-professional’s devis: consumers only may withdraw, no mediator, not « entre professionnels »', async () => {
    const doc = devisDocumentOf(
      sampleFrozen({
        client: { ...sampleFrozen().client, name: 'Syndicat des copropriétaires', kind: 'nonProfessional' },
      }),
    );
    const { pages, text } = await readPdf(await renderDevisPdf(doc));
    assert.ok(has(text, withdrawalTexts.noneNonProfessional));
    assert.ok(!has(text, 'entre professionnels'));
    assert.ok(!has(text, site.mediator.name));
    assert.ok(!has(text, 'Médiation de la consommation'));
    assert.ok(!has(pages.at(-1) ?? '', withdrawalForm(site).title));
    assert.ok(!has(text, devisProfessionalTexts.latePayment));
  });

  test('a replaced version says so at the top', async () => {
    const { pages } = await readPdf(
      await renderDevisPdf(devisDocumentOf(sampleFrozen({ version: 1 }), { replacedBy: 2 })),
    );
    assert.ok(has(pages[0] ?? '', 'Cette version est remplacée par la version 2'));
  });
});
