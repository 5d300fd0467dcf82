import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import type { Row } from '@libsql/client';
import { DomUtils } from 'htmlparser2';
import { attribute, elements, firstElement, textOf } from '../../scripts/html';
import { devisReminderClientMail } from '../src/delivery/devis-reminder-client-mail';
import { DEVIS_CLIENT_PATH, devisClientTexts, site, siteUrl } from '../src/facts';
import { readAudit } from '../src/store/audit';
import { loadConfig } from '../src/config';
import { href } from '../src/inbox/paths';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import type { Db } from '../src/store/db';
import { eventsOf, recordEvent } from '../src/store/devis-events';
import { createDevis, saveDraft } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { findByLink } from '../src/store/devis-versions';
import type { Layout } from '../src/store/storage';
import { remindClient } from '../src/store/devis-reminder';
import { htmlProblems } from './html-problems';
import { build, testEnv, waitFor } from './helpers';
import { clientApp, html, mainText } from './devis-client-helpers';
import { NOW, page, pagesApp, type Pages } from './inbox-pages';
import { draft, sentDevis, seed, signedInMember } from './factories';

/**
 * « Relancer le client » (inbox/devis-remind-route.ts, store/devis-reminder.ts): a member's press sends the
 * client one reminder mail about the version awaiting an answer, with a new link to it, through the outbox
 * and a real SMTP server; once per version (a second press, two members at once); never once the client can
 * no longer answer; erased with the request; hostile text stays text.
 */

const BUTTON = 'Relancer le client';

/** A member signed in to the inbox of a whole receiver (app.inbox), posting as the browser does. */
async function signIn(app: FastifyInstance, db: Db, name = 'Léa Roux', email = 'lea@entreprise.test') {
  const now = Date.now();
  const { member, session, cookie } = await signedInMember(db, now, name, email);
  const origin = new URL(app.config.inboxUrl).origin;
  return {
    member,
    get: (url: string) => app.inbox.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
      app.inbox.inject({
        method: 'POST',
        url,
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString(),
      }),
  };
}

/** The notice a page shows after a redirect (role="status"), its no-break spaces kept. */
function notice(response: Response): string | undefined {
  const element = firstElement(page(response), (candidate) => attribute(candidate, 'role') === 'status');
  return element && DomUtils.textContent(element).trim();
}

/** The page passes html-validate, by the site's rules (.htmlvalidate.json), as the inbox's other pages. */
async function assertValid(response: Response): Promise<void> {
  assert.deepEqual(await htmlProblems(response.body, 'devis'), []);
}

function hasButton(response: Response): boolean {
  return elements(page(response), (e) => e.name === 'button' && textOf(e) === BUTTON).length === 1;
}

function remindForms(response: Response, devisId: number): number {
  return elements(page(response), (e) => e.name === 'form' && attribute(e, 'action') === href.devisRemind(devisId))
    .length;
}

async function count(db: Db, sql: string, args: (string | number)[] = []): Promise<number> {
  return Number((await db.execute({ sql, args })).rows[0]?.n);
}

const reminders = (db: Db) => count(db, "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'devis_reminder_client'");

