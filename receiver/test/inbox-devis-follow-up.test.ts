import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse as Response } from 'fastify';
import { attribute, elementById, elements, textOf } from '../../scripts/html';
import { addDays, devisPaymentMeans, devisTerms, formatFrenchDay } from '../src/facts';
import { loadConfig } from '../src/config';
import { readAudit } from '../src/store/audit';
import { href } from '../src/inbox/paths';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import type { DevisDraft } from '../src/requests/devis/draft';
import { formatCents } from '../src/requests/devis/money';
import { paymentAllowedFromDay } from '../src/requests/devis/withdrawal';
import { paymentsOf } from '../src/store/devis-follow-up';
import { eventsOf, recordEvent } from '../src/store/devis-events';
import { findDevis } from '../src/store/devis-queries';
import { NOW, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { testEnv } from './helpers';
import { plain } from './pdf-text';
import { acceptedDevis, goodsLines, sentDevis } from './factories';

/**
 * After the acceptance, on the inbox's devis page (inbox/devis-follow-up.ts), through app.inject signed in:
 * « Marchandises reçues par le client le », « Travaux entièrement exécutés le », « Paiement reçu »; the days'
 * bounds, the off-premises seven days, the balance, hostile input, a withdrawn devis, no session, no token.
 * The pages' clock is fixed (inbox-pages.ts: Tuesday 24 November 2026); the acceptance is recorded before it.
 */

const DAY = 86_400_000;
const text = (response: Response) => plain(textOf(page(response)));
const has = (response: Response, expected: string) => text(response).includes(plain(expected));

/** A devis sent the day before `at` and accepted at `at` (as the client's code does), with the early-start choice. */
const acceptedOn = (pages: Pages, at: Date, changes: Partial<DevisDraft> = {}, earlyStart = false) =>
  acceptedDevis(pages.db, new Date(at.getTime() - DAY), at, changes, earlyStart);

/** The value an input of the page shows. */
function inputValue(response: Response, id: string): string | undefined {
  const element = elementById(page(response), id);
  return element && attribute(element, 'value');
}

function alertText(response: Response): string {
  return elements(page(response), (element) => attribute(element, 'role') === 'alert')
    .map((element) => plain(textOf(element)))
    .join(' ');
}

async function kinds(pages: Pages, devisId: number) {
  return (await eventsOf(pages.db, devisId)).map((event) => event.kind);
}

test('goods: « Marchandises reçues par le client le », bounded days, once; the period’s last day past a weekend', async (t) => {
  const pages = await pagesApp(t);
  // Accepted on Friday 20 November 2026, 10 h in Paris; today is Tuesday 24.
  const sent = await acceptedOn(pages, new Date('2026-11-20T09:00:00Z'), goodsLines);
  const url = href.devisFollowUp(sent.devisId);
  const before = await pages.get(href.devis(sent.devisId));
  assert.equal(before.statusCode, 200);
  assert.ok(has(before, 'Après l’acceptation'));
  assert.ok(has(before, 'quatorzième jour après la réception des marchandises, pas encore enregistrée'));
  assert.ok(has(before, 'Marchandises reçues par le client le'));
  const field = elementById(page(before), 'suivi-goods-date')!;
  assert.equal(attribute(field, 'min'), '2026-11-20');
  assert.equal(attribute(field, 'max'), '2026-11-24');

  const early = await pages.post(url, { action: 'goods', date: '2026-11-19' });
  assert.equal(early.statusCode, 400);
  assert.ok(alertText(early).includes('La date ne peut pas précéder l’acceptation du devis, le 20 novembre 2026.'));
  assert.equal(inputValue(early, 'suivi-goods-date'), '2026-11-19', 'what was typed comes back');
  const late = await pages.post(url, { action: 'goods', date: '25/11/2026' });
  assert.equal(late.statusCode, 400);
  assert.ok(alertText(late).includes('postérieure à aujourd’hui, le 24 novembre 2026'));
  const hostile = await pages.post(url, { action: 'goods', date: '<script>alert(1)</script>' });
  assert.equal(hostile.statusCode, 400);
  assert.ok(alertText(hostile).includes('Saisissez une date'));
  assert.ok(!hostile.body.includes('<script>alert(1)'), 'typed text is escaped');
  const unknown = await pages.post(url, { action: 'supprimer', date: '2026-11-21' });
  assert.equal(unknown.statusCode, 400);
  assert.deepEqual(await kinds(pages, sent.devisId), ['sent', 'accepted'], 'nothing recorded');

  // Received on Saturday 21 November: the 14th day is Saturday 5 December, the period runs to Monday 7.
  const recorded = await pages.post(url, { action: 'goods', date: '21/11/2026' });
  assert.equal(recorded.statusCode, 303);
  assert.equal(recorded.headers.location, `${href.devis(sent.devisId)}?fait=marchandises`);
  const after = await pages.get(String(recorded.headers.location));
  assert.equal(statusMessage(after), 'Réception des marchandises enregistrée.');
  assert.ok(has(after, 'Le client peut se rétracter jusqu’au 7 décembre 2026 inclus.'));
  assert.ok(!has(after, 'Marchandises reçues par le client le'), 'the form is gone');
  const event = (await eventsOf(pages.db, sent.devisId)).at(-1);
  assert.equal(event?.kind, 'goods_received');
  assert.equal(event?.detail, '2026-11-21');
  assert.equal(event?.userId, pages.member.id);
  const audit = await readAudit(pages.db, { action: 'devis_goods_received' });
  assert.equal(audit.length, 1);
  assert.equal(audit[0]?.userId, pages.member.id);
  assert.equal(audit[0]?.reference, sent.reference);

  const again = await pages.post(url, { action: 'goods', date: '2026-11-22' });
  assert.equal(again.statusCode, 409);
  assert.ok(alertText(again).includes('déjà enregistrée'));
  assert.equal((await kinds(pages, sent.devisId)).filter((kind) => kind === 'goods_received').length, 1);
  // The record refuses a second one even past the route (a unique index).
  await assert.rejects(
    pages.db.execute({
      sql: "INSERT INTO devis_events (devis_id, version, kind, at, detail) VALUES (?, 1, 'goods_received', ?, '2026-11-22')",
      args: [sent.devisId, new Date().toISOString()],
    }),
    /UNIQUE/,
  );

  // A devis of services only has no goods to record.
  const servicesOnly = await acceptedOn(pages, new Date('2026-11-20T09:00:00Z'));
  const refused = await pages.post(href.devisFollowUp(servicesOnly.devisId), { action: 'goods', date: '2026-11-21' });
  assert.equal(refused.statusCode, 400);
  assert.ok(!has(await pages.get(href.devis(servicesOnly.devisId)), 'Marchandises reçues par le client le'));
});

test('« Travaux entièrement exécutés le »: ends the right only when the client asked for the early start', async (t) => {
  const pages = await pagesApp(t);
  const acceptedAt = new Date('2026-11-20T09:00:00Z');
  // Without the request: the page warns, and the record changes nothing (the period still ends on Friday 4 December).
  const plainDevis = await acceptedOn(pages, acceptedAt);
  const warned = await pages.get(href.devis(plainDevis.devisId));
  assert.ok(has(warned, 'aux risques de l’entreprise'));
  assert.ok(has(warned, 'L. 221-25'));
  assert.ok(has(warned, 'Le client peut se rétracter jusqu’au 4 décembre 2026 inclus.'));
  const done = await pages.post(href.devisFollowUp(plainDevis.devisId), { action: 'work', date: '2026-11-23' });
  assert.equal(done.statusCode, 303);
  const after = await pages.get(href.devis(plainDevis.devisId));
  assert.ok(has(after, 'Le client peut se rétracter jusqu’au 4 décembre 2026 inclus.'));
  assert.ok(has(after, `Travaux entièrement exécutés${formatFrenchDay('2026-11-23')}`));
  assert.equal((await readAudit(pages.db, { action: 'devis_work_completed' }))[0]?.userId, pages.member.id);
  // Kept until the execution, then ten years (D. 213-2): the devis of 442,75 € TTC is kept to 23 November 2036.
  assert.equal((await findDevis(pages.db, plainDevis.devisId))?.retainUntil, '2036-11-23T12:00:00.000Z');

  // With the request: the right ends that day.
  const asked = await acceptedOn(pages, acceptedAt, {}, true);
  const before = await pages.get(href.devis(asked.devisId));
  assert.ok(!has(before, 'aux risques de l’entreprise'));
  assert.ok(has(before, 'son droit de rétractation prend fin ce jour-là'));
  await pages.post(href.devisFollowUp(asked.devisId), { action: 'work', date: '2026-11-24' });
  const lost = await pages.get(href.devis(asked.devisId));
  assert.ok(
    has(lost, 'Le droit de rétractation a pris fin le 24 novembre 2026 : les travaux ont été entièrement exécutés'),
  );
  const twice = await pages.post(href.devisFollowUp(asked.devisId), { action: 'work', date: '2026-11-24' });
  assert.equal(twice.statusCode, 409);

  // Goods in the contract: completion does not end the right.
  const goods = await acceptedOn(pages, acceptedAt, goodsLines, true);
  await pages.post(href.devisFollowUp(goods.devisId), { action: 'goods', date: '2026-11-21' });
  await pages.post(href.devisFollowUp(goods.devisId), { action: 'work', date: '2026-11-23' });
  assert.ok(
    has(await pages.get(href.devis(goods.devisId)), 'Le client peut se rétracter jusqu’au 7 décembre 2026 inclus.'),
  );
});

test('« Paiement reçu »: off premises not before the day after the seven days; the balance; hostile amounts', async (t) => {
  // Today: Tuesday 1 December 2026. Accepted off premises on Friday 20 November: payments from the 28th.
  const pages = await pagesApp(t, new Date('2026-12-01T09:00:00Z'));
  const acceptedAt = new Date('2026-11-20T09:00:00Z');
  const sent = await acceptedOn(pages, acceptedAt, { way: 'hors-etablissement' });
  const url = href.devisFollowUp(sent.devisId);
  const firstDay = paymentAllowedFromDay(acceptedAt);
  assert.equal(firstDay, addDays('2026-11-20', devisTerms.offPremisesPaymentDelayDays + 1));
  const total = sent.content.totals.ttcCents;
  const shown = await pages.get(href.devis(sent.devisId));
  assert.ok(has(shown, `aucun paiement ni acompte avant le ${formatFrenchDay(firstDay)}`));
  assert.ok(has(shown, `Reste dû${formatCents(total)}`));

  const tooSoon = await pages.post(url, {
    action: 'payment',
    montant: '150,00',
    date: addDays(firstDay, -1),
    moyen: 'cheque',
  });
  assert.equal(tooSoon.statusCode, 400);
  assert.ok(
    alertText(tooSoon).includes(
      `Aucun paiement ni acompte ne peut être reçu avant le ${plain(formatFrenchDay(firstDay))}`,
    ),
  );
  assert.ok(alertText(tooSoon).includes('L. 221-10'));
  assert.equal(inputValue(tooSoon, 'paiement-montant'), '150,00');
  assert.equal(inputValue(tooSoon, 'paiement-date'), addDays(firstDay, -1));

  for (const montant of ['deux', '-5', '1e3', '150,001', '', '0', '<b>9</b>']) {
    const refused = await pages.post(url, { action: 'payment', montant, date: firstDay, moyen: 'cheque' });
    assert.equal(refused.statusCode, 400, montant);
    assert.ok(alertText(refused).includes('Saisissez le montant reçu en euros'), montant);
  }
  const means = await pages.post(url, { action: 'payment', montant: '10', date: firstDay, moyen: 'bitcoin' });
  assert.equal(means.statusCode, 400);
  assert.ok(alertText(means).includes('Choisissez le moyen de paiement.'));
  const future = await pages.post(url, { action: 'payment', montant: '10', date: '2026-12-02', moyen: 'cheque' });
  assert.equal(future.statusCode, 400);
  assert.deepEqual(await paymentsOf(pages.db, sent.devisId), []);

  const paid = await pages.post(url, { action: 'payment', montant: '1 50,00 €', date: firstDay, moyen: 'cheque' });
  assert.equal(paid.statusCode, 303);
  assert.equal(paid.headers.location, `${href.devis(sent.devisId)}?fait=paiement`);
  const stored = await paymentsOf(pages.db, sent.devisId);
  assert.deepEqual(
    stored.map(({ amountCents, receivedOn, means: mean, recordedBy }) => ({
      amountCents,
      receivedOn,
      mean,
      recordedBy,
    })),
    [{ amountCents: 15000, receivedOn: firstDay, mean: 'cheque', recordedBy: pages.member.id }],
  );
  const listed = await pages.get(href.devis(sent.devisId));
  assert.ok(
    has(listed, `${formatCents(15000)} le ${formatFrenchDay(firstDay)}, ${devisPaymentMeans.cheque.toLowerCase()}`),
  );
  assert.ok(has(listed, `Déjà reçu${formatCents(15000)}`));
  assert.ok(has(listed, `Reste dû${formatCents(total - 15000)}`));

  const over = await pages.post(url, {
    action: 'payment',
    montant: String((total - 15000 + 1) / 100).replace('.', ','),
    date: firstDay,
    moyen: 'virement',
  });
  assert.equal(over.statusCode, 400);
  assert.ok(alertText(over).includes(`dépasse le reste dû, ${plain(formatCents(total - 15000))}`));
  const rest = await pages.post(url, {
    action: 'payment',
    montant: String((total - 15000) / 100).replace('.', ','),
    date: '2026-12-01',
    moyen: 'virement',
  });
  assert.equal(rest.statusCode, 303);
  const settled = await pages.get(href.devis(sent.devisId));
  assert.ok(has(settled, `Reste dû${formatCents(0)}`));
  assert.equal(elementById(page(settled), 'paiement-montant'), undefined, 'nothing left to pay: no form');
  assert.equal((await readAudit(pages.db, { action: 'devis_payment' })).length, 2);
  // A recorded payment is never changed nor deleted while its devis exists (triggers of migration 17).
  await assert.rejects(
    pages.db.execute({ sql: 'UPDATE devis_payments SET amount_cents = 1 WHERE devis_id = ?', args: [sent.devisId] }),
    /never changed/,
  );
  await assert.rejects(
    pages.db.execute({ sql: 'DELETE FROM devis_payments WHERE devis_id = ?', args: [sent.devisId] }),
    /kept with its devis/,
  );
  await assert.rejects(
    pages.db.execute({
      sql: "INSERT INTO devis_payments (devis_id, version, amount_cents, received_on, means, recorded_at) VALUES (?, 1, 100, '2026-12-01', 'bitcoin', '2026-12-01')",
      args: [sent.devisId],
    }),
    /FOREIGN KEY/,
  );

  // At a distance the payment may come on the day of the acceptance.
  const distance = await acceptedOn(pages, acceptedAt);
  const sameDay = await pages.post(href.devisFollowUp(distance.devisId), {
    action: 'payment',
    montant: '50',
    date: '2026-11-20',
    moyen: 'especes',
  });
  assert.equal(sameDay.statusCode, 303);
});

test('after a withdrawal, or before any acceptance, nothing is recorded; no session or no token: refused', async (t) => {
  const pages = await pagesApp(t);
  const sent = await acceptedOn(pages, new Date('2026-11-20T09:00:00Z'));
  assert.ok(
    await recordEvent(pages.db, {
      devisId: sent.devisId,
      version: 1,
      kind: 'withdrawn',
      at: new Date('2026-11-23T09:00:00Z'),
    }),
  );
  const withdrawn = await pages.get(href.devis(sent.devisId));
  assert.ok(has(withdrawn, 'Le client s’est rétracté le 23 novembre 2026.'));
  assert.equal(elementById(page(withdrawn), 'paiement-montant'), undefined);
  for (const fields of <Record<string, string>[]>[
    { action: 'payment', montant: '10', date: '2026-11-24', moyen: 'cheque' },
    { action: 'work', date: '2026-11-24' },
  ]) {
    const refused = await pages.post(href.devisFollowUp(sent.devisId), fields);
    assert.equal(refused.statusCode, 409);
    assert.ok(alertText(refused).includes('Le client s’est rétracté'));
  }
  assert.deepEqual(await paymentsOf(pages.db, sent.devisId), []);

  const awaiting = await sentDevis(pages.db, new Date('2026-11-23T09:00:00Z'));
  const notYet = await pages.post(href.devisFollowUp(awaiting.devisId), {
    action: 'payment',
    montant: '10',
    date: '2026-11-24',
    moyen: 'cheque',
  });
  assert.equal(notYet.statusCode, 409);
  assert.ok(!has(await pages.get(href.devis(awaiting.devisId)), 'Après l’acceptation'));
  assert.equal((await pages.post(href.devisFollowUp(999_999), { action: 'work', date: '2026-11-24' })).statusCode, 404);

  const accepted = await acceptedOn(pages, new Date('2026-11-20T09:00:00Z'));
  const url = href.devisFollowUp(accepted.devisId);
  const origin = new URL(loadConfig(testEnv(pages.dataDir)).inboxUrl).origin;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded', origin };
  const noSession = await pages.app.inject({
    method: 'POST',
    url,
    headers,
    payload: form({ action: 'work', date: '2026-11-24' }),
  });
  assert.equal(noSession.statusCode, 401);
  const session = await createSession(pages.db, pages.member.id, NOW.getTime());
  const cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
  const noToken = await pages.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, cookie },
    payload: form({ action: 'work', date: '2026-11-24' }),
  });
  assert.equal(noToken.statusCode, 403);
  const otherSite = await pages.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, cookie, origin: 'https://pirate.example' },
    payload: form({ _csrf: session.csrfToken, action: 'work', date: '2026-11-24' }),
  });
  assert.equal(otherSite.statusCode, 403);
  assert.deepEqual(await kinds(pages, accepted.devisId), ['sent', 'accepted']);
});
