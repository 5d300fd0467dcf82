import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { devisDocumentOf } from '../src/documents/devis-of-version';
import { renderDevisPdf } from '../src/documents/devis-pdf';
import { proofDocumentOf } from '../src/documents/proof-of-version';
import { renderProofPdf } from '../src/documents/proof-pdf';
import { cgvVersionOn, DEVIS_CLIENT_PATH, isoDay } from '../src/facts';
import { parseFrozenDevis, type DevisDraft, type FrozenDevis } from '../src/requests/devis/draft';
import { COMPANY, type CompanyFacts } from '../src/requests/devis/mentions';
import { formatCents } from '../src/requests/devis/money';
import { eventsOf, recordEvent } from '../src/store/devis-events';
import { createDevis } from '../src/store/devis-queries';
import { sendDevis, type SentVersion } from '../src/store/devis-sending';
import { versionPdf } from '../src/store/devis-versions';
import type { Db } from '../src/store/db';
import { clientApp, html, mainText } from './devis-client-helpers';
import { plain, readPdf } from './pdf-text';
import { draft, requestForDevis } from './factories';

/**
 * What the client signs stays what was sent (requests/devis/view.ts devisView, documents/): the company's
 * facts are frozen into a version at its sending, so that a fact changed afterwards (the facts are the app's
 * `company` option here: content/ is never edited) leaves its page, its PDF and its proof as they were; a
 * version frozen before the facts were (none in its content) reads today's. And the page shows the
 * characters the PDF draws, whatever the stored text holds.
 */

/** Today's facts, changed after the sending: another address, insurer, mediator and travel price. */
const changed: CompanyFacts = {
  ...COMPANY,
  site: {
    ...COMPANY.site,
    address: { ...COMPANY.site.address, street: '3 boulevard du Changement', postalCode: '06000', city: 'Nice' },
    phone: '04 00 00 00 00',
    insurance: { ...COMPANY.site.insurance, insurer: 'Assureur Nouveau SA', policy: 'NOUVEAU-1' },
    mediator: { ...COMPANY.site.mediator, name: 'Médiateur Nouveau' },
  },
  travel: { includedKm: 99, perKmHtCents: 987 },
};
const changedFacts = ['3 boulevard du Changement', 'Assureur Nouveau SA', 'Médiateur Nouveau', 'NOUVEAU-1', '9,87'];

/** A devis sent at `now` as « Envoyer » does: its PDF rendered from the frozen content with today's facts. */
async function send(
  db: Db,
  now: Date,
  today: CompanyFacts,
  changes: Partial<DevisDraft> = {},
): Promise<SentVersion & { devisId: number; link: string }> {
  const request = await requestForDevis(db);
  const devisId = await createDevis(db, request.id, draft(changes), now);
  const sent = await sendDevis(
    db,
    devisId,
    now,
    {},
    { company: today, pdf: (content) => renderDevisPdf(devisDocumentOf(content, { company: today })) },
  );
  return { ...sent, devisId, link: `${DEVIS_CLIENT_PATH}/${sent.secret}` };
}

/**
 * Stores `content` as the version's own, as an older receiver would have frozen it: the store's trigger keeps
 * a sent version as it is, so the test lifts it on its own throw-away store first.
 */
async function storedBefore(db: Db, devisId: number, content: string): Promise<void> {
  await db.execute('DROP TRIGGER devis_versions_frozen');
  await db.execute({
    sql: 'UPDATE devis_versions SET content = ?, pdf = NULL, pdf_sha256 = NULL WHERE devis_id = ?',
    args: [content, devisId],
  });
}

const proofOf = (content: FrozenDevis, events: Awaited<ReturnType<typeof eventsOf>>, today: CompanyFacts) =>
  proofDocumentOf(
    {
      number: content.number,
      version: content.version,
      documentSha256: 'a'.repeat(64),
      answers: { signerName: 'Camille', earlyStart: false },
      clientEmail: content.client.email,
      earlyStartOffered: false,
      cgvDate: cgvVersionOn(isoDay(new Date(content.issuedAt))).date,
      content,
    },
    events,
    today,
  );

