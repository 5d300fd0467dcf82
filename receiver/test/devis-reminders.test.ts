import assert from 'node:assert/strict';
import { after, afterEach, describe, test } from 'node:test';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config';
import { createMailer, type Mailer } from '../src/delivery/mailer';
import { startWorker, type Worker } from '../src/delivery/outbox';
import { queueDueMails } from '../src/delivery/reminders';
import { devisTerms } from '../src/facts';
import { addMember } from '../src/store/members';
import { dueDevisReminders, type DevisCandidate } from '../src/requests/devis/reminders';
import { openDb, type Db } from '../src/store/db';
import { recordEvent } from '../src/store/devis-events';
import { createDevis, findDevis } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { layout } from '../src/store/storage';
import { removeDir, type Smtp, startSmtp, storeDir, testEnv } from './helpers';
import { sampleDraft, insertWithMails, sampleRequest } from './factories';

/**
 * The team's reminders about a sent devis (requests/devis/reminders.ts), with the scheduler's `now` as a
 * parameter: what is due, worked out from a calendar written by hand below, then the same through a real
 * store, the outbox and a real SMTP server (the member assigned gets them, once each; an answer cancels one
 * not yet sent; an expired devis gets none). The numbers of days are read from content/devis.ts.
 */

const { notOpenedWorkingDays, notAnsweredWorkingDays, expiringInDays } = devisTerms.reminders;

/**
 * The working days from Monday 23 November 2026 to the end of the year, by hand: Monday to Friday, without
 * Christmas (Friday 25 December).
 */
const WORKING_DAYS = [
  ...['23', '24', '25', '26', '27', '30'].map((day) => `2026-11-${day}`),
  ...['01', '02', '03', '04', '07', '08', '09', '10', '11', '14', '15', '16', '17', '18', '21', '22', '23', '24'].map(
    (day) => `2026-12-${day}`,
  ),
  ...['28', '29', '30', '31'].map((day) => `2026-12-${day}`),
];

/** 10 h in Paris (winter: UTC+1) on the working day `count` working days after `day`. */
const tenAfter = (day: string, count: number) =>
  new Date(`${WORKING_DAYS[WORKING_DAYS.indexOf(day) + count]}T09:00:00Z`);
const minuteBefore = (date: Date) => new Date(date.getTime() - 60_000);

