import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { DomUtils } from 'htmlparser2';
import { attribute, elements, firstElement, textOf } from '../../scripts/html';
import { DEVIS_CLIENT_PATH, devisClientLinkTexts, devisClientTexts, siteUrl } from '../src/facts';
import { readAudit } from '../src/store/audit';
import { href } from '../src/inbox/paths';
import type { Db } from '../src/store/db';
import { queuedDevisSent } from '../src/requests/mail-kinds';
import { eventsOf, recordEvent } from '../src/store/devis-events';
import { createDevis, findDevis, saveDraft } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { findByLink } from '../src/store/devis-versions';
import { waitFor } from './helpers';
import { htmlProblems } from './html-problems';
import { clientApp, formActions, html, mainText, tokenOf } from './devis-client-helpers';
import { NOW, page, pagesApp } from './inbox-pages';
import { draft, requestForDevis, sentDevis, signedInMember } from './factories';

/**
 * « Révoquer ce lien » (inbox/devis-revoke-route.ts, store/devis-links.ts), through a whole receiver: a member's
 * press kills every link of the version awaiting an answer (the sending's and a reminder's); the client then
 * sees only a French page that says so and how to reach the company, and nothing can be answered or
 * downloaded through them; the event and the audit row are written; « Relancer le client » gives a new link
 * that works; once only; never on a devis that no longer awaits an answer.
 */

const BUTTON = 'Révoquer ce lien';

/** A member signed in to the inbox of a whole receiver (app.inbox), posting as the browser does. */
async function signIn(app: FastifyInstance, db: Db, name = 'Léa Roux', email = 'lea@entreprise.test') {
  const now = Date.now();
  const { member, session, cookie } = await signedInMember(db, now, name, email);
  const origin = new URL(app.config.inboxUrl).origin;
  return {
    member,
    get: (url: string) => app.inbox.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string) =>
      app.inbox.inject({
        method: 'POST',
        url,
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: session.csrfToken }).toString(),
      }),
  };
}

function notice(response: Response): string | undefined {
  const element = firstElement(page(response), (candidate) => attribute(candidate, 'role') === 'status');
  return element && DomUtils.textContent(element).trim();
}

function hasButton(response: Response, label = BUTTON): boolean {
  return elements(page(response), (e) => e.name === 'button' && textOf(e) === label).length === 1;
}

/** The client's link a reminder mail carries. */
function linkIn(text: string | undefined): string {
  const found = new RegExp(`${siteUrl}(${DEVIS_CLIENT_PATH}/[A-Za-z0-9_-]{43})`).exec(text ?? '');
  return found?.[1] ?? '';
}

/** Shows nothing of the devis: not its number, the client's name or address, a line or an amount. */
function assertNothingOfTheDevis(body: string, number: string) {
  for (const shown of [number, 'Camille', 'Durand', 'avenue des Pins', 'circulateur', '442,75']) {
    assert.ok(!body.includes(shown), `${shown} is not shown`);
  }
}

