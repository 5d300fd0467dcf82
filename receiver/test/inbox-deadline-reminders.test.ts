import assert from 'node:assert/strict';
import { after, afterEach, describe, test } from 'node:test';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { site } from '../src/facts';
import { createMailer, type Mailer } from '../src/delivery/mailer';
import { startWorker, type Worker } from '../src/delivery/outbox';
import { backfillDeadlines, dueMails, queueDueMails } from '../src/delivery/reminders';
import type { Candidate } from '../src/store/reminders';
import { openDb, type Db } from '../src/store/db';
import { layout, type Layout } from '../src/store/storage';
import { removeDir, type Smtp, startSmtp, storeDir, testEnv, waitFor } from './helpers';
import { insertWithMails, sampleRequest } from './factories';

/**
 * The reminders with a controlled clock: the scheduler's `now` is a parameter (real time drives only the
 * outbox's retries), the store is a real SQLite file reopened to play a restart, the mails go to a real
 * SMTP server. Expected instants are worked out by hand (see inbox-deadline-rule.test.ts): a request
 * received on Tuesday 24 November 2026 at 10 h 30 in Paris (09:30Z) is due back before Wednesday 25 at
 * 10 h 30 (09:30Z), and its reminder falls on Tuesday at 17 h 30 (16:30Z).
 */

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

let smtp: Smtp;
after(async () => smtp?.stop());

const at = (iso: string) => new Date(iso);
const silent = pino({ level: 'silent' });

/** A store, a mailer and an outbox worker on one data folder; restart() closes them and opens new ones. */
type Bench = { db: Db; config: Config; dirs: Layout; worker: Worker; mailer: Mailer; restart(): Promise<void> };

async function bench(env: Record<string, string> = {}): Promise<Bench> {
  smtp ??= await startSmtp();
  const dataDir = await storeDir();
  const config = loadConfig(testEnv(dataDir, { SMTP_URL: smtp.url, ...env }));
  const dirs = layout(dataDir);
  const open = async () => {
    const db = await openDb(dataDir, 1000);
    const mailer = createMailer(config, dirs);
    return { db, mailer, worker: startWorker(db, mailer, config, dirs, silent) };
  };
  const state: Bench = {
    ...(await open()),
    config,
    dirs,
    async restart() {
      await state.worker.stop();
      state.mailer.close();
      state.db.close();
      Object.assign(state, await open());
    },
  };
  cleanup.push(async () => {
    await state.worker.stop();
    state.mailer.close();
    state.db.close();
    await removeDir(dataDir);
  });
  return state;
}

let serial = 0;

/** A request as the route stores it, received at `receivedAt`, with `deadlineAt` (none: stored before the inbox). */
async function storeRequest(db: Db, receivedAt: string, deadlineAt: string | undefined, lastName = 'Martin') {
  serial += 1;
  const reference = `D-20261124-T${String(serial).padStart(5, '0')}`;
  const email = `client.${serial}@exemple.fr`;
  await insertWithMails(
    db,
    sampleRequest({ reference, email, lastName, createdAt: receivedAt, deadlineAt }),
    // Its own two mails were sent long ago: they are not what these tests count.
    0,
  );
  await db.execute({ sql: "UPDATE outbox SET status = 'sent' WHERE message_id LIKE ?", args: [`<${reference}.%`] });
  return reference;
}

/** Queues what is due at `now` and lets the outbox send it; returns the kinds queued. */
async function tick(b: Bench, now: string): Promise<string[]> {
  const due = await queueDueMails(b.db, b.config, at(now));
  b.worker.wake();
  await b.worker.idle();
  return due.map((mail) => (mail.kind === 'digest' ? `digest ${mail.day}` : `${mail.kind} ${mail.reference}`));
}

const mailsAbout = (reference: string) => smtp.messages.filter((message) => message.subject?.includes(reference));

