import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { attribute, elements } from '../../scripts/html';
import {
  addDays,
  addMonths,
  devisClientLinkTexts,
  formatFrenchDay,
  REVIEW_CLIENT_PATH,
  REVIEW_OPT_OUT_PATH,
  reviewMailTexts,
  reviewPageTexts,
  reviewRules,
} from '../src/facts';
import { queueDueMails } from '../src/delivery/reminders';
import { refuseDevis, withdrawDevis } from '../src/store/devis-answers';
import { recordFollowUpDay } from '../src/store/devis-follow-up';
import { clientApp, html, mainText, tokenOf, type ClientApp } from './devis-client-helpers';
import { acceptedDevis, goodsLines, sentDevis, type Sent } from './factories';
import { waitFor } from './helpers';

/**
 * The clients' reviews (docs/avis.md) through the whole receiver (app.inject) on a clock the test moves and a
 * real SMTP server: the one request after the end of the works (never a second one), the opt-out honoured,
 * none for a devis refused or withdrawn; the review page's form (its French messages, the typing kept),
 * one review a devis, changed, deleted, and the link past its months.
 */

/** That Paris day at 10:00 (spring: UTC+2). Long past on the real clock: the receiver's own passes queue nothing. */
const paris = (day: string, time = '10:00') => new Date(`${day}T${time}:00+02:00`);
const WORK_DAY = '2026-04-14';

async function worksDone(client: ClientApp, sent: Sent, day = WORK_DAY): Promise<void> {
  const done = await recordFollowUpDay(
    client.db,
    { devisId: sent.devisId, version: 1, kind: 'work_completed', day, userId: 1 },
    paris(day, '18:00'),
  );
  assert.ok(done, 'the end of the works recorded');
}

/** A reminders' pass at `now`, then the outbox woken. */
async function pass(client: ClientApp, now: Date) {
  const due = await queueDueMails(client.db, client.app.config, now);
  client.app.outbox.wake();
  return due.filter((mail) => mail.kind === 'review_request');
}

const requestMails = (client: ClientApp) =>
  client.smtp.messages.filter((mail) => mail.subject?.startsWith(reviewMailTexts.title));

/** The review page's path in a request mail. */
function linkIn(mail: ParsedMail): string {
  const match = new RegExp(`${REVIEW_CLIENT_PATH}/([A-Za-z0-9_-]{43})(?!/)`).exec(mail.text ?? '');
  assert.ok(match, mail.text);
  return `${REVIEW_CLIENT_PATH}/${match[1]}`;
}

/** The link of the one request mail, once it has arrived. */
async function requested(client: ClientApp): Promise<string> {
  return linkIn(await waitFor('the review request', () => requestMails(client)[0]));
}

