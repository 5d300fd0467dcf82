import assert from 'node:assert/strict';
import { createClient } from '@libsql/client';
import { cp, readdir, writeFile } from 'node:fs/promises';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/delivery/mailer';
import { startWorker } from '../src/delivery/outbox';
import { queueDueMails } from '../src/delivery/reminders';
import { eraseRequests } from '../src/store/purge';
import { devisReference } from '../src/requests/mail-kinds';
import { ensureLayout, layout } from '../src/store/storage';
import path from 'node:path';
import { after, afterEach, describe, test } from 'node:test';
import { DB_FILE, openDb } from '../src/store/db';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/store/migrations';
import { requestsByEmail } from '../src/store/request-queries';
import {
  form,
  post,
  removeDir,
  receiverWith,
  root,
  startSmtp,
  startTestReceiver,
  tempDir,
  testEnv,
  validFields,
  waitFor,
  type Smtp,
} from './helpers';
import { insertWithMails, olderRequestRow } from './factories';

/**
 * The store's side of the deadline: migration 4 (the outbox rebuilt for the team's mails) from a real store
 * at version 3 and from the oldest data folder; the deadline given to each request stored, and to older
 * ones at start; and the scheduler started with the receiver.
 */

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

let smtp: Smtp | undefined;
after(async () => smtp?.stop());

/** A data folder at schema version 3 (the last one before the team's mails), with requests and their mails. */
async function storeAtVersion3(): Promise<string> {
  const dataDir = await tempDir();
  const client = createClient({ url: `file:${path.join(dataDir, DB_FILE)}` });
  await client.batch([...MIGRATIONS.slice(0, 3).flat(), 'PRAGMA user_version = 3'], 'write');
  const request = (id: number, reference: string) =>
    olderRequestRow({ id, reference, requestId: `request-${id}` }, { status: id === 2 ? 'rappelee' : 'nouvelle' });
  await client.batch(
    [
      request(1, 'D-20261124-AAAAAA'),
      request(2, 'D-20261124-BBBBBB'),
      `INSERT INTO outbox (id, request_id, kind, message_id, status, attempts, next_attempt_at, last_error, sent_at, claimed_until)
       VALUES (7, 1, 'company', '<A.company@x>', 'sent', 1, 0, NULL, '2026-11-24T09:30:01.000Z', NULL),
              (8, 1, 'visitor', '<A.visitor@x>', 'failed', 3, 5, '550 RCPT TO', NULL, NULL),
              (9, 2, 'company', '<B.company@x>', 'pending', 2, 123, 'ECONNREFUSED', NULL, 456)`,
    ],
    'write',
  );
  client.close();
  return dataDir;
}