/** The calendar day `days` days before an ISO day. */
function dayBefore(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
/** Midnight in Paris (winter) at the start of an ISO day. */
const parisMidnight = (isoDay: string) => new Date(new Date(`${isoDay}T00:00:00Z`).getTime() - 3_600_000);

describe('what is due (pure)', () => {
  // Sent on Monday 23 November 2026 at 10 h in Paris, valid until Wednesday 23 December.
  const sent: DevisCandidate = {
    versionId: 1,
    status: 'envoye',
    sentAt: '2026-11-23T09:00:00Z',
    validUntil: '2026-12-23',
    queued: new Set(),
  };
  const kinds = (candidate: DevisCandidate, now: Date) => dueDevisReminders([candidate], now).map((due) => due.kind);

  test('not opened after its working days, at the time it was sent; then not answered after its own', () => {
    const notOpened = tenAfter('2026-11-23', notOpenedWorkingDays);
    assert.deepEqual(kinds(sent, minuteBefore(notOpened)), []);
    assert.deepEqual(kinds(sent, notOpened), ['devis_not_opened']);
    const notAnswered = tenAfter('2026-11-23', notAnsweredWorkingDays);
    const queued = { ...sent, queued: new Set(['devis_not_opened'] as const) };
    assert.deepEqual(kinds(queued, minuteBefore(notAnswered)), []);
    assert.deepEqual(kinds(queued, notAnswered), ['devis_not_answered']);
    // Opened (« Vu »): never « pas ouvert », still « sans réponse ».
    assert.deepEqual(kinds({ ...sent, status: 'vu' }, notOpened), []);
    assert.deepEqual(kinds({ ...sent, status: 'vu' }, notAnswered), ['devis_not_answered']);
  });

  test('both due at once (the receiver stopped for days): « sans réponse » alone', () => {
    assert.deepEqual(kinds(sent, tenAfter('2026-11-23', notAnsweredWorkingDays + 1)), ['devis_not_answered']);
  });

  test('working days skip week-ends and holidays: sent the day before Christmas', () => {
    const christmasEve = { ...sent, sentAt: '2026-12-24T09:00:00Z', validUntil: '2027-01-23' };
    const due = tenAfter('2026-12-24', notOpenedWorkingDays);
    assert.deepEqual(kinds(christmasEve, minuteBefore(due)), []);
    assert.deepEqual(kinds(christmasEve, due), ['devis_not_opened']);
  });

  test('expiring: from midnight in Paris, its days before the last valid day; nothing once it has passed', () => {
    const answeredLong = { ...sent, status: 'vu' as const, queued: new Set(['devis_not_answered'] as const) };
    const from = parisMidnight(dayBefore(sent.validUntil, expiringInDays));
    assert.deepEqual(kinds(answeredLong, minuteBefore(from)), []);
    assert.deepEqual(kinds(answeredLong, from), ['devis_expiring']);
    assert.deepEqual(kinds({ ...answeredLong, queued: new Set(['devis_not_answered', 'devis_expiring']) }, from), []);
    assert.deepEqual(kinds(answeredLong, parisMidnight('2026-12-24')), [], 'the day after its last valid day');
  });

  test('a devis answered, expired or withdrawn gets none', () => {
    const late = tenAfter('2026-11-23', notAnsweredWorkingDays);
    for (const status of ['accepte', 'refuse', 'expire', 'retracte', 'brouillon'] as const) {
      assert.deepEqual(kinds({ ...sent, status }, late), [], status);
    }
  });
});

const silent = pino({ level: 'silent' });
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});
let smtp: Smtp;
after(async () => smtp?.stop());

type Bench = { db: Db; config: Config; worker: Worker; mailer: Mailer };

async function bench(): Promise<Bench> {
  smtp ??= await startSmtp();
  const dataDir = await storeDir();
  const config = loadConfig(testEnv(dataDir, { SMTP_URL: smtp.url, QUOTE_DIGEST_TIME: 'off' }));
  const dirs = layout(dataDir);
  const db = await openDb(dataDir, 1000);
  const mailer = createMailer(config, dirs);
  const worker = startWorker(db, mailer, config, dirs, silent);
  cleanup.push(async () => {
    await worker.stop();
    mailer.close();
    db.close();
    await removeDir(dataDir);
  });
  return { db, config, worker, mailer };
}

let serial = 0;

/** A request received long ago (its own mails sent), its devis sent on Monday 23 November at 10 h. */
async function sentDevis(b: Bench, assignee?: string) {
  serial += 1;
  const reference = `D-20261120-R${String(serial).padStart(5, '0')}`;
  const email = `client.${serial}@exemple.fr`;
  // Fixed width: no client's name is part of another's (mailsOf).
  const lastName = `Martin${String(serial).padStart(5, '0')}`;
  await insertWithMails(b.db, sampleRequest({ reference, email, lastName, deadlineAt: '2026-11-23T09:00:00Z' }), 0);
  await b.db.execute({ sql: "UPDATE outbox SET status = 'sent' WHERE message_id LIKE ?", args: [`<${reference}.%`] });
  const requestId = Number(
    (await b.db.execute({ sql: 'SELECT id FROM requests WHERE reference = ?', args: [reference] })).rows[0]?.id,
  );
  if (assignee) {
    const { member } = await addMember(b.db, { name: 'Léa Martin', email: assignee }, Date.now());
    await b.db.execute({ sql: 'UPDATE requests SET assignee_id = ? WHERE id = ?', args: [member.id, requestId] });
  }
  const devisId = await createDevis(b.db, requestId, sampleDraft(), new Date('2026-11-23T08:00:00Z'));
  const version = await sendDevis(b.db, devisId, new Date('2026-11-23T09:00:00Z'));
  return { reference, devisId, version, name: `Élodie ${lastName}` };
}