describe('a company fact changed after the sending', () => {
  test('the client’s page, the PDF and the proof show the facts of the sending', async (t) => {
    const sentAt = new Date('2026-11-24T09:00:00Z');
    const today = { facts: COMPANY };
    const client = await clientApp(t, new Date('2026-11-25T10:00:00Z'), { company: () => today.facts });
    const sent = await send(client.db, sentAt, COMPANY);
    assert.ok(
      await recordEvent(client.db, {
        devisId: sent.devisId,
        version: 1,
        kind: 'accepted',
        at: new Date('2026-11-25T09:00:00Z'),
        detail: '{"signerName":"Camille"}',
      }),
    );
    const before = mainText(html(await client.get(sent.link)));
    assert.ok(before.includes(COMPANY.site.insurance.insurer), 'the insurer of the sending');
    const pdfBefore = await versionPdf(client.db, sent.devisId, 1);
    const events = await eventsOf(client.db, sent.devisId);
    const proofBefore = await renderProofPdf(proofOf(sent.content, events, COMPANY));

    today.facts = changed;
    const after = mainText(html(await client.get(sent.link)));
    assert.equal(after, before);
    for (const fact of changedFacts) assert.ok(!after.includes(fact), fact);
    // The PDF served is the one stored; drawn again from the stored content with today's facts, the same bytes.
    const stored = (
      await client.db.execute({ sql: 'SELECT content FROM devis_versions WHERE devis_id = ?', args: [sent.devisId] })
    ).rows[0];
    const content = parseFrozenDevis(String(stored?.content));
    const again = await renderDevisPdf(devisDocumentOf(content, { company: changed }));
    assert.deepEqual(Buffer.from(again), Buffer.from(pdfBefore!));
    const served = await client.get(`${sent.link}/pdf`);
    assert.deepEqual(Buffer.from(served.rawPayload), Buffer.from(pdfBefore!));
    const proofAfter = await renderProofPdf(proofOf(content, events, changed));
    assert.equal((await readPdf(proofAfter)).text, (await readPdf(proofBefore)).text);
    assert.ok((await readPdf(proofAfter)).text.includes(plain(COMPANY.site.address.street)));
    // The totals shown are the frozen ones.
    assert.ok(after.includes(formatCents(content.totals.ttcCents)));
  });

  test('a version frozen before the facts were reads today’s facts (the fallback the test above rules out)', async (t) => {
    const today = { facts: COMPANY };
    const client = await clientApp(t, new Date('2026-11-25T10:00:00Z'), { company: () => today.facts });
    const sent = await send(client.db, new Date('2026-11-24T09:00:00Z'), COMPANY);
    const older: Partial<FrozenDevis> = { ...sent.content };
    delete older.company;
    await storedBefore(client.db, sent.devisId, JSON.stringify(older));
    today.facts = changed;
    const page = mainText(html(await client.get(sent.link)));
    for (const fact of ['3 boulevard du Changement', 'Assureur Nouveau SA', 'Médiateur Nouveau']) {
      assert.ok(page.includes(fact), fact);
    }
  });
});

describe('the text a client signs', () => {
  test('the client’s page and the PDF show the same characters of a version stored with invisible ones', async (t) => {
    const client = await clientApp(t, new Date('2026-11-25T10:00:00Z'));
    const sent = await send(client.db, new Date('2026-11-24T09:00:00Z'), COMPANY);
    // A version stored before the rule refused them (validateDraft refuses them at sending now).
    const hostile: FrozenDevis = {
      ...sent.content,
      duration: 'Engagement de \u202E21\u202C mois',
      paymentTerms: 'À réception\u001b[31m de la facture',
      client: { ...sent.content.client, name: 'Camille\u200B Durand\u2066' },
      lines: sent.content.lines.map((line, index) =>
        index === 0 ? { ...line, designation: 'Contrat d’entretien, engagement \u202E21\u202C mois\nposé' } : line,
      ),
    };
    await storedBefore(client.db, sent.devisId, JSON.stringify(hostile));
    const response = await client.get(sent.link);
    const page = mainText(html(response));
    const pdf = (await readPdf(await renderDevisPdf(devisDocumentOf(hostile)))).text;
    assert.ok(!/[\u202a-\u202e\u2066-\u2069\u200b\u001b]/u.test(response.body), 'no invisible character on the page');
    for (const shown of [
      'Engagement de 21 mois',
      'À réception[31m de la facture',
      'Camille Durand',
      'Contrat d’entretien, engagement 21 mois posé',
    ]) {
      assert.ok(plain(page).includes(plain(shown)), `page: ${shown}`);
      assert.ok(pdf.includes(plain(shown)), `PDF: ${shown}`);
    }
  });
});

describe('reading a version back', () => {
  test('parseFrozenDevis gives the content as frozen, and refuses what is not one', () => {
    const content: FrozenDevis = {
      ...draft(),
      number: 'DEV-2026-0001',
      version: 1,
      issuedAt: '2026-11-24T09:00:00.000Z',
      totals: { lineHtCents: [], htCents: 0, vat: [], ttcCents: 0 },
    };
    assert.deepEqual(parseFrozenDevis(JSON.stringify(content)), content);
    for (const json of ['null', '{}', '[]', JSON.stringify({ ...content, number: 7 })]) {
      assert.throws(() => parseFrozenDevis(json), TypeError, json);
    }
  });
});