describe('what is due (pure)', () => {
  const candidate: Candidate = {
    id: 1,
    reference: 'D-20261124-AAAAAA',
    deadlineAt: '2026-11-25T09:30:00Z',
    reminderQueued: false,
    lateQueued: false,
  };
  const noDigest = { time: undefined, queuedToday: false };

  test('nothing before the reminder time, the reminder from it, the late mail from the deadline', () => {
    assert.deepEqual(dueMails([candidate], at('2026-11-24T16:29:00Z'), noDigest), []);
    assert.deepEqual(dueMails([candidate], at('2026-11-24T16:30:00Z'), noDigest), [
      { kind: 'reminder', requestId: 1, reference: 'D-20261124-AAAAAA' },
    ]);
    assert.deepEqual(dueMails([{ ...candidate, reminderQueued: true }], at('2026-11-25T09:29:00Z'), noDigest), []);
    assert.deepEqual(dueMails([{ ...candidate, reminderQueued: true }], at('2026-11-25T09:30:00Z'), noDigest), [
      { kind: 'late', requestId: 1, reference: 'D-20261124-AAAAAA' },
    ]);
  });

  test('past its deadline, no reminder any more; a late mail only within a day of the deadline', () => {
    assert.deepEqual(dueMails([candidate], at('2026-11-25T12:00:00Z'), noDigest), [
      { kind: 'late', requestId: 1, reference: 'D-20261124-AAAAAA' },
    ]);
    assert.deepEqual(dueMails([{ ...candidate, lateQueued: true }], at('2026-11-25T12:00:00Z'), noDigest), []);
    assert.deepEqual(dueMails([candidate], at('2026-11-26T09:30:00Z'), noDigest), []);
  });

  test('the digest from its time on a working day, once', () => {
    const digest = { time: '08:30', queuedToday: false };
    // Wednesday 25 November 2026: 8 h 29 and 8 h 30 in Paris.
    assert.deepEqual(dueMails([], at('2026-11-25T07:29:00Z'), digest), []);
    assert.deepEqual(dueMails([], at('2026-11-25T07:30:00Z'), digest), [{ kind: 'digest', day: '2026-11-25' }]);
    assert.deepEqual(dueMails([], at('2026-11-25T15:00:00Z'), { ...digest, queuedToday: true }), []);
    // Saturday 28 November, Christmas, Whit Monday 2026 (UTC+2): none.
    assert.deepEqual(dueMails([], at('2026-11-28T09:00:00Z'), digest), []);
    assert.deepEqual(dueMails([], at('2026-12-25T09:00:00Z'), digest), []);
    assert.deepEqual(dueMails([], at('2026-05-25T07:00:00Z'), digest), []);
    // Turned off.
    assert.deepEqual(dueMails([], at('2026-11-25T09:00:00Z'), noDigest), []);
  });

  test('during an exceptional closure: no digest, and the reminder before a deadline after it falls before it', () => {
    // Closed Monday 30 November to Friday 4 December 2026.
    const closures = [{ from: '2026-11-30', to: '2026-12-04', message: 'Inventaire.' }];
    const digest = { time: '08:30', queuedToday: false };
    assert.deepEqual(dueMails([], at('2026-12-02T07:30:00Z'), digest, closures), []);
    assert.deepEqual(dueMails([], at('2026-12-02T07:30:00Z'), digest, []), [{ kind: 'digest', day: '2026-12-02' }]);
    // Due back Monday 7 December, 10 h 30 (received Friday 27 November at 10 h 30, across the closure): an hour
    // and a half that Monday morning, then half an hour on Friday 27 November -> 17 h 30 that Friday.
    const afterClosure = { ...candidate, deadlineAt: '2026-12-07T09:30:00Z' };
    assert.deepEqual(dueMails([afterClosure], at('2026-11-27T16:29:00Z'), noDigest, closures), []);
    assert.deepEqual(dueMails([afterClosure], at('2026-11-27T16:30:00Z'), noDigest, closures), [
      { kind: 'reminder', requestId: 1, reference: 'D-20261124-AAAAAA' },
    ]);
    // Without the closure, Friday 4 December is a working day: the reminder waits until then, 17 h 30.
    assert.deepEqual(dueMails([afterClosure], at('2026-11-27T16:30:00Z'), noDigest, []), []);
  });
});