describe('migration 4: the outbox takes the team’s mails', () => {
  test('from a real store at version 3: every mail kept as it was, the new kinds and keys enforced', async () => {
    const dataDir = await storeAtVersion3();
    cleanup.push(() => removeDir(dataDir));
    const db = await openDb(dataDir, 1000);
    cleanup.push(async () => db.close());

    assert.equal(Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version), SCHEMA_VERSION);
    const rows = await db.execute(
      `SELECT id, request_id, kind, message_id, status, attempts, next_attempt_at, last_error, sent_at, claimed_until,
         queued_at, digest_day FROM outbox ORDER BY id`,
    );
    assert.deepEqual(
      rows.rows.map((row) => ({ ...row })),
      [
        {
          id: 7,
          request_id: 1,
          kind: 'company',
          message_id: '<A.company@x>',
          status: 'sent',
          attempts: 1,
          next_attempt_at: 0,
          last_error: null,
          sent_at: '2026-11-24T09:30:01.000Z',
          claimed_until: null,
          queued_at: '2026-11-24T09:30:00.000Z',
          digest_day: null,
        },
        {
          id: 8,
          request_id: 1,
          kind: 'visitor',
          message_id: '<A.visitor@x>',
          status: 'failed',
          attempts: 3,
          next_attempt_at: 5,
          last_error: '550 RCPT TO',
          sent_at: null,
          claimed_until: null,
          queued_at: '2026-11-24T09:30:00.000Z',
          digest_day: null,
        },
        {
          id: 9,
          request_id: 2,
          kind: 'company',
          message_id: '<B.company@x>',
          status: 'pending',
          attempts: 2,
          next_attempt_at: 123,
          last_error: 'ECONNREFUSED',
          sent_at: null,
          claimed_until: 456,
          queued_at: '2026-11-24T09:30:00.000Z',
          digest_day: null,
        },
      ],
    );
    const indexes = await db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'");
    const names = indexes.rows.map((row) => String(row.name));
    for (const name of ['outbox_due', 'outbox_visitor']) assert.ok(names.includes(name), name);
    assert.deepEqual((await db.execute('PRAGMA foreign_key_check')).rows, []);
    assert.equal((await db.execute('PRAGMA integrity_check')).rows[0]?.integrity_check, 'ok');

    const insert = (values: string) =>
      db.execute(`INSERT INTO outbox (request_id, kind, message_id, next_attempt_at, digest_day) VALUES ${values}`);
    await insert("(1, 'reminder', '<A.reminder@x>', 0, NULL)");
    await insert("(1, 'late', '<A.late@x>', 0, NULL)");
    await insert("(NULL, 'digest', '<digest@x>', 0, '2026-11-25')");
    // At most one reminder per request, one digest per day; a digest belongs to no request, a reminder to one
    // (a CHECK until migration 9, its subject triggers since).
    await assert.rejects(insert("(1, 'reminder', '<A.reminder2@x>', 0, NULL)"), /UNIQUE/);
    await assert.rejects(insert("(NULL, 'digest', '<digest2@x>', 0, '2026-11-25')"), /UNIQUE/);
    const oneSubject = /the one its kind names/;
    await assert.rejects(insert("(1, 'digest', '<digest3@x>', 0, '2026-11-26')"), oneSubject);
    await assert.rejects(insert("(NULL, 'reminder', '<reminder@x>', 0, NULL)"), oneSubject);
    // An unknown kind names no subject: refused (and by mail_kinds' foreign key, migration 6).
    await assert.rejects(insert("(1, 'other', '<other@x>', 0, NULL)"), /FOREIGN KEY|the one its kind names/);
    // Erasing a request still takes its mails with it.
    await db.execute('DELETE FROM requests WHERE id = 1');
    const left = await db.execute('SELECT kind FROM outbox ORDER BY id');
    assert.deepEqual(
      left.rows.map((row) => row.kind),
      ['company', 'digest'],
    );
  });

  test('from the oldest data folder (before numbered migrations): upgraded, every request given a deadline, no reminder for them', async () => {
    const dataDir = await tempDir();
    await cp(path.join(root, 'receiver/test/fixtures/data-v0'), dataDir, { recursive: true });
    const receiver = await startTestReceiver(dataDir);
    cleanup.push(async () => {
      await receiver.close();
      await removeDir(dataDir);
    });
    assert.equal(Number((await receiver.db.execute('PRAGMA user_version')).rows[0]?.user_version), SCHEMA_VERSION);
    const requests = await receiver.db.execute(
      'SELECT reference, created_at, deadline_at, reminders FROM requests ORDER BY id',
    );
    assert.equal(requests.rows.length, 4);
    for (const row of requests.rows) {
      // Received on Wednesday 25 November 2026 (during opening hours, or before them): back by Thursday.
      assert.ok(String(row.created_at).startsWith('2026-11-25'), String(row.created_at));
      assert.ok(String(row.deadline_at).startsWith('2026-11-26T'), `${row.reference}: ${row.deadline_at}`);
      assert.equal(row.reminders, 0);
    }
    assert.equal(
      Number(
        (await receiver.db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind NOT IN ('company', 'visitor')")).rows[0]
          ?.n,
      ),
      0,
    );
  });
});