/** « 21 décembre 2026 » from an ISO day, by the platform's own French calendar (not the site's helper). */
function frenchDay(isoDay: string): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T12:00:00Z`),
  );
}

/** The secret of the client's link a mail's text carries. */
function secretIn(text: string | undefined): string {
  const found = new RegExp(`${siteUrl}${DEVIS_CLIENT_PATH}/([A-Za-z0-9_-]{43})`).exec(text ?? '');
  return found?.[1] ?? '';
}

describe('« Relancer le client »', () => {
  test('one press: one polite mail with the number, the total, the last day, a new link and the mentions; both links open the version', async (t) => {
    const client = await clientApp(t);
    const member = await signIn(client.app, client.db);
    const sent = await sentDevis(client.db, client.clock.now);

    const before = await member.get(href.devis(sent.devisId));
    assert.equal(before.statusCode, 200);
    assert.ok(hasButton(before), 'offered while the client may answer');
    assert.equal(remindForms(before, sent.devisId), 1);

    const pressed = await member.post(href.devisRemind(sent.devisId));
    assert.equal(pressed.statusCode, 303);
    assert.equal(pressed.headers.location, `${href.devis(sent.devisId)}?fait=relance`);
    const after = await member.get(String(pressed.headers.location));
    assert.match(notice(after) ?? '', /^Relance envoyée\u00a0: le client reçoit/);
    assert.ok(!hasButton(after), 'once per version: the button is gone');
    const said = mainText(html(after));
    assert.match(
      said,
      /Version 1\u00a0: client relancé le \d{1,2}\u00a0\S+\u00a0\d{4} à \d{1,2}\u00a0h(\u00a0\d{2})? par Léa Roux\./u,
    );

    // The mail, through the outbox and a real SMTP server.
    const mail = await waitFor('the reminder mail', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Rappel')),
    );
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'camille.durand@example.fr');
    assert.equal(mail.subject, `Rappel\u00a0: votre devis n°\u00a0${sent.number} – ${site.name}`);
    assert.equal(mail.headers.get('auto-submitted'), 'auto-generated');
    const text = mail.text ?? '';
    // « n° » held to the number by a no-break space, in the line and in the sentence.
    assert.ok(text.includes(`Devis\u00a0: n°\u00a0${sent.number}`), 'the number');
    assert.ok(!text.includes(`n° ${sent.number}`), 'never an ordinary space after « n° »');
    assert.ok(text.includes('à la suite de votre demande') && !text.includes('suite à'));
    // 320 + 1,5 × 55 = 402,50 HT; 10 % VAT 40,25; 442,75 TTC.
    assert.match(text, /Montant\u00a0: 442,75\u00a0€\sTTC/, 'the total TTC');
    const until = frenchDay(sent.validUntil);
    // The date's words are held together by no-break spaces.
    assert.ok(text.replace(/\u00a0/g, ' ').includes(`jusqu’au ${until} inclus`), `the last valid day, « ${until} »`);
    assert.ok(text.includes(site.rcs) && text.includes(site.legalName), 'the company’s mentions');
    assert.ok(text.includes(site.phone));
    assert.deepEqual(text.match(/.{0,20} [:;?!]/g) ?? [], [], 'a no-break space before « : ; ? ! »');
    assert.equal(mail.attachments.length, 0);

    // A new link, to the same version; the first one still works.
    const secret = secretIn(text);
    assert.ok(secret !== '' && secret !== sent.secret, 'a new link');
    assert.ok(mail.html && mail.html.includes(`${DEVIS_CLIENT_PATH}/${secret}`));
    const linked = await findByLink(client.db, secret);
    assert.equal(linked?.devisId, sent.devisId);
    assert.equal(linked?.version, 1);
    for (const link of [`${DEVIS_CLIENT_PATH}/${secret}`, sent.link]) {
      const opened = await client.get(link);
      assert.equal(opened.statusCode, 200, link);
      const shown = mainText(html(opened));
      assert.match(shown, new RegExp(`Devis n°\\s${sent.number}, version 1`));
      assert.ok(shown.includes(devisClientTexts.states.awaiting), 'awaiting an answer');
    }

    // The record, the audit trail, and the secret gone from the outbox once the mail left.
    const events = await eventsOf(client.db, sent.devisId);
    const reminded = events.filter((event) => event.kind === 'client_reminded');
    assert.equal(reminded.length, 1);
    assert.equal(reminded[0]?.userId, member.member.id);
    assert.equal(reminded[0]?.version, 1);
    const audit = await readAudit(client.db, { action: 'devis_client_reminded' });
    assert.deepEqual(
      audit.map((row) => [row.userId, row.reference, row.detail]),
      [[member.member.id, sent.reference, `${sent.number} v1`]],
    );
    await client.app.outbox.idle();
    assert.equal(await count(client.db, 'SELECT COUNT(*) AS n FROM outbox WHERE link_secret IS NOT NULL'), 0);
    assert.equal(await count(client.db, 'SELECT COUNT(*) AS n FROM devis_links'), 1);
    assert.equal(client.smtp.messages.filter((message) => message.subject?.startsWith('Rappel')).length, 1, 'one mail');
  });

  test('a second press, or two members at once, queue one mail; the page says so in French', async (t) => {
    const pages = await pagesApp(t);
    const sent = await sentDevis(pages.db, NOW);
    await assertValid(await pages.get(href.devis(sent.devisId)));
    const colleague = await sessionOf(pages, pages.colleague.id);
    const [first, second] = await Promise.all([
      pages.post(href.devisRemind(sent.devisId)),
      colleague.post(href.devisRemind(sent.devisId)),
    ]);
    assert.deepEqual([first.statusCode, second.statusCode], [303, 303]);
    assert.deepEqual([first.headers.location, second.headers.location].sort(), [
      `${href.devis(sent.devisId)}?fait=deja-relance`,
      `${href.devis(sent.devisId)}?fait=relance`,
    ]);
    assert.equal(await reminders(pages.db), 1);
    assert.equal(await count(pages.db, 'SELECT COUNT(*) AS n FROM devis_links'), 1);
    assert.equal(await count(pages.db, "SELECT COUNT(*) AS n FROM devis_events WHERE kind = 'client_reminded'"), 1);
    assert.equal(pages.wakes(), 1, 'the outbox woken for the one mail');

    const again = await pages.post(href.devisRemind(sent.devisId));
    assert.equal(again.headers.location, `${href.devis(sent.devisId)}?fait=deja-relance`);
    const shown = await pages.get(String(again.headers.location));
    assert.equal(
      notice(shown),
      'Le client a déjà été relancé pour cette version\u00a0: aucun autre e-mail n’est parti.',
    );
    assert.ok(!hasButton(shown));
    await assertValid(shown);
    assert.equal(await reminders(pages.db), 1);
    // The link is never changed: a trigger refuses it.
    await assert.rejects(pages.db.execute("UPDATE devis_links SET link_hash = 'autre'"), /a devis link never changes/);
  });

  test('offered up to the last valid day; never once the client cannot answer: accepted, refused, expired, replaced', async (t) => {
    const pages = await pagesApp(t);
    const day = 24 * 3_600_000;
    // Sent 30 days before NOW with 30 days of validity: NOW's Paris day is its last valid day.
    const lastDay = await sentDevis(pages.db, new Date(NOW.getTime() - 30 * day));
    assert.ok(hasButton(await pages.get(href.devis(lastDay.devisId))), 'on its last valid day');

    const expired = await sentDevis(pages.db, new Date(NOW.getTime() - 31 * day));
    const accepted = await sentDevis(pages.db, NOW);
    await recordEvent(pages.db, { devisId: accepted.devisId, version: 1, kind: 'accepted', at: NOW });
    const refused = await sentDevis(pages.db, NOW);
    await recordEvent(pages.db, { devisId: refused.devisId, version: 1, kind: 'refused', at: NOW });
    for (const closed of [expired, accepted, refused]) {
      const shown = await pages.get(href.devis(closed.devisId));
      assert.ok(!hasButton(shown), `not offered (devis ${closed.devisId})`);
      assert.equal(remindForms(shown, closed.devisId), 0);
      const pressed = await pages.post(href.devisRemind(closed.devisId));
      assert.equal(pressed.headers.location, `${href.devis(closed.devisId)}?fait=relance-impossible`);
      assert.match(notice(await pages.get(String(pressed.headers.location))) ?? '', /aucune relance/);
    }
    assert.equal(await reminders(pages.db), 0, 'nothing queued for a devis that awaits no answer');

    // Replaced: version 1 reminded, then version 2 sent. The reminder of version 1, had it not left yet, is
    // no longer written (its row is cancelled); version 2 may be reminded once in its turn.
    const replaced = await sentDevis(pages.db, NOW);
    const first = await pages.post(href.devisRemind(replaced.devisId));
    assert.equal(first.headers.location, `${href.devis(replaced.devisId)}?fait=relance`);
    await saveDraft(pages.db, replaced.devisId, draft({ validityDays: 20 }), NOW);
    await sendDevis(pages.db, replaced.devisId, NOW);
    assert.equal(await mailOf(pages.db, replaced.devisId, 1), undefined, 'version 1’s reminder is cancelled');
    assert.equal(
      (await remindClient(pages.db, replaced.devisId, NOW, { userId: pages.member.id }, 'x@entreprise.test')).ok,
      true,
      'version 2 is reminded once',
    );
    const page2 = await pages.get(href.devis(replaced.devisId));
    assert.ok(!hasButton(page2));
    assert.match(mainText(html(page2)), /Version 1\u00a0: client relancé .*Version 2\u00a0: client relancé/u);
    assert.equal(await reminders(pages.db), 2);
    // Answered meanwhile: the pending reminder of version 2 is not written either.
    assert.ok(await mailOf(pages.db, replaced.devisId, 2), 'written while awaiting');
    await recordEvent(pages.db, { devisId: replaced.devisId, version: 2, kind: 'refused', at: NOW });
    assert.equal(await mailOf(pages.db, replaced.devisId, 2), undefined, 'answered: cancelled');
  });

  test('an unknown devis answers 404 in French; a never-sent one is refused; no token, no session, another origin: nothing', async (t) => {
    const pages = await pagesApp(t);
    const unknown = await pages.post(href.devisRemind(999_999));
    assert.equal(unknown.statusCode, 404);
    assert.match(mainText(html(unknown)), /introuvable/);
    assert.equal((await pages.post('/gestion/devis/abc/relancer')).statusCode, 404);

    const sent = await sentDevis(pages.db, NOW);
    const forged = await pages.app.inject({
      method: 'POST',
      url: href.devisRemind(sent.devisId),
      headers: {
        cookie: (await sessionOf(pages, pages.member.id)).cookie,
        origin: INBOX_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '_csrf=faux',
    });
    assert.equal(forged.statusCode, 403);
    const colleague = await sessionOf(pages, pages.colleague.id);
    const elsewhere = await colleague.post(href.devisRemind(sent.devisId), 'https://ailleurs.example');
    assert.equal(elsewhere.statusCode, 403, 'a page of another site, even with the right token');
    const anonymous = await pages.app.inject({
      method: 'POST',
      url: href.devisRemind(sent.devisId),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.ok([401, 403].includes(anonymous.statusCode), String(anonymous.statusCode));
    assert.equal(await reminders(pages.db), 0);
  });

  test('hostile text: the member’s name and the client’s data stay text on the page and out of the mail’s markup', async (t) => {
    const client = await clientApp(t);
    // No direction character: the sending refuses them now (receiver/test/devis-frozen.test.ts).
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    const member = await signIn(client.app, client.db, `Léa ${hostile}`, 'lea.hostile@entreprise.test');
    const sent = await sentDevis(client.db, client.clock.now, {
      client: { ...draft().client, name: `Camille ${hostile}` },
      subject: `Objet ${hostile}`,
      lines: draft().lines.map((line) => ({ ...line, designation: `${line.designation} ${hostile}` })),
    });
    const pressed = await member.post(href.devisRemind(sent.devisId));
    assert.equal(pressed.statusCode, 303);
    const shown = await member.get(href.devis(sent.devisId));
    assert.ok(!shown.body.includes('<img src=x'), 'escaped on the page');
    assert.ok(mainText(html(shown)).includes('onerror=alert(1)>'), 'shown as text');
    const mail = await waitFor('the reminder mail', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Rappel')),
    );
    assert.ok(mail.html && !mail.html.includes('<img'), 'no markup from what was typed');
    assert.ok(!(mail.text ?? '').includes('onerror'), 'the reminder repeats nothing typed about the client');
  });
});

/** The inbox's origin in the tests' configuration (pagesApp's). */
const INBOX_ORIGIN = new URL(loadConfig(testEnv(os.tmpdir())).inboxUrl).origin;

/** A session of another member on the same inbox (pagesApp's app), posting with its own token. */
async function sessionOf(pages: Pages, memberId: number) {
  const session = await createSession(pages.db, memberId, NOW.getTime());
  const cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
  return {
    cookie,
    post: (url: string, origin = INBOX_ORIGIN) =>
      pages.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: session.csrfToken }).toString(),
      }),
  };
}

/** The reminder's mail as the outbox would write it now (its row as the worker reads it), or undefined. */
async function mailOf(db: Db, devisId: number, version: number) {
  const result = await db.execute({
    sql: `SELECT o.devis_version_id, o.link_secret, r.reference FROM outbox o
            JOIN devis_versions v ON v.id = o.devis_version_id JOIN devis d ON d.id = v.devis_id
            JOIN requests r ON r.id = d.request_id
          WHERE o.kind = 'devis_reminder_client' AND v.devis_id = ? AND v.version = ?`,
    args: [devisId, version],
  });
  const row = result.rows[0];
  assert.ok(row, `a reminder row for version ${version}`);
  return devisReminderClientMail(
    db,
    row as Row,
    { fromEmail: 'no-reply@entreprise.test', notifyEmail: 'equipe@entreprise.test', site: undefined },
    NOW,
  );
}

describe('erasure', () => {
  test('erasing the request removes the reminder’s .eml copy, its link and its event, like the other devis mails', async (t) => {
    // No SMTP relay: the outbox writes each mail as an .eml copy (QUOTE_DATA_DIR/outbox/).
    const built = await build(t);
    const member = await signIn(built.app, built.db);
    const dirs = (built.app as unknown as { dirs: Layout }).dirs;
    const request = await seed(built.db, dirs, { email: 'camille.durand@example.fr' });
    const devisId = await createDevis(built.db, request.id, draft(), new Date());
    const sent = { ...(await sendDevis(built.db, devisId, new Date())), devisId, reference: request.reference };
    const pressed = await member.post(href.devisRemind(sent.devisId));
    assert.equal(pressed.statusCode, 303);
    const copy = path.join(dirs.outbox, `${sent.reference}-${sent.number}-v1-devis_reminder_client.eml`);
    await waitFor('the reminder’s .eml copy', () => existsSync(copy));

    const erased = await member.post(href.requestErase(sent.reference), { confirmation: 'EFFACER' });
    assert.equal(erased.statusCode, 303, erased.body.match(/role="alert"[^<]*>[^<]*/)?.[0]);
    assert.ok(!existsSync(copy), 'the copy is gone');
    const left = (await readdir(dirs.outbox)).filter((name) => name.startsWith(sent.reference));
    assert.deepEqual(left, []);
    assert.equal(await count(built.db, 'SELECT COUNT(*) AS n FROM devis_links'), 0);
    assert.equal(await count(built.db, "SELECT COUNT(*) AS n FROM devis_events WHERE kind = 'client_reminded'"), 0);
    assert.equal(await count(built.db, "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'devis_reminder_client'"), 0);
  });
});