describe('reminders through the outbox, with a controlled clock', () => {
  test('a reminder once, not again after a restart, then one late mail, each linking to the request', async () => {
    const b = await bench({ QUOTE_INBOX_URL: 'https://www.exemple.fr/gestion/' });
    const reference = await storeRequest(b.db, '2026-11-24T09:30:00Z', '2026-11-25T09:30:00Z');

    assert.deepEqual(await tick(b, '2026-11-24T16:29:00Z'), []);
    assert.deepEqual(await tick(b, '2026-11-24T16:30:00Z'), [`reminder ${reference}`]);
    assert.deepEqual(await tick(b, '2026-11-24T16:45:00Z'), []);
    const [reminder, ...more] = mailsAbout(reference);
    assert.equal(more.length, 0);
    assert.match(
      reminder?.subject ?? '',
      /^Rappel\s:\sdemande D-\S+, appel attendu avant le 25\snovembre\s2026 à 10\sh\s30$/,
    );
    assert.equal(reminder?.to && 'text' in reminder.to ? reminder.to.text : '', b.config.notifyEmail);
    assert.ok(reminder?.text?.includes(`https://www.exemple.fr/gestion/demandes/${reference}/`));
    assert.ok(String(reminder?.html).includes(`href="https://www.exemple.fr/gestion/demandes/${reference}/"`));
    // No more of the visitor than the notification: here not even the e-mail, the phone or the description.
    for (const secret of ['client.', '06 12 34 56 78', 'VMC à remplacer']) {
      assert.ok(!reminder?.text?.includes(secret), secret);
    }

    await b.restart();
    assert.deepEqual(await tick(b, '2026-11-25T08:00:00Z'), []);
    assert.deepEqual(await tick(b, '2026-11-25T09:30:00Z'), [`late ${reference}`]);
    await b.restart();
    assert.deepEqual(await tick(b, '2026-11-25T10:00:00Z'), []);
    assert.deepEqual(await tick(b, '2026-11-26T10:00:00Z'), []);

    assert.deepEqual(
      mailsAbout(reference).map((message) => message.subject?.split(/\s:\s/)[0]),
      ['Rappel', 'En retard'],
    );
    assert.match(
      mailsAbout(reference)[1]?.subject ?? '',
      /^En retard\s:\sdemande D-\S+ non rappelée \(échéance\s:\s25\snovembre\s2026 à 10\sh\s30\)$/,
    );
    const history = await b.db.execute({
      sql: "SELECT e.detail FROM request_events e JOIN requests r ON r.id = e.request_id WHERE r.reference = ? AND e.kind = 'reminder' ORDER BY e.id",
      args: [reference],
    });
    assert.deepEqual(
      history.rows.map((row) => row.detail),
      ['reminder', 'late'],
    );
  });

  test('nothing at all for a request called back (« Rappelée »), for spam, or for one stored before the inbox', async () => {
    const b = await bench();
    const called = await storeRequest(b.db, '2026-11-24T09:30:00Z', '2026-11-25T09:30:00Z', 'Rappelée');
    await b.db.execute({ sql: "UPDATE requests SET status = 'rappelee' WHERE reference = ?", args: [called] });
    const spam = await storeRequest(b.db, '2026-11-24T09:30:00Z', '2026-11-25T09:30:00Z', 'Indésirable');
    await b.db.execute({ sql: 'UPDATE requests SET spam = 1 WHERE reference = ?', args: [spam] });
    const old = await storeRequest(b.db, '2026-11-24T09:30:00Z', undefined, 'Ancienne');
    assert.equal(await backfillDeadlines(b.db), 1);
    assert.equal(await backfillDeadlines(b.db), 0);
    const row = await b.db.execute({ sql: 'SELECT deadline_at FROM requests WHERE reference = ?', args: [old] });
    assert.equal(row.rows[0]?.deadline_at, '2026-11-25T09:30:00.000Z');

    for (const now of ['2026-11-24T16:30:00Z', '2026-11-25T09:30:00Z', '2026-11-25T12:00:00Z']) {
      assert.deepEqual(await tick(b, now), []);
    }
    for (const reference of [called, spam, old]) assert.deepEqual(mailsAbout(reference), [], reference);
  });

  test('a reminder queued during an SMTP outage is retried, and dropped once the request is called back', async () => {
    const b = await bench();
    const kept = await storeRequest(b.db, '2026-11-24T09:30:00Z', '2026-11-25T09:30:00Z', 'Attend');
    const called = await storeRequest(b.db, '2026-11-24T09:30:00Z', '2026-11-25T09:30:00Z', 'Rappelée');
    smtp.rejecting = true;
    try {
      assert.deepEqual((await queueDueMails(b.db, b.config, at('2026-11-24T16:30:00Z'))).length, 2);
      b.worker.wake();
      await waitFor('both reminders to fail once', async () => {
        const result = await b.db.execute("SELECT MIN(attempts) AS n FROM outbox WHERE kind = 'reminder'");
        return Number(result.rows[0]?.n) >= 1;
      });
      // The receiver stops (a mail it was sending cannot slip through), the team calls one back meanwhile.
      await b.worker.stop();
      await b.db.execute({ sql: "UPDATE requests SET status = 'rappelee' WHERE reference = ?", args: [called] });
    } finally {
      smtp.rejecting = false;
    }
    await b.restart();
    // The retries were due later: wait until neither reminder is pending.
    await waitFor('the reminders to be sent or cancelled', async () => {
      const result = await b.db.execute(
        "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'reminder' AND status = 'pending'",
      );
      return Number(result.rows[0]?.n) === 0;
    });
    assert.equal(mailsAbout(kept).length, 1);
    assert.equal(mailsAbout(called).length, 0);
    const statuses = await b.db.execute(
      "SELECT r.reference, o.status FROM outbox o JOIN requests r ON r.id = o.request_id WHERE o.kind = 'reminder' ORDER BY r.id",
    );
    assert.deepEqual(
      statuses.rows.map((row) => `${row.reference} ${row.status}`),
      [`${kept} sent`, `${called} cancelled`],
    );
  });
});

