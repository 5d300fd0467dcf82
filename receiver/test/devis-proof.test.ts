import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serializeData } from '../../lib/data-check';
import { removeDir, root, sha256, tempDir } from './helpers';
import { attribute, elements } from '../../scripts/html';
import { acceptanceProof } from '../src/delivery/proof-store';
import {
  addDays,
  CGV_VERSIONS_DIR,
  cgvVersionOn,
  formatFrenchDateTime,
  formatFrenchDay,
  isoDay,
  proofTexts,
  siteData,
} from '../src/facts';
import { href } from '../src/inbox/paths';
import { DEVIS_EVENTS } from '../src/requests/devis/statuses';
import { askCode, confirmCode } from '../src/store/devis-codes';
import { createDevis } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { storePdf } from '../src/store/devis-versions';
import { page, pagesApp } from './inbox-pages';
import { plain, readPdf } from './pdf-text';
import { draft, requestForDevis, sentDevis } from './factories';

/**
 * The proof of acceptance from the devis's page in the inbox: the client may ask for the accepted devis and
 * its proof again at any time while they are kept, and the team downloads both there. Only for an accepted
 * version, only signed in.
 */

const NOW = new Date('2026-11-24T09:00:00.000Z');
const CLIENT = { ip: '203.0.113.7', userAgent: 'Navigateur du client' };
const TEAM = { ip: '192.0.2.44', userAgent: 'Navigateur de l’équipe' };

test('an accepted version’s proof is downloaded from its page: every event up to the acceptance, the name typed, the document’s SHA-256', async (t) => {
  const pages = await pagesApp(t, NOW);
  const sent = await sentDevis(pages.db, NOW);
  const linked = { devisId: sent.devisId, version: sent.version };

  // Sent, not accepted: no proof, on the page or at its address.
  const before = page(await pages.get(href.devis(sent.devisId)));
  const proofLinks = (doc: typeof before) =>
    elements(doc, (element) => element.name === 'a').filter((a) => (attribute(a, 'href') ?? '').endsWith('/preuve'));
  assert.equal(proofLinks(before).length, 0);
  assert.equal((await pages.get(href.devisVersionProof(sent.devisId, 1))).statusCode, 404);

  const asked = await askCode(
    pages.db,
    linked,
    { signerName: 'Camille Durand', earlyStart: true },
    CLIENT,
    NOW,
    'no-reply@entreprise.test',
  );
  assert.ok(asked.ok);
  const acceptedAt = new Date(NOW.getTime() + 120_000);
  assert.deepEqual(
    await confirmCode(pages.db, linked, asked.code, asked.nonce, CLIENT, acceptedAt, 'no-reply@entreprise.test'),
    { outcome: 'accepted' },
  );

  const after = page(await pages.get(href.devis(sent.devisId)));
  assert.deepEqual(
    proofLinks(after).map((a) => attribute(a, 'href')),
    [href.devisVersionProof(sent.devisId, 1)],
  );
  const proof = await pages.get(href.devisVersionProof(sent.devisId, 1));
  assert.equal(proof.statusCode, 200);
  assert.equal(proof.headers['content-type'], 'application/pdf');
  assert.match(String(proof.headers['content-disposition']), new RegExp(`preuve-acceptation-${sent.number}-v1\\.pdf`));
  const read = await readPdf(new Uint8Array(proof.rawPayload));
  const text = plain(read.text);
  assert.ok(text.includes(sent.number), 'the devis’s number');
  assert.ok(text.includes('Camille Durand'), 'the name typed');
  assert.ok(text.replace(/\s/g, '').includes(sha256(sent.pdf)), 'the SHA-256 of the PDF the client accepted');
  for (const kind of ['sent', 'code_sent', 'code_confirmed', 'accepted'] as const) {
    assert.ok(text.includes(plain(DEVIS_EVENTS[kind])), `the event « ${DEVIS_EVENTS[kind]} »`);
  }
  assert.ok(text.includes(CLIENT.ip), 'the client’s address');

  // Not signed in: the sign-in page, never the proof.
  const stranger = await pages.app.inject({ method: 'GET', url: href.devisVersionProof(sent.devisId, 1) });
  assert.notEqual(stranger.headers['content-type'], 'application/pdf');
  assert.equal(stranger.statusCode, 303);
  // A version that does not exist, or a devis that does not: the inbox's 404.
  assert.equal((await pages.get(href.devisVersionProof(sent.devisId, 2))).statusCode, 404);
  assert.equal((await pages.get(href.devisVersionProof(sent.devisId + 99, 1))).statusCode, 404);
});