describe('the deadline of each request', () => {
  test('a request stored is given its deadline at once, and its reminders', async () => {
    const receiver = await receiverWith(cleanup);
    const before = Date.now();
    const answer = await post(receiver.url, form(validFields()));
    assert.equal(answer.status, 201);
    const row = await receiver.db.execute({
      sql: 'SELECT created_at, deadline_at, reminders FROM requests WHERE reference = ?',
      args: [answer.body.reference ?? ''],
    });
    const deadline = Date.parse(String(row.rows[0]?.deadline_at));
    // One working day later at least (a day, or three over a weekend, more around holidays), never the same day.
    assert.ok(deadline - before >= 24 * 3_600_000 - 1000, `deadline ${row.rows[0]?.deadline_at}`);
    assert.ok(deadline - before <= 8 * 24 * 3_600_000, `deadline ${row.rows[0]?.deadline_at}`);
    assert.match(String(row.rows[0]?.deadline_at), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(row.rows[0]?.reminders, 1);
  });

  test('the scheduler starts with the receiver: a request past its deadline gets its late mail, once', async () => {
    smtp ??= await startSmtp();
    const dataDir = await tempDir();
    const db = await openDb(dataDir, 1000);
    const now = Date.now();
    await insertWithMails(
      db,
      {
        reference: 'D-20261125-LATE01',
        requestId: '6f1d6c1e-8d7b-4b8e-9a56-0c3b5e0d2a11',
        createdAt: new Date(now - 26 * 3_600_000).toISOString(),
        // Its deadline passed a minute ago.
        deadlineAt: new Date(now - 60_000).toISOString(),
        spam: false,
        firstName: 'Élodie',
        lastName: 'Martin',
        email: 'e@exemple.fr',
        emailKey: 'e@exemple.fr',
        phone: '06 12 34 56 78',
        serviceType: 'maintenance',
        location: 'antibes',
        description: 'Texte',
        file: undefined,
        contentSha256: null,
      },
      now,
    );
    await db.execute("UPDATE outbox SET status = 'sent'");
    db.close();

    const start = () => startTestReceiver(dataDir, { SMTP_URL: smtp?.url });
    let receiver = await start();
    const lateMails = () => smtp?.messages.filter((message) => message.subject?.includes('D-20261125-LATE01')) ?? [];
    await waitFor('the late mail', () => lateMails().length === 1);
    await receiver.close();
    receiver = await start();
    cleanup.push(async () => {
      await receiver.close();
      await removeDir(dataDir);
    });
    // The receiver is ready once the scheduler's first pass is over: anything it queued is sent by now.
    await receiver.worker.idle();
    assert.equal(lateMails().length, 1);
    assert.equal(
      Number((await receiver.db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'late'")).rows[0]?.n),
      1,
    );
    assert.match(lateMails()[0]?.subject ?? '', /^En retard/);
  });
});

describe('erasure', () => {
  test('erasing a person removes the copies of the reminders about them (without SMTP, .eml files)', async () => {
    const dataDir = await tempDir();
    const config = loadConfig(testEnv(dataDir));
    const dirs = layout(dataDir);
    await ensureLayout(dirs);
    const db = await openDb(dataDir, 1000);
    const mailer = createMailer(config, dirs);
    const worker = startWorker(db, mailer, config, dirs, pino({ level: 'silent' }));
    cleanup.push(async () => {
      await worker.stop();
      mailer.close();
      db.close();
      await removeDir(dataDir);
    });
    await insertWithMails(
      db,
      {
        reference: 'D-20261124-ERASE1',
        requestId: '0d6c3e55-34a8-4f59-9f6e-6f3d0f7b8a21',
        createdAt: '2026-11-24T09:30:00.000Z',
        deadlineAt: '2026-11-25T09:30:00.000Z',
        spam: false,
        firstName: 'Élodie',
        lastName: 'Martin',
        email: 'efface@exemple.fr',
        emailKey: 'efface@exemple.fr',
        phone: '06 12 34 56 78',
        serviceType: 'maintenance',
        location: 'antibes',
        description: 'Texte',
        file: undefined,
        contentSha256: null,
      },
      0,
    );
    // The reminder (Tuesday 17 h 30 in Paris), then the late mail (at the deadline).
    await queueDueMails(db, config, new Date('2026-11-24T16:30:00Z'));
    await queueDueMails(db, config, new Date('2026-11-25T09:30:00Z'));
    worker.wake();
    await worker.idle();
    const copies = async () => (await readdir(dirs.outbox)).filter((name) => name.startsWith('D-20261124-ERASE1'));
    assert.deepEqual((await copies()).sort(), [
      'D-20261124-ERASE1-company.eml',
      'D-20261124-ERASE1-late.eml',
      'D-20261124-ERASE1-reminder.eml',
      'D-20261124-ERASE1-visitor.eml',
    ]);
    // A devis's mails are copied under the request's reference too (requests/mail-kinds.ts devisReference);
    // another request's copy stays.
    const devisCopy = `${devisReference('D-20261124-ERASE1', 'DEV-2026-0001', 2, 'code-1')}-devis_code.eml`;
    const otherCopy = 'D-20261124-OTHER1-visitor.eml';
    for (const name of [devisCopy, otherCopy]) await writeFile(path.join(dirs.outbox, name), 'copie');
    await eraseRequests(db, dirs, await requestsByEmail(db, 'efface@exemple.fr'));
    assert.deepEqual(await copies(), []);
    assert.deepEqual(await readdir(dirs.outbox), [otherCopy]);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM outbox')).rows[0]?.n), 0);
  });
});
