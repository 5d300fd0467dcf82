import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DomUtils } from 'htmlparser2';
import { attribute, elementById, elements, firstElement, type HtmlDocument } from '../../scripts/html';
import {
  cgvVersionOn,
  devisClientTexts,
  devisVatRates,
  formatFrenchDay,
  isoDay,
  paths,
  site,
  siteUrl,
  withdrawalTexts,
} from '../src/facts';
import type { DevisDraft } from '../src/requests/devis/draft';
import { unitAfter } from '../src/requests/devis/units';
import { acceptanceProof } from '../src/delivery/proof-store';
import { eventsOf } from '../src/store/devis-events';
import { waitFor } from './helpers';
import { plain, readPdf } from './pdf-text';
import {
  clientApp,
  codeOf,
  html,
  mainText,
  nonceOf,
  requiredAnswers,
  tokenOf,
  type ClientApp,
} from './devis-client-helpers';
import { draft, sentDevis } from './factories';

/**
 * The acceptance form of the client's page (client/acceptance-form.ts, docs/devis.md « Les étapes du client »):
 * each box shown only where the devis calls for it, the required ones refused in French when left unticked
 * (nothing typed lost), a professional signer's capacity, and the whole answer recorded word for word with the
 * code and in the accepted event. Also what the page shows open above the form, and its footer's links.
 */

const texts = devisClientTexts;
const reducedRates = devisVatRates.filter((rate) => 'attestation' in rate);
const homeWorks = reducedRates.find((rate) => rate.id === 'homeWorks')!;
const energy = reducedRates.find((rate) => rate.id === 'energyRenovation')!;
const standardBp = Math.round(devisVatRates[0].ratePercent * 100);
const bpOf = (rate: { ratePercent: number }) => Math.round(rate.ratePercent * 100);

const acceptForm = (doc: HtmlDocument) =>
  firstElement(doc, (element) => element.name === 'form' && (attribute(element, 'action') ?? '').endsWith('/accepter'));

/** The form's checkboxes, in order: their id, whether required, and their label's words as shown. */
function boxesOf(doc: HtmlDocument) {
  const form = acceptForm(doc);
  assert.ok(form, 'an acceptance form');
  return elements(form, (element) => element.name === 'input' && attribute(element, 'type') === 'checkbox').map(
    (input) => {
      const id = attribute(input, 'id') ?? '';
      const label = firstElement(form, (element) => element.name === 'label' && attribute(element, 'for') === id);
      return {
        id,
        name: attribute(input, 'name') ?? '',
        required: attribute(input, 'required') !== undefined,
        checked: attribute(input, 'checked') !== undefined,
        text: label ? DomUtils.textContent(label) : '',
      };
    },
  );
}

async function pageOf(client: ClientApp, changes: Partial<DevisDraft> = {}) {
  const sent = await sentDevis(client.db, client.clock.now, changes);
  return { sent, doc: html(await client.get(sent.link)) };
}

const professionalClient: Partial<DevisDraft> = {
  client: {
    name: 'Boulangerie du Port',
    email: 'compta@boulangerie.example',
    phone: '04 93 00 00 00',
    jobAddress: '3 quai Rambaud, 06600 Antibes',
    kind: 'professional',
    siren: '552100554',
  },
  professional: { employees: 12, withinMainActivity: false },
};

