import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, devisClientTexts, devisTerms, site } from '../src/facts';
import type { DevisDraft } from '../src/requests/devis/draft';
import { recordFollowUpDay } from '../src/store/devis-follow-up';
import { findDevis } from '../src/store/devis-queries';
import { clientApp, formActions, html, mainText, tokenOf, type ClientApp } from './devis-client-helpers';
import { plain } from './pdf-text';
import { acceptedDevis, goodsLines, sentDevis } from './factories';

/**
 * The client's page after the acceptance (receiver/src/client/), through the whole receiver (app.inject) on a
 * clock the test moves: the period from the goods' receipt as the team records it, the right lost by the work
 * fully done at the client's request, and how long the link answers before « lien expiré » (each boundary, at
 * 23 h 59 and at midnight in Paris), the PDF and the forms included.
 */

const texts = devisClientTexts;
const EXTRA = devisTerms.linkExtraDays;

/** That Paris day at that time (December and January: UTC+1). */
const paris = (day: string, time = '10:00') => new Date(`${day}T${time}:00+01:00`);

/** A devis sent on `sentAt` and accepted an hour later (as the client's code records it). */
const accepted = (client: ClientApp, sentAt: Date, changes: Partial<DevisDraft> = {}, earlyStart = false) =>
  acceptedDevis(client.db, sentAt, new Date(sentAt.getTime() + 3_600_000), changes, earlyStart);

/** The link answers « lien expiré » on every route below it, with nothing of the devis. */
async function assertExpired(client: ClientApp, sent: Awaited<ReturnType<typeof sentDevis>>) {
  const page = await client.get(sent.link);
  assert.equal(page.statusCode, 410);
  assert.equal(page.headers['cache-control'], 'no-store');
  const text = plain(mainText(html(page)));
  assert.ok(text.includes(plain(texts.linkExpired)), text);
  assert.ok(text.includes(plain(site.phone)) && text.includes(site.email), 'how to ask for a copy');
  for (const secret of [sent.number, 'Camille Durand', 'Remplacement du circulateur', '12 avenue des Pins']) {
    assert.ok(!page.body.includes(secret), `no devis data: ${secret}`);
  }
  assert.equal((await client.get(`${sent.link}/pdf`)).statusCode, 410);
  assert.equal((await client.post(`${sent.link}/refuser`, { _csrf: 'x' })).statusCode, 410);
  assert.equal((await client.post(`${sent.link}/retracter`, { _csrf: 'x', confirmer: 'oui' })).statusCode, 410);
}

describe('the goods’ receipt on the client’s page', () => {
  test('before it, open with no last day; after it, the last day past Christmas and a weekend, then closed', async (t) => {
    const start = paris('2026-12-01');
    const client = await clientApp(t, start);
    const sent = await accepted(client, start, goodsLines);
    client.clock.now = paris('2027-06-01');
    const before = await client.get(sent.link);
    assert.ok(plain(mainText(html(before))).includes(plain(texts.withdrawGoodsIntro)));
    assert.deepEqual(formActions(html(before)), [`${sent.link}/retracter`]);

    // Received on Friday 11 December 2026: the 14th day is Christmas, then a weekend: Monday 28.
    assert.ok(
      await recordFollowUpDay(
        client.db,
        { devisId: sent.devisId, version: 1, kind: 'goods_received', day: '2026-12-11', userId: 1 },
        paris('2026-12-11', '18:00'),
      ),
    );
    client.clock.now = paris('2026-12-28', '23:59');
    const last = await client.get(sent.link);
    assert.ok(plain(mainText(html(last))).includes(`${plain(texts.withdrawIntro)} 28 décembre 2026 inclus.`));
    const token = tokenOf(html(last));
    client.clock.now = paris('2026-12-29', '00:00');
    // The period is over, and the link with it (accepted: it lasts as long as the period).
    await assertExpired(client, sent);
    const late = await client.post(`${sent.link}/retracter`, { _csrf: token, confirmer: 'oui' });
    assert.equal(late.statusCode, 410);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'accepte');
  });
});