describe('« Révoquer ce lien »', () => {
  test('every link of the version dies; the client is told in French; recorded; a reminder gives a working link', async (t) => {
    const client = await clientApp(t);
    const member = await signIn(client.app, client.db);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));

    const before = await member.get(href.devis(sent.devisId));
    assert.ok(hasButton(before), 'offered while the client may answer');
    assert.deepEqual(await htmlProblems(before.body, 'devis'), []);
    const pressed = await member.post(href.devisRevokeLinks(sent.devisId));
    assert.equal(pressed.statusCode, 303);
    assert.equal(pressed.headers.location, `${href.devis(sent.devisId)}?fait=lien-revoque`);
    const after = await member.get(String(pressed.headers.location));
    assert.match(notice(after) ?? '', /^Lien révoqué\u00a0: le client ne voit plus le devis/);
    assert.ok(!hasButton(after), 'nothing left to revoke');
    assert.match(mainText(html(after)), /Version 1\u00a0: liens révoqués le .+ par Léa Roux\./u);
    assert.deepEqual(await htmlProblems(after.body, 'devis'), []);

    // The link: the French page, 410, nothing of the devis, on every route; nothing recorded.
    const eventsBefore = (await eventsOf(client.db, sent.devisId)).length;
    const assertDead = async (link: string) => {
      for (const answer of [
        await client.get(link),
        await client.get(`${link}/pdf`),
        await client.get(`${link}/code`),
      ]) {
        assert.equal(answer.statusCode, 410, link);
        assert.equal(answer.headers['cache-control'], 'no-store');
        assertNothingOfTheDevis(answer.body, sent.number);
      }
      const shown = mainText(html(await client.get(link)));
      assert.ok(shown.includes(devisClientLinkTexts.revoked), shown);
      assert.ok(shown.includes(devisClientLinkTexts.revokedContact));
      assert.deepEqual(formActions(html(await client.get(link))), []);
      const accepted = await client.post(`${link}/accepter`, { _csrf: token, nom: 'Camille', accord: 'oui' });
      assert.equal(accepted.statusCode, 410);
      assert.equal((await client.post(`${link}/refuser`, { _csrf: token })).statusCode, 410);
    };
    await assertDead(sent.link);
    assert.deepEqual(await htmlProblems((await client.get(sent.link)).body, 'revoked'), [], 'valid HTML');
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu', 'neither accepted nor refused');
    assert.equal((await client.db.execute('SELECT COUNT(*) AS n FROM devis_codes')).rows[0]?.n, 0);
    assert.equal((await eventsOf(client.db, sent.devisId)).length, eventsBefore, 'the closed page records nothing');

    // « Relancer le client »: a new link, which opens the devis; the old one stays dead.
    const reminded = await member.post(href.devisRemind(sent.devisId));
    assert.equal(reminded.headers.location, `${href.devis(sent.devisId)}?fait=relance`);
    await client.app.outbox.wake();
    const reminder = await waitFor('the reminder', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Rappel')),
    );
    const newLink = linkIn(reminder.text);
    assert.ok(newLink !== '' && newLink !== sent.link);
    const opened = await client.get(newLink);
    assert.equal(opened.statusCode, 200);
    assert.ok(mainText(html(opened)).includes(devisClientTexts.states.awaiting));
    assert.equal((await client.get(sent.link)).statusCode, 410);

    // The new link may be revoked in turn: only it is counted.
    assert.ok(hasButton(await member.get(href.devis(sent.devisId))));
    await member.post(href.devisRevokeLinks(sent.devisId));
    await assertDead(newLink);

    // The record and the audit trail.
    const revoked = (await eventsOf(client.db, sent.devisId)).filter((event) => event.kind === 'link_revoked');
    assert.deepEqual(
      revoked.map((event) => [event.userId, event.version]),
      [
        [member.member.id, 1],
        [member.member.id, 1],
      ],
    );
    const audit = await readAudit(client.db, { action: 'devis_link_revoked' });
    assert.deepEqual(
      audit.map((row) => [row.userId, row.reference, row.detail]),
      [
        [member.member.id, sent.reference, `${sent.number} v1 (1 lien)`],
        [member.member.id, sent.reference, `${sent.number} v1 (1 lien)`],
      ],
    );
    await assert.rejects(client.db.execute('DELETE FROM devis_revoked_links'), /a revoked devis link stays revoked/);
  });

  test('a second press, or two members at once, revoke once; never on a devis that awaits no answer', async (t) => {
    const client = await clientApp(t);
    const lea = await signIn(client.app, client.db);
    const marc = await signIn(client.app, client.db, 'Marc Petit', 'marc@entreprise.test');
    const sent = await sentDevis(client.db, client.clock.now);
    const [first, second] = await Promise.all([
      lea.post(href.devisRevokeLinks(sent.devisId)),
      marc.post(href.devisRevokeLinks(sent.devisId)),
    ]);
    assert.deepEqual([first.headers.location, second.headers.location].sort(), [
      `${href.devis(sent.devisId)}?fait=lien-revoque`,
      `${href.devis(sent.devisId)}?fait=revocation-impossible`,
    ]);
    const events = await eventsOf(client.db, sent.devisId);
    assert.equal(events.filter((event) => event.kind === 'link_revoked').length, 1);
    assert.equal((await readAudit(client.db, { action: 'devis_link_revoked' })).length, 1);
    const shown = await lea.get(`${href.devis(sent.devisId)}?fait=revocation-impossible`);
    assert.match(notice(shown) ?? '', /^Ce devis n’a plus de lien à révoquer/);

    // Refused by the client: nothing to revoke, no button.
    const refused = await sentDevis(client.db, client.clock.now);
    await recordEvent(client.db, { devisId: refused.devisId, version: 1, kind: 'refused', at: client.clock.now });
    assert.ok(!hasButton(await lea.get(href.devis(refused.devisId))));
    const pressed = await lea.post(href.devisRevokeLinks(refused.devisId));
    assert.equal(pressed.headers.location, `${href.devis(refused.devisId)}?fait=revocation-impossible`);
    assert.equal((await findByLink(client.db, refused.secret))?.revoked, false);

    // A new version: the old version's link shows only that it was replaced; the new one may be revoked.
    const replaced = await sentDevis(client.db, client.clock.now);
    await saveDraft(client.db, replaced.devisId, draft({ validityDays: 20 }), client.clock.now);
    const second2 = await sendDevis(client.db, replaced.devisId, client.clock.now);
    assert.ok(hasButton(await lea.get(href.devis(replaced.devisId))));
    await lea.post(href.devisRevokeLinks(replaced.devisId));
    assert.equal((await findByLink(client.db, second2.secret))?.revoked, true);
    assert.equal((await findByLink(client.db, replaced.secret))?.revoked, false, 'version 1 was not revoked');
    const old = await client.get(replaced.link);
    assert.equal(old.statusCode, 410);
    assert.ok(mainText(html(old)).includes(devisClientLinkTexts.replaced));
    assert.deepEqual(await htmlProblems(old.body, 'replaced'), [], 'valid HTML');

    // An unknown devis: the inbox's 404.
    assert.equal((await lea.post(href.devisRevokeLinks(99_999))).statusCode, 404);
  });

  test('a mail still waiting to bring a revoked link is cancelled, its secret forgotten', async (t) => {
    const pages = await pagesApp(t);
    // No worker here: the mail that sends the devis, with its link, stays pending.
    const request = await requestForDevis(pages.db);
    const devisId = await createDevis(pages.db, request.id, draft(), NOW);
    await sendDevis(pages.db, devisId, NOW, {}, { mails: (sent) => [queuedDevisSent(sent, 'x@entreprise.test')] });
    const pending = "SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending' AND link_secret IS NOT NULL";
    assert.equal(Number((await pages.db.execute(pending)).rows[0]?.n), 1, 'the devis mail, not sent yet');
    await pages.post(href.devisRevokeLinks(devisId));
    assert.equal(Number((await pages.db.execute(pending)).rows[0]?.n), 0);
    const rows = await pages.db.execute('SELECT status, link_secret FROM outbox');
    assert.deepEqual(
      rows.rows.map((row) => [row.status, row.link_secret]),
      [['cancelled', null]],
    );
  });
});