describe('the boxes of the acceptance form', () => {
  test('at a distance, 10 % VAT: « Bon pour accord » with the total TTC, the certification, early start, replaced parts', async (t) => {
    const client = await clientApp(t);
    const { doc } = await pageOf(client);
    const boxes = boxesOf(doc);
    assert.deepEqual(
      boxes.map((box) => [box.id, box.required]),
      [
        ['accord', true],
        [`tva-${homeWorks.id}`, true],
        ['debut-anticipe', false],
        ['pieces-remplacees', false],
      ],
    );
    assert.ok(
      boxes.every((box) => !box.checked),
      'nothing ticked in advance',
    );
    // 320 + 1,5 × 55 = 402,50 HT; 10 % VAT 40,25; 442,75 TTC.
    assert.ok(boxes[0]?.text.includes('442,75\u00a0€ TTC'), boxes[0]?.text);
    assert.match(boxes[0]?.text ?? '', /^Bon pour accord/);
    const cgv = cgvVersionOn(isoDay(client.clock.now));
    assert.ok(
      boxes[0]?.text.includes(`conditions générales de vente du ${formatFrenchDay(cgv.date)}`),
      'their version',
    );
    assert.ok(boxes[1]?.text.startsWith(homeWorks.attestation), 'the attestation of content/devis.ts');
    assert.match(boxes[1]?.text ?? '', /solidairement tenu\(e\) au paiement du complément de TVA/);
    assert.ok(boxes[1]?.text.includes(homeWorks.legalBasis));
    assert.equal(boxes[2]?.text, withdrawalTexts.earlyStartBox);
    assert.equal(boxes[3]?.text, texts.keepReplacedParts);
    assert.equal(elementById(doc, 'qualite'), undefined, 'no capacity asked of a consumer');
    const button = firstElement(acceptForm(doc)!, (element) => element.name === 'button');
    assert.equal(DomUtils.textContent(button!), texts.sendCode);
    assert.match(texts.sendCode, /code de signature/);
  });

  test('one certification per reduced rate used, none at the standard rate alone', async (t) => {
    const client = await clientApp(t);
    const line = draft().lines[0]!;
    const both = await pageOf(client, {
      lines: [line, { ...line, vatRateBp: bpOf(energy) }, { ...line, vatRateBp: standardBp }],
    });
    const ids = boxesOf(both.doc).map((box) => box.id);
    assert.deepEqual(
      ids.filter((id) => id.startsWith('tva-')),
      [`tva-${homeWorks.id}`, `tva-${energy.id}`],
    );
    assert.ok(boxesOf(both.doc)[2]?.text.startsWith(energy.attestation));
    const standard = await pageOf(client, { lines: [{ ...line, vatRateBp: standardBp }] });
    assert.deepEqual(
      boxesOf(standard.doc).map((box) => box.id),
      ['accord', 'debut-anticipe', 'pieces-remplacees'],
    );
  });

  test('off premises: the e-mail consent is required; refused beside the box, nothing typed lost', async (t) => {
    const client = await clientApp(t);
    const { sent, doc } = await pageOf(client, { way: 'hors-etablissement' });
    const consent = boxesOf(doc).find((box) => box.id === 'support-durable');
    assert.ok(consent?.required);
    assert.equal(consent?.text, texts.durableMedium);
    const answers = requiredAnswers(doc);
    delete answers[consent.name];
    const refused = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(doc),
      nom: 'Camille Durand',
      ...answers,
      pieces_remplacees: 'oui',
    });
    assert.equal(refused.statusCode, 400);
    const again = html(refused);
    const beside = elementById(again, 'support-durable-erreur');
    assert.equal(beside ? DomUtils.textContent(beside) : '', texts.errors.durableMedium);
    assert.equal(attribute(elementById(again, 'support-durable')!, 'aria-describedby'), 'support-durable-erreur');
    assert.equal(attribute(elementById(again, 'nom')!, 'value'), 'Camille Durand');
    const kept = boxesOf(again);
    assert.deepEqual(
      kept.filter((box) => box.checked).map((box) => box.id),
      ['accord', `tva-${homeWorks.id}`, 'pieces-remplacees'],
    );
    assert.equal(client.smtp.messages.length, 0);
    assert.equal((await client.db.execute('SELECT COUNT(*) AS n FROM devis_codes')).rows[0]?.n, 0);
    const accepted = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(again),
      nom: 'Camille Durand',
      ...requiredAnswers(again),
    });
    assert.equal(accepted.statusCode, 303);
    // Not asked at a distance.
    const distance = await pageOf(client);
    assert.ok(!boxesOf(distance.doc).some((box) => box.id === 'support-durable'));
  });

  test('urgent work at home: the express request is required, no early start; not asked otherwise', async (t) => {
    const client = await clientApp(t);
    const { sent, doc } = await pageOf(client, { urgent: true });
    const ids = boxesOf(doc).map((box) => box.id);
    assert.ok(ids.includes('urgence'));
    assert.ok(!ids.includes('debut-anticipe'));
    const urgent = boxesOf(doc).find((box) => box.id === 'urgence');
    assert.ok(urgent?.required);
    assert.equal(urgent?.text, texts.urgentRequest);
    const answers = requiredAnswers(doc);
    delete answers.urgence;
    const refused = await client.post(`${sent.link}/accepter`, { _csrf: tokenOf(doc), nom: 'Camille', ...answers });
    assert.equal(refused.statusCode, 400);
    assert.ok(mainText(html(refused)).includes(texts.errors.urgentRequest));
    // At the premises, urgency takes nothing from the right (there is none): no request box.
    const premises = await pageOf(client, { urgent: true, way: 'etablissement' });
    assert.ok(!boxesOf(premises.doc).some((box) => box.id === 'urgence'));
  });

  test('a professional client: « Qualité du signataire » required, kept when refused', async (t) => {
    const client = await clientApp(t);
    const { sent, doc } = await pageOf(client, professionalClient);
    const field = elementById(doc, 'qualite');
    assert.ok(field && attribute(field, 'required') !== undefined);
    const label = firstElement(doc, (element) => element.name === 'label' && attribute(element, 'for') === 'qualite');
    assert.equal(DomUtils.textContent(label!), texts.capacity);
    const answers = requiredAnswers(doc);
    delete answers.qualite;
    const refused = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(doc),
      nom: 'Jean Martin',
      ...answers,
    });
    assert.equal(refused.statusCode, 400);
    assert.ok(mainText(html(refused)).includes(texts.errors.capacity));
    const tooLong = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(doc),
      nom: 'Jean Martin',
      ...answers,
      qualite: 'g'.repeat(101),
    });
    assert.equal(tooLong.statusCode, 400);
    assert.equal(attribute(elementById(html(tooLong), 'nom')!, 'value'), 'Jean Martin');
  });
});