describe('the morning digest', () => {
  test('once a working day from its time, to its recipients, late requests first; not on a weekend or a holiday', async () => {
    const b = await bench({ QUOTE_DIGEST_TIME: '08:30', QUOTE_DIGEST_TO: 'chef@exemple.fr, bureau@exemple.fr' });
    // Late since Monday 23, 10 h 30 (its late mail is more than a day old on Wednesday: not sent), and due
    // on Wednesday 25 at 16 h (its reminder at 14 h, 13:00Z).
    const late = await storeRequest(b.db, '2026-11-20T09:30:00Z', '2026-11-23T09:30:00Z', 'Enretard');
    const open = await storeRequest(b.db, '2026-11-24T15:00:00Z', '2026-11-25T15:00:00Z', 'Ouverte');
    const closed = await storeRequest(b.db, '2026-11-20T09:30:00Z', '2026-11-23T09:30:00Z', 'Acceptée');
    await b.db.execute({ sql: "UPDATE requests SET status = 'acceptee' WHERE reference = ?", args: [closed] });
    const digests = () => smtp.messages.filter((message) => message.subject?.startsWith('Récapitulatif'));
    const before = digests().length;

    // Wednesday 25 November 2026, Paris 8 h 29 then 8 h 31 (UTC+1), then before the reminder of `open`.
    assert.deepEqual(await tick(b, '2026-11-25T07:29:00Z'), []);
    assert.deepEqual(await tick(b, '2026-11-25T07:31:00Z'), ['digest 2026-11-25']);
    assert.deepEqual(await tick(b, '2026-11-25T10:00:00Z'), []);
    await b.restart();
    assert.deepEqual(await tick(b, '2026-11-25T12:59:00Z'), []);
    const [digest, ...others] = digests().slice(before);
    assert.equal(others.length, 0);
    assert.match(
      digest?.subject ?? '',
      /^Récapitulatif du 25\snovembre\s2026 – Demandes ouvertes\s:\s2, dont 1 en retard$/,
    );
    assert.deepEqual(digest?.to && 'value' in digest.to ? digest.to.value.map((address) => address.address) : [], [
      'chef@exemple.fr',
      'bureau@exemple.fr',
    ]);
    const text = digest?.text ?? '';
    assert.ok(text.indexOf(late) > 0 && text.indexOf(open) > text.indexOf(late), 'late first');
    assert.ok(!text.includes(closed), 'closed requests are not listed');
    assert.ok(text.includes(`http://localhost:8788/gestion/demandes/${open}/`));

    // Saturday 28, Sunday 29: none; Christmas 2026 (a Friday): none; Monday 30 November: one.
    for (const now of ['2026-11-28T09:00:00Z', '2026-11-29T09:00:00Z', '2026-12-25T09:00:00Z']) {
      assert.deepEqual(await tick(b, now), [], now);
    }
    assert.deepEqual(await tick(b, '2026-11-30T08:00:00Z'), ['digest 2026-11-30']);
    assert.equal(digests().length - before, 2);
  });

  test('turned off, no digest; with nothing open, none is sent', async () => {
    const off = await bench({ QUOTE_DIGEST_TIME: 'off' });
    await storeRequest(off.db, '2026-11-25T09:30:00Z', '2026-11-26T09:30:00Z');
    // Wednesday 25 November, 9 h in Paris: past the digest's time, before the request's reminder.
    assert.deepEqual(await tick(off, '2026-11-25T08:00:00Z'), []);

    const empty = await bench({ QUOTE_DIGEST_TIME: '08:30' });
    const before = smtp.messages.length;
    assert.deepEqual(await tick(empty, '2026-11-25T08:00:00Z'), ['digest 2026-11-25']);
    assert.equal(smtp.messages.length, before);
    const row = await empty.db.execute("SELECT status FROM outbox WHERE kind = 'digest'");
    assert.deepEqual(
      row.rows.map((r) => r.status),
      ['cancelled'],
    );
  });
});