/** Queues what is due at `now` and lets the outbox send it; returns the kinds queued. */
async function tick(b: Bench, now: Date): Promise<string[]> {
  const due = await queueDueMails(b.db, b.config, now);
  b.worker.wake();
  await b.worker.idle();
  return due.map((mail) => mail.kind);
}

const recipient = (mail: Smtp['messages'][number] | undefined) => (mail?.to && 'text' in mail.to ? mail.to.text : '');
/** The mails about one client's devis (their name is in every subject). */
const mailsOf = (name: string) => smtp.messages.filter((message) => message.subject?.includes(name));

describe('through the outbox, with a controlled clock', () => {
  test('the member assigned gets each reminder once: not opened, not answered, expiring; then the devis expires', async () => {
    const b = await bench();
    const { version, devisId, name } = await sentDevis(b, 'lea@entreprise.test');
    const notOpened = tenAfter('2026-11-23', notOpenedWorkingDays);
    assert.deepEqual(await tick(b, minuteBefore(notOpened)), []);
    assert.deepEqual(await tick(b, notOpened), ['devis_not_opened']);
    assert.deepEqual(await tick(b, new Date(notOpened.getTime() + 3_600_000)), [], 'once');
    const [first, ...others] = mailsOf(name);
    assert.equal(others.length, 0);
    assert.equal(recipient(first), 'lea@entreprise.test');
    assert.match(first?.subject ?? '', new RegExp(`^Devis ${version.number} pour ${name}\u00a0: pas encore ouvert$`));
    assert.match(first?.text ?? '', /Ouvrir la demande dans la boîte de réception\u00a0: http/);
    assert.equal(first?.headers.get('auto-submitted'), 'auto-generated');

    // The client opens it: the next one is « sans réponse ».
    assert.ok(await recordEvent(b.db, { devisId, version: version.version, kind: 'opened', at: notOpened }));
    const notAnswered = tenAfter('2026-11-23', notAnsweredWorkingDays);
    assert.deepEqual(await tick(b, notAnswered), ['devis_not_answered']);
    const expiring = parisMidnight(dayBefore(version.validUntil, expiringInDays));
    assert.deepEqual(await tick(b, minuteBefore(expiring)), []);
    assert.deepEqual(await tick(b, expiring), ['devis_expiring']);
    assert.deepEqual(
      mailsOf(name).map((mail) => mail.subject),
      [
        `Devis ${version.number} pour ${name}\u00a0: pas encore ouvert`,
        `Devis ${version.number} pour ${name}\u00a0: sans réponse`,
        `Devis ${version.number} pour ${name}\u00a0: expire bientôt`,
      ],
    );
    // The day after its last valid day: « Expiré », and nothing more.
    assert.deepEqual(await tick(b, parisMidnight(dayBefore(version.validUntil, -1))), []);
    assert.equal((await findDevis(b.db, devisId))?.status, 'expire');
    assert.equal(mailsOf(name).length, 3);
  });

  test('an answer before the mail leaves cancels it; nobody assigned: the company’s address', async () => {
    const b = await bench();
    const { version, devisId, name } = await sentDevis(b);
    const notOpened = tenAfter('2026-11-23', notOpenedWorkingDays);
    // Queued, not sent yet (the outbox not woken), then the client refuses.
    assert.deepEqual(
      (await queueDueMails(b.db, b.config, notOpened)).map((mail) => mail.kind),
      ['devis_not_opened'],
    );
    assert.ok(await recordEvent(b.db, { devisId, version: version.version, kind: 'refused', at: notOpened }));
    b.worker.wake();
    await b.worker.idle();
    assert.deepEqual(mailsOf(name), []);
    const row = await b.db.execute("SELECT status FROM outbox WHERE kind = 'devis_not_opened'");
    assert.equal(row.rows[0]?.status, 'cancelled');

    const other = await sentDevis(b);
    assert.deepEqual(await tick(b, notOpened), ['devis_not_opened']);
    assert.equal(recipient(mailsOf(other.name)[0]), b.config.notifyEmail);
  });
});