describe('what the acceptance records', () => {
  test('every box with its words as shown, in order, the capacity and the address, with the code and on acceptance', async (t) => {
    const client = await clientApp(t);
    const { sent, doc } = await pageOf(client, { ...professionalClient, way: 'hors-etablissement' });
    const shown = boxesOf(doc);
    const asked = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(doc),
      nom: 'Jean Martin',
      ...requiredAnswers(doc),
      qualite: '  Directeur   technique ',
      pieces_remplacees: 'oui',
      debut_anticipe: 'oui',
    });
    assert.equal(asked.statusCode, 303);
    const expected = {
      signerName: 'Jean Martin',
      earlyStart: false,
      signerCapacity: 'Directeur technique',
      boxes: shown.map((box) => ({
        id: box.id,
        text: box.text,
        checked: box.required || box.id === 'pieces-remplacees',
      })),
      codeSentTo: 'compta@boulangerie.example',
    };
    // A professional off premises, within its main activity or not, employing 12: no withdrawal, no early start.
    assert.ok(!shown.some((box) => box.id === 'debut-anticipe'));
    assert.ok(shown.some((box) => box.id === 'support-durable'));
    const row = await client.db.execute('SELECT detail, signer_name, early_start FROM devis_codes');
    assert.deepEqual(JSON.parse(String(row.rows[0]?.detail)), expected);
    assert.equal(row.rows[0]?.signer_name, 'Jean Martin');

    await client.app.outbox.wake();
    const code = await waitFor('the code mail', () => codeOf(client.smtp, 1));
    const mail = client.smtp.messages[0];
    assert.equal(mail?.to && 'text' in mail.to ? mail.to.text : '', expected.codeSentTo);
    // The code page this request was sent to recaps what the code will sign: the capacity and every box.
    const codePage = html(await client.get(String(asked.headers.location)));
    const recap = plain(mainText(codePage));
    assert.ok(recap.includes('Directeur technique'), 'the capacity in the recap');
    for (const box of shown) assert.ok(recap.includes(plain(box.text)), `the box ${box.id} in the recap`);
    const button = firstElement(codePage, (element) => element.name === 'button');
    assert.equal(DomUtils.textContent(button!), texts.confirm);
    assert.match(texts.confirm, /obligation de paiement/);
    const confirmed = await client.post(`${sent.link}/code`, {
      _csrf: tokenOf(codePage),
      demande: nonceOf(codePage),
      code,
    });
    assert.equal(confirmed.statusCode, 303);
    const accepted = (await eventsOf(client.db, sent.devisId)).find((event) => event.kind === 'accepted');
    assert.deepEqual(JSON.parse(accepted?.detail ?? ''), expected);
    // The proof stored at the acceptance carries the same words: the capacity, the address, each box.
    const proof = await acceptanceProof(client.db, sent.devisId, sent.version, { store: false, sourceDir: undefined });
    assert.ok(proof?.stored, 'the proof stored at the acceptance');
    const proofText = plain((await readPdf(proof.pdf)).text);
    assert.ok(proofText.includes('Directeur technique'), 'the capacity in the proof');
    assert.ok(proofText.includes(expected.codeSentTo), 'the address the code went to');
    for (const box of shown) assert.ok(proofText.includes(plain(box.text)), `the box ${box.id} in the proof`);
  });

  test('a code asked before the form was recorded: its name and early start stand', async (t) => {
    const client = await clientApp(t);
    const { sent, doc } = await pageOf(client);
    const asked = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(doc),
      nom: 'Camille Durand',
      ...requiredAnswers(doc),
      debut_anticipe: 'oui',
    });
    await client.db.execute('UPDATE devis_codes SET detail = NULL');
    await client.app.outbox.wake();
    const code = await waitFor('the code mail', () => codeOf(client.smtp, 1));
    const codePage = html(await client.get(String(asked.headers.location)));
    await client.post(`${sent.link}/code`, { _csrf: tokenOf(codePage), demande: nonceOf(codePage), code });
    const accepted = (await eventsOf(client.db, sent.devisId)).find((event) => event.kind === 'accepted');
    assert.deepEqual(JSON.parse(accepted?.detail ?? ''), { signerName: 'Camille Durand', earlyStart: true });
  });
});