describe('the settings', () => {
  test('defaults: the inbox on localhost, a digest at 8 h 30 to the team', () => {
    const config = loadConfig({}, '/srv/site');
    assert.equal(config.inboxUrl, 'http://localhost:8788/gestion/');
    assert.equal(config.digestTime, '08:30');
    assert.deepEqual(config.digestTo, [site.email]);
  });

  test('values are read and checked, with a French message naming the variable', () => {
    const config = loadConfig({
      QUOTE_INBOX_URL: 'https://www.exemple.fr/gestion/',
      QUOTE_DIGEST_TIME: '07:45',
      QUOTE_NOTIFY_EMAIL: 'equipe@exemple.fr',
      QUOTE_DIGEST_TO: ' chef@exemple.fr ,bureau@exemple.fr',
    });
    assert.equal(config.inboxUrl, 'https://www.exemple.fr/gestion/');
    assert.equal(config.digestTime, '07:45');
    assert.deepEqual(config.digestTo, ['chef@exemple.fr', 'bureau@exemple.fr']);
    assert.deepEqual(loadConfig({ QUOTE_NOTIFY_EMAIL: 'equipe@exemple.fr' }).digestTo, ['equipe@exemple.fr']);
    assert.equal(loadConfig({ QUOTE_DIGEST_TIME: 'off' }).digestTime, undefined);
    for (const [name, value, message] of [
      ['QUOTE_DIGEST_TIME', '8h30', /^QUOTE_DIGEST_TIME doit être une heure de la forme 08:30, ou off/],
      ['QUOTE_DIGEST_TIME', '24:00', /^QUOTE_DIGEST_TIME/],
      ['QUOTE_DIGEST_TO', 'chef@exemple.fr, pas-une-adresse', /^QUOTE_DIGEST_TO .*« pas-une-adresse »/],
      ['QUOTE_INBOX_URL', 'pas une adresse', /^QUOTE_INBOX_URL.*« pas une adresse »/],
      ['QUOTE_INBOX_URL', 'ftp://exemple.fr/gestion/', /^QUOTE_INBOX_URL doit commencer par https:\/\/ ou http:\/\//],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
        `${name}=${value}`,
      );
    }
  });
});