test('the proof is complete and frozen: drawn once at the acceptance and stored with its SHA-256; the inbox downloads that file, unchanged after a publication', async (t) => {
  const pages = await pagesApp(t, NOW);
  // Sent from the inbox by a team member: their own address and browser are in the record, never in the proof.
  const request = await requestForDevis(pages.db);
  const devisId = await createDevis(pages.db, request.id, draft(), NOW);
  const sent = await sendDevis(pages.db, devisId, NOW, { ip: TEAM.ip, userAgent: TEAM.userAgent });
  await storePdf(pages.db, devisId, sent.version, new Uint8Array([1, 2, 3]));
  const linked = { devisId, version: sent.version };
  const first = await askCode(
    pages.db,
    linked,
    { signerName: 'Camille Durand', earlyStart: false },
    { ip: '198.51.100.9', userAgent: 'Un autre navigateur' },
    NOW,
    'no-reply@entreprise.test',
  );
  assert.ok(first.ok);
  const askedAt = new Date(NOW.getTime() + 60_000);
  const asked = await askCode(
    pages.db,
    linked,
    { signerName: 'Camille Durand', earlyStart: true },
    CLIENT,
    askedAt,
    'no-reply@entreprise.test',
  );
  assert.ok(asked.ok);
  const acceptedAt = new Date(NOW.getTime() + 120_000);
  assert.deepEqual(
    await confirmCode(pages.db, linked, asked.code, asked.nonce, CLIENT, acceptedAt, 'no-reply@entreprise.test'),
    { outcome: 'accepted' },
  );
  const stored = await acceptanceProof(pages.db, devisId, sent.version, { store: true, sourceDir: undefined });
  assert.ok(stored?.stored, 'stored at the acceptance');
  assert.equal(stored.sha256, sha256(stored.pdf), 'its SHA-256 stored with it');

  const downloaded = await pages.get(href.devisVersionProof(devisId, sent.version));
  assert.equal(downloaded.statusCode, 200);
  assert.equal(sha256(new Uint8Array(downloaded.rawPayload)), stored.sha256, 'the inbox downloads the stored file');
  const text = plain((await readPdf(stored.pdf)).text);
  assert.ok(text.includes(plain(`${proofTexts.codeSentTo} : camille.durand@example.fr`)), 'the code’s address');
  const cgv = cgvVersionOn(isoDay(NOW));
  assert.ok(
    text.includes(plain(`${proofTexts.cgv} ${formatFrenchDay(cgv.date)}`)),
    'the CGV version of the devis’s day',
  );
  const early = `${proofTexts.earlyStart} : ${proofTexts.earlyStartAnswers.asked}`;
  assert.ok(text.includes(plain(early)), 'the early-start choice');
  const matched = `${proofTexts.codeMatched} ${formatFrenchDateTime(askedAt)}`;
  assert.ok(text.includes(plain(matched)), 'the « Code envoyé » the confirmation matched: the second one');
  assert.ok(text.includes(CLIENT.ip), 'the client’s address');
  assert.ok(!text.includes(TEAM.ip), 'never the team member’s address');
  assert.ok(!text.includes(TEAM.userAgent), 'never the team member’s browser');

  // A publication after the acceptance changes what a drawing would cite: the go-live date moved earlier, the
  // CGV's versions take their own dates and the devis's day falls under another one. The proof stays the file
  // stored at the acceptance, byte for byte, while a drawing made now differs.
  const checkout = await tempDir('proof-checkout-');
  t.after(() => removeDir(checkout));
  const data = structuredClone(siteData['mise-en-ligne']);
  data.goLive.date = addDays(isoDay(NOW), -30);
  mkdirSync(path.join(checkout, 'content/data'), { recursive: true });
  writeFileSync(path.join(checkout, 'content/data/mise-en-ligne.json'), serializeData(data));
  cpSync(path.join(root, CGV_VERSIONS_DIR), path.join(checkout, CGV_VERSIONS_DIR), { recursive: true });
  const published = { store: true, sourceDir: checkout };
  assert.equal((await acceptanceProof(pages.db, devisId, sent.version, published))?.sha256, stored.sha256, 'kept');
  await pages.db.execute({
    sql: 'DELETE FROM devis_proofs WHERE devis_id = ? AND version = ?',
    args: [devisId, sent.version],
  });
  const drawn = await acceptanceProof(pages.db, devisId, sent.version, { ...published, store: false });
  assert.notEqual(drawn?.sha256, stored.sha256, 'a drawing made after the publication differs');
});