describe('what the page shows around the form', () => {
  test('the object, description, start, duration, payment and deposit open; the withdrawal text once', async (t) => {
    const client = await clientApp(t);
    const { doc } = await pageOf(client, {
      subject: 'Remplacement du circulateur de la pompe à chaleur',
      description: 'Dépose de l’ancien circulateur.\nPose et mise en service du nouveau.',
      start: 'semaine du 14 décembre 2026',
      duration: 'une demi-journée',
      paymentTerms: 'À réception de la facture, par virement.',
      depositCents: 10000,
    });
    const main = firstElement(doc, (element) => element.name === 'main')!;
    // The text outside every <details>: what the client reads without opening anything.
    const open = elements(main, (element) => element.name === 'section')
      .filter((section) => !elements(section, (element) => element.name === 'details').length)
      .map((section) => DomUtils.textContent(section))
      .join(' ');
    for (const shown of [
      'Remplacement du circulateur de la pompe à chaleur',
      'Pose et mise en service du nouveau.',
      'semaine du 14 décembre 2026',
      'une demi-journée',
      'À réception de la facture, par virement.',
      '100,00\u00a0€',
    ]) {
      assert.ok(open.includes(shown), shown);
    }
    const text = mainText(doc);
    assert.equal(text.split(withdrawalTexts.rightFromConclusion).length - 1, 1, 'the withdrawal text once');
    // The 1127-1 information above the form, the proof notice under it.
    const section = elementById(doc, 'reponse');
    assert.ok(section, 'the acceptance section');
    const sectionText = DomUtils.textContent(section);
    for (const sentence of [
      texts.acceptIntro,
      ...texts.acceptSteps,
      texts.acceptCorrect,
      texts.acceptArchive(site.email),
    ]) {
      assert.ok(sectionText.indexOf(sentence) >= 0, sentence);
      assert.ok(sectionText.indexOf(sentence) < sectionText.indexOf(texts.name), `${sentence}: above the form`);
    }
    assert.ok(sectionText.indexOf(texts.proofNotice) > sectionText.indexOf(texts.sendCode), 'the notice under it');
    const policy = elements(section, (element) => element.name === 'a').find(
      (link) => DomUtils.textContent(link) === texts.proofNoticeLink,
    );
    assert.equal(policy && attribute(policy, 'href'), `${siteUrl}${paths.privacy}`);
  });

  test('the footer links the devis’s CGV version, the privacy policy, the legal notice and « Résilier un contrat »', async (t) => {
    const client = await clientApp(t, new Date('2026-12-03T10:00:00Z'));
    const { doc } = await pageOf(client);
    const footer = firstElement(doc, (element) => element.name === 'footer')!;
    const links = elements(footer, (element) => element.name === 'a').map((link) => [
      DomUtils.textContent(link),
      attribute(link, 'href'),
    ]);
    const cgv = cgvVersionOn(isoDay(client.clock.now));
    assert.deepEqual(links, [
      [`Conditions générales de vente du ${formatFrenchDay(cgv.date)}`, `${siteUrl}${cgv.href}`],
      [texts.footer.privacy, `${siteUrl}${paths.privacy}`],
      [texts.footer.legalNotice, `${siteUrl}${paths.legalNotice}`],
      [texts.footer.termination, `${siteUrl}${paths.termination}`],
    ]);
    assert.match(String(links[0]?.[1]), /\/cgv\/versions\/\d{4}-\d{2}-\d{2}\/$/);
  });

  test('units take the plural after a quantity of 2 or more; symbols never', async (t) => {
    assert.equal(unitAfter(1500, 'heure'), 'heure');
    assert.equal(unitAfter(2000, 'heure'), 'heures');
    assert.equal(unitAfter(2500, 'unité'), 'unités');
    assert.equal(unitAfter(3000, 'km'), 'km');
    assert.equal(unitAfter(12000, 'm²'), 'm²');
    assert.equal(unitAfter(2000, 'mois'), 'mois');
    assert.equal(unitAfter(2000, 'tuyau'), 'tuyaux');
    const client = await clientApp(t);
    const line = draft().lines[1]!;
    const { doc } = await pageOf(client, {
      lines: [
        { ...line, quantityMilli: 1500 },
        { ...line, quantityMilli: 2500, unit: 'unité' },
        { ...line, quantityMilli: 3000, unit: 'km' },
      ],
    });
    const text = mainText(doc);
    for (const shown of ['1,5\u00a0heure', '2,5\u00a0unités', '3\u00a0km']) assert.ok(text.includes(shown), shown);
  });
});