describe('the work fully done', () => {
  test('at the client’s request the right ends that day, and the page says why; without it, nothing changes', async (t) => {
    const start = paris('2026-12-01');
    const client = await clientApp(t, start);
    const asked = await accepted(client, start, {}, true);
    const notAsked = await accepted(client, start, {}, false);
    client.clock.now = paris('2026-12-04');
    // The page was open before the team recorded the work: its form is posted after.
    const before = html(await client.get(asked.link));
    assert.deepEqual(formActions(before), [`${asked.link}/retracter`]);
    for (const sent of [asked, notAsked]) {
      assert.ok(
        await recordFollowUpDay(
          client.db,
          { devisId: sent.devisId, version: 1, kind: 'work_completed', day: '2026-12-03', userId: 1 },
          paris('2026-12-04', '08:00'),
        ),
      );
    }
    const lost = await client.get(asked.link);
    const lostText = plain(mainText(html(lost)));
    assert.ok(
      lostText.includes(`${plain(texts.withdrawalLostBefore)} 3 décembre 2026 : ${plain(texts.withdrawalLostAfter)}`),
      lostText,
    );
    assert.deepEqual(formActions(html(lost)), []);
    const refused = await client.post(`${asked.link}/retracter`, { _csrf: tokenOf(before), confirmer: 'oui' });
    assert.equal(refused.statusCode, 303);
    assert.equal((await findDevis(client.db, asked.devisId))?.status, 'accepte');

    // Without the early start asked, the right stays open to its end (Tuesday 15 December).
    const open = await client.get(notAsked.link);
    assert.ok(plain(mainText(html(open))).includes(`${plain(texts.withdrawIntro)} 15 décembre 2026 inclus.`));
    assert.ok(!plain(mainText(html(open))).includes(plain(texts.withdrawalLostBefore)));
    const withdrawn = await client.post(`${notAsked.link}/retracter`, {
      _csrf: tokenOf(html(open)),
      confirmer: 'oui',
    });
    assert.equal(withdrawn.statusCode, 303);
    assert.equal((await findDevis(client.db, notAsked.devisId))?.status, 'retracte');
  });
});

describe('how long the link answers', () => {
  test('not accepted: its last valid day plus the extra days, then « lien expiré » (page, PDF, forms)', async (t) => {
    const start = paris('2026-12-01');
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start);
    const last = addDays(sent.validUntil, EXTRA);
    client.clock.now = paris(last, '23:59');
    const page = await client.get(sent.link);
    assert.equal(page.statusCode, 200);
    assert.ok(mainText(html(page)).includes(texts.states.expired));
    assert.equal((await client.get(`${sent.link}/pdf`)).statusCode, 200);
    client.clock.now = paris(addDays(last, 1), '00:00');
    await assertExpired(client, sent);
  });

  test('accepted without a withdrawal right (at our premises): the acceptance’s day plus the extra days', async (t) => {
    const start = paris('2026-12-01');
    const client = await clientApp(t, start);
    const sent = await accepted(client, start, { way: 'etablissement' });
    const last = addDays('2026-12-01', EXTRA);
    client.clock.now = paris(last, '23:59');
    assert.equal((await client.get(sent.link)).statusCode, 200);
    client.clock.now = paris(addDays(last, 1), '00:00');
    await assertExpired(client, sent);
  });

  test('accepted with services: the period’s last day; withdrawn: the withdrawal’s day plus the extra days', async (t) => {
    const start = paris('2026-12-01');
    const client = await clientApp(t, start);
    const sent = await accepted(client, start);
    // Accepted on Tuesday 1 December: the 14th day is Tuesday 15.
    client.clock.now = paris('2026-12-15', '23:59');
    assert.equal((await client.get(sent.link)).statusCode, 200);
    client.clock.now = paris('2026-12-16', '00:00');
    await assertExpired(client, sent);

    client.clock.now = start;
    const withdrawn = await accepted(client, start);
    client.clock.now = paris('2026-12-10');
    const token = tokenOf(html(await client.get(withdrawn.link)));
    assert.equal(
      (await client.post(`${withdrawn.link}/retracter`, { _csrf: token, confirmer: 'oui' })).statusCode,
      303,
    );
    const last = addDays('2026-12-10', EXTRA);
    client.clock.now = paris(last, '23:59');
    const page = await client.get(withdrawn.link);
    assert.equal(page.statusCode, 200);
    assert.ok(mainText(html(page)).includes(texts.states.withdrawn));
    client.clock.now = paris(addDays(last, 1), '00:00');
    await assertExpired(client, withdrawn);
  });

  test('accepted with goods not yet received: the link has no end yet', async (t) => {
    const start = paris('2026-12-01');
    const client = await clientApp(t, start);
    const sent = await accepted(client, start, goodsLines);
    client.clock.now = paris('2028-12-01');
    assert.equal((await client.get(sent.link)).statusCode, 200);
  });
});