async function countRows(client: ClientApp, table: 'outbox' | 'review_requests' | 'reviews', where = '1 = 1') {
  const result = await client.db.execute(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`);
  return Number(result.rows[0]?.n);
}

const text = 'Travail soigné, équipe ponctuelle et prix tenu : je recommande.';

describe('the request for a review', () => {
  test('one mail, requestAfterDays after the end of the works, never a second one', async (t) => {
    const client = await clientApp(t, paris('2026-04-01'));
    const sent = await acceptedDevis(client.db, paris('2026-04-01'), paris('2026-04-02'));
    await worksDone(client, sent);
    // The day the works ended: not yet.
    assert.equal((await pass(client, paris(WORK_DAY, '23:00'))).length, 0);
    const dueDay = addDays(WORK_DAY, reviewRules.requestAfterDays);
    assert.equal((await pass(client, paris(dueDay, '00:30'))).length, 1);
    // A second pass, the next day, a week later: nothing more.
    assert.equal((await pass(client, paris(dueDay, '00:31'))).length, 0);
    assert.equal((await pass(client, paris(addDays(dueDay, 7)))).length, 0);
    const link = await requested(client);
    await client.app.outbox.idle();
    const mails = requestMails(client);
    assert.equal(mails.length, 1);
    const mail = mails[0]!;
    assert.equal(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : '', sent.content.client.email);
    assert.ok(mail.text?.includes(reviewMailTexts.ask), mail.text);
    assert.ok(mail.text?.includes(`${link}/${REVIEW_OPT_OUT_PATH}`), 'the link that stops these mails');
    // List-Unsubscribe and its one-click POST (RFC 8058), which mailparser reads as `list`.
    const list = mail.headers.get('list') as { unsubscribe?: { url?: string }; post?: unknown } | undefined;
    assert.ok(list?.unsubscribe?.url?.endsWith(`${link}/${REVIEW_OPT_OUT_PATH}`), JSON.stringify(list));
    assert.match(
      mail.headerLines.map((line) => line.line).join('\n'),
      /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m,
    );
    assert.equal(await countRows(client, 'outbox', "kind = 'review_request'"), 1);
    // The link's secret is nowhere in the store once the mail has left.
    assert.equal(await countRows(client, 'outbox', 'link_secret IS NOT NULL'), 0);
  });

  test('the opt-out is honoured: no request for the next devis of that mailbox', async (t) => {
    const client = await clientApp(t, paris('2026-04-01'));
    const first = await acceptedDevis(client.db, paris('2026-04-01'), paris('2026-04-02'));
    await worksDone(client, first);
    await pass(client, paris(addDays(WORK_DAY, reviewRules.requestAfterDays)));
    const link = await requested(client);
    client.clock.now = paris(addDays(WORK_DAY, 2));
    const offer = await client.get(`${link}/${REVIEW_OPT_OUT_PATH}`);
    assert.equal(offer.statusCode, 200);
    assert.ok(mainText(html(offer)).includes(reviewPageTexts.optOutText));
    // A mail program's one-click POST (RFC 8058): no token.
    const done = await client.post(`${link}/${REVIEW_OPT_OUT_PATH}`, { 'List-Unsubscribe': 'One-Click' });
    assert.equal(done.statusCode, 200);
    assert.ok(mainText(html(done)).includes(reviewPageTexts.optOutDone));

    const second = await acceptedDevis(client.db, paris('2026-05-01'), paris('2026-05-02'));
    await worksDone(client, second, '2026-05-12');
    assert.equal((await pass(client, paris('2026-05-13'))).length, 0);
    assert.equal(await countRows(client, 'review_requests', `devis_id = ${second.devisId}`), 0);
  });

  test('none for a refused devis, nor for one withdrawn after the works', async (t) => {
    const client = await clientApp(t, paris('2026-04-01'));
    const refused = await sentDevis(client.db, paris('2026-04-01'));
    assert.ok(await refuseDevis(client.db, refused, '', {}, paris('2026-04-02'), client.app.config.fromEmail));
    assert.equal(
      await recordFollowUpDay(
        client.db,
        { devisId: refused.devisId, version: 1, kind: 'work_completed', day: WORK_DAY, userId: 1 },
        paris(WORK_DAY),
      ),
      false,
    );
    // Goods: the withdrawal runs from their receipt, after the works.
    const withdrawn = await acceptedDevis(client.db, paris('2026-04-01'), paris('2026-04-02'), goodsLines);
    await worksDone(client, withdrawn);
    assert.ok(
      await withdrawDevis(client.db, withdrawn, {}, paris(WORK_DAY, '20:00'), client.app.config.fromEmail),
      'withdrawn',
    );
    assert.equal((await pass(client, paris(addDays(WORK_DAY, reviewRules.requestAfterDays)))).length, 0);
    assert.equal(await countRows(client, 'review_requests'), 0);
  });
});

/** The page's form fields as the client fills them, with the page's token. */
function filled(page: ReturnType<typeof html>, fields: Record<string, string>) {
  return { _csrf: tokenOf(page), note: '4', texte: text, nom: 'Camille D.', publication: 'oui', ...fields };
}

const checkedRating = (page: ReturnType<typeof html>) =>
  elements(page, (element) => element.name === 'input' && attribute(element, 'type') === 'radio')
    .filter((element) => attribute(element, 'checked') !== undefined)
    .map((element) => attribute(element, 'value'));

describe('the review page', () => {
  async function opened(t: Parameters<typeof clientApp>[0], env: Record<string, string> = {}) {
    const client = await clientApp(t, paris('2026-04-01'), { env });
    const sent = await acceptedDevis(client.db, paris('2026-04-01'), paris('2026-04-02'));
    await worksDone(client, sent);
    await pass(client, paris(addDays(WORK_DAY, reviewRules.requestAfterDays)));
    const link = await requested(client);
    client.clock.now = paris(addDays(WORK_DAY, 3));
    return { client, sent, link };
  }

  test('the devis, the default name, a bad input refused in French with the typing kept, nothing stored', async (t) => {
    const { client, sent, link } = await opened(t);
    const page = await client.get(link);
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(page.headers['cache-control'], 'no-store');
    const shown = mainText(html(page));
    assert.ok(shown.includes(sent.number) && shown.includes(formatFrenchDay(WORK_DAY)), shown);
    const name = elements(html(page), (element) => attribute(element, 'name') === 'nom')[0];
    assert.equal(name && attribute(name, 'value'), 'Camille D.');

    const short = 'Trop court.';
    const refused = await client.post(link, filled(html(page), { note: '', texte: short, publication: '' }));
    assert.equal(refused.statusCode, 400);
    const again = mainText(html(refused));
    for (const message of [
      reviewPageTexts.errors.rating,
      reviewPageTexts.errors.text,
      reviewPageTexts.errors.consent,
    ]) {
      assert.ok(again.includes(message), message);
    }
    assert.ok(refused.body.includes(short), 'the text typed is kept');
    assert.equal(await countRows(client, 'reviews'), 0);
  });

  test('over the hour’s limit of forms from one address: 429 and the French reason, nothing stored', async (t) => {
    const { client, link } = await opened(t, { QUOTE_RATE_LIMIT: '2' });
    const page = html(await client.get(link));
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await client.post(link, filled(page, { texte: 'Trop court.' }));
      statuses.push(refused.statusCode);
      if (refused.statusCode === 429) assert.equal(refused.body, devisClientLinkTexts.tooManyAttempts);
    }
    assert.deepEqual(statuses, [400, 400, 429]);
    assert.equal(await countRows(client, 'reviews'), 0);
  });

  test('posted twice: one review, changed; deleted; the link then shows nothing of it', async (t) => {
    const { client, sent, link } = await opened(t);
    const page = html(await client.get(link));
    const stored = await client.post(link, filled(page, { note: '1' }));
    assert.equal(stored.statusCode, 303);
    assert.equal(stored.headers.location, `${link}?fait=enregistre`);
    const changed = await client.post(link, filled(page, { note: '2', texte: `${text} Modifié.` }));
    assert.equal(changed.statusCode, 303);
    assert.equal(await countRows(client, 'reviews', `devis_id = ${sent.devisId}`), 1);
    const after = html(await client.get(link));
    assert.deepEqual(checkedRating(after), ['2']);
    assert.ok(mainText(after).includes(reviewPageTexts.states.waiting));

    const unconfirmed = await client.post(`${link}/supprimer`, { _csrf: tokenOf(after) });
    assert.equal(unconfirmed.statusCode, 400);
    assert.ok(mainText(html(unconfirmed)).includes(reviewPageTexts.errors.deleteConfirm));
    const deleted = await client.post(`${link}/supprimer`, { _csrf: tokenOf(after), confirmer: 'oui' });
    assert.equal(deleted.statusCode, 303);
    assert.equal(await countRows(client, 'reviews'), 0);
    const reused = await client.get(link);
    assert.equal(reused.statusCode, 200);
    assert.ok(!reused.body.includes('Modifié'), 'nothing of the deleted review');
    assert.deepEqual(checkedRating(html(reused)), []);
  });

  test('nothing posted without a valid link, nor with a forged form; the link expires after its months', async (t) => {
    const { client, link } = await opened(t);
    const page = html(await client.get(link));
    const unknown = `${REVIEW_CLIENT_PATH}/${'A'.repeat(43)}`;
    assert.equal((await client.post(unknown, filled(page, {}))).statusCode, 404);
    assert.equal((await client.post(`${REVIEW_CLIENT_PATH}/court`, filled(page, {}))).statusCode, 404);
    assert.equal((await client.post(link, { ...filled(page, {}), _csrf: 'faux' })).statusCode, 403);
    assert.equal((await client.post(link, filled(page, {}), { origin: 'https://ailleurs.test' })).statusCode, 403);
    assert.equal(await countRows(client, 'reviews'), 0);

    const lastDay = addMonths(WORK_DAY, reviewRules.linkValidMonths);
    client.clock.now = paris(lastDay, '23:00');
    assert.equal((await client.get(link)).statusCode, 200);
    client.clock.now = paris(addDays(lastDay, 1), '00:30');
    const expired = await client.get(link);
    assert.equal(expired.statusCode, 410);
    assert.ok(mainText(html(expired)).includes(reviewPageTexts.expired));
    assert.equal((await client.post(link, filled(page, {}))).statusCode, 410);
    assert.equal(await countRows(client, 'reviews'), 0);
  });
});
