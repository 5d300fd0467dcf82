import assert from 'node:assert/strict';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import { createClient } from '@libsql/client';
import { MAIL_KIND_NAMES, MAIL_KINDS } from '../src/requests/mail-kinds';
import { STATUSES } from '../src/requests/statuses';
import { DB_FILE, openDb } from '../src/store/db';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/store/migrations';
import { olderRequestRow } from './factories';
import { removeDir, tempDir } from './helpers';

/**
 * Migration 6: the statuses and the mail kinds as tables of allowed values behind a foreign key, from a real
 * store at version 5 (rows of every status and kind kept, nothing rebuilt), and the tables always the same
 * lists as the rules (requests/statuses.ts, requests/mail-kinds.ts): a status or a kind added to the rules
 * without its migration fails here. Migration 9: each kind's subject (a request, a day, a member) is held by
 * a trigger that reads mail_kinds.about.
 */

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

/** The rows, with only the columns the `like` rows have (a later migration may add some). */
function sameColumns(rows: readonly Record<string, unknown>[], like: readonly Record<string, unknown>[]) {
  const columns = Object.keys(like[0] ?? {});
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]])));
}

const keys = async (db: { execute(sql: string): Promise<{ rows: unknown[] }> }, table: string) =>
  (await db.execute(`SELECT key FROM ${table} ORDER BY key`)).rows.map((row) => String((row as { key: unknown }).key));

test('from a real store at version 5: every row kept, statuses and kinds checked by their tables', async () => {
  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const client = createClient({ url: `file:${path.join(dataDir, DB_FILE)}` });
  await client.batch([...MIGRATIONS.slice(0, 5).flat(), 'PRAGMA user_version = 5'], 'write');
  const statuses = Object.keys(STATUSES);
  await client.batch(
    [
      ...statuses.map((status, index) =>
        olderRequestRow(
          { id: index + 1, reference: `D-20261124-AAAAA${index + 2}`, requestId: `request-${index}` },
          { status, deadline_at: '2026-11-25T09:30:00.000Z' },
        ),
      ),
      `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at, digest_day) VALUES
         (1, 'company', '<1.company@x>', 0, NULL), (1, 'visitor', '<1.visitor@x>', 0, NULL),
         (1, 'reminder', '<1.reminder@x>', 0, NULL), (1, 'late', '<1.late@x>', 0, NULL),
         (NULL, 'digest', '<digest@x>', 0, '2026-11-25')`,
    ],
    'write',
  );
  const before = {
    requests: (await client.execute('SELECT * FROM requests ORDER BY id')).rows.map((row) => ({ ...row })),
    outbox: (await client.execute('SELECT * FROM outbox ORDER BY id')).rows.map((row) => ({ ...row })),
  };
  client.close();

  const db = await openDb(dataDir, 1000);
  cleanup.push(async () => db.close());
  assert.equal(Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version), SCHEMA_VERSION);
  assert.deepEqual(
    (await db.execute('SELECT * FROM requests ORDER BY id')).rows.map((row) => ({ ...row })),
    before.requests,
  );
  // Later migrations add columns (member_id, detail: migration 9): every column the rows had is unchanged.
  assert.deepEqual(
    sameColumns((await db.execute('SELECT * FROM outbox ORDER BY id')).rows, before.outbox),
    before.outbox,
  );
  assert.deepEqual((await db.execute('PRAGMA foreign_key_check')).rows, []);
  assert.equal((await db.execute('PRAGMA integrity_check')).rows[0]?.integrity_check, 'ok');
  // The request's status and the mail's kind: no CHECK left (the outbox keeps its own delivery states').
  const schema = async (table: string) =>
    String((await db.execute({ sql: 'SELECT sql FROM sqlite_schema WHERE name = ?', args: [table] })).rows[0]?.sql);
  assert.match(await schema('requests'), /status TEXT NOT NULL DEFAULT 'nouvelle'\s+REFERENCES statuses \(key\)/);
  assert.doesNotMatch(await schema('requests'), /CHECK \(status IN/);
  assert.match(await schema('outbox'), /kind TEXT NOT NULL REFERENCES mail_kinds \(key\)/);
  assert.doesNotMatch(await schema('outbox'), /CHECK \(kind IN/);

  // Unknown values are refused by the foreign keys, on insert and on update (an unknown mail kind, first by
  // the subject's trigger of migration 9: it names no subject).
  await assert.rejects(db.execute("UPDATE requests SET status = 'archivee' WHERE id = 1"), /FOREIGN KEY/);
  await assert.rejects(
    db.execute("INSERT INTO outbox (request_id, kind, message_id, next_attempt_at) VALUES (2, 'devis', '<d@x>', 0)"),
    /FOREIGN KEY|the one its kind names/,
  );
  await db.execute("INSERT INTO mail_kinds (key) VALUES ('devis')");
  await db.execute(
    "INSERT INTO outbox (request_id, kind, message_id, next_attempt_at) VALUES (2, 'devis', '<d@x>', 0)",
  );
  await assert.rejects(db.execute("DELETE FROM mail_kinds WHERE key = 'devis'"), /FOREIGN KEY/);
  // A new status is one INSERT (what its migration will be), then usable at once: no table rebuilt.
  await db.execute("INSERT INTO statuses (key) VALUES ('archivee')");
  await db.execute("UPDATE requests SET status = 'archivee' WHERE id = 1");
  assert.equal((await db.execute('SELECT status FROM requests WHERE id = 1')).rows[0]?.status, 'archivee');
  // The statuses a request uses cannot be removed from under it.
  await assert.rejects(db.execute("DELETE FROM statuses WHERE key = 'archivee'"), /FOREIGN KEY/);
});

test('the tables of allowed values hold exactly the rules’ statuses and mail kinds', async () => {
  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const db = await openDb(dataDir, 1000);
  cleanup.push(async () => db.close());
  assert.deepEqual(await keys(db, 'statuses'), Object.keys(STATUSES).sort());
  assert.deepEqual(await keys(db, 'mail_kinds'), [...MAIL_KIND_NAMES].sort());
  const abouts = (await db.execute('SELECT key, about FROM mail_kinds ORDER BY key')).rows.map((row) => [
    String(row.key),
    String(row.about),
  ]);
  assert.deepEqual(
    abouts,
    [...MAIL_KIND_NAMES].sort().map((kind) => [kind, MAIL_KINDS[kind].about]),
  );
});

test('migration 9, from a real store at version 8: every outbox row kept, each row about the one subject its kind names', async () => {
  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const client = createClient({ url: `file:${path.join(dataDir, DB_FILE)}` });
  await client.batch([...MIGRATIONS.slice(0, 8).flat(), 'PRAGMA user_version = 8'], 'write');
  await client.batch(
    [
      olderRequestRow(
        { id: 1, reference: 'D-20261124-AAAAA2', requestId: 'request-1' },
        { deadline_at: '2026-11-25T09:30:00.000Z' },
      ),
      `INSERT INTO users (id, name, email, webauthn_user_id, created_at) VALUES (1, 'Léa', 'lea@exemple.fr', 'w1', '2026-11-01')`,
      `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at, digest_day) VALUES
         (1, 'company', '<1.company@x>', 0, NULL), (1, 'late', '<1.late@x>', 0, NULL),
         (NULL, 'digest', '<digest@x>', 0, '2026-11-25')`,
    ],
    'write',
  );
  const before = (await client.execute('SELECT * FROM outbox ORDER BY id')).rows.map((row) => ({ ...row }));
  client.close();

  const db = await openDb(dataDir, 1000);
  cleanup.push(async () => db.close());
  const after = (await db.execute('SELECT * FROM outbox ORDER BY id')).rows;
  assert.deepEqual(sameColumns(after, before), before);
  assert.deepEqual(
    after.map((row) => [row.member_id, row.detail]),
    before.map(() => [null, null]),
  );
  assert.equal((await db.execute('PRAGMA integrity_check')).rows[0]?.integrity_check, 'ok');
  const schema = String((await db.execute("SELECT sql FROM sqlite_schema WHERE name = 'outbox'")).rows[0]?.sql);
  assert.doesNotMatch(schema, /CASE WHEN kind/);
  assert.match(schema, /UNIQUE \(request_id, kind\)\s*\)$/);

  const insert = (subject: string, kind: string, id: string) =>
    db.execute(
      `INSERT INTO outbox (${subject}, kind, message_id, next_attempt_at) VALUES (${
        subject === 'digest_day' ? "'2026-11-26'" : '1'
      }, '${kind}', '<${id}@x>', 0)`,
    );
  const refused = /one subject, the one its kind names/;
  // Each kind takes its own subject, and no other.
  await insert('member_id', 'passkey', 'p1');
  await assert.rejects(insert('request_id', 'passkey', 'p2'), refused);
  await assert.rejects(insert('member_id', 'visitor', 'v1'), refused);
  await assert.rejects(insert('member_id', 'digest', 'd1'), refused);
  await assert.rejects(insert('digest_day', 'reminder', 'r1'), refused);
  await assert.rejects(
    db.execute(
      "INSERT INTO outbox (request_id, member_id, kind, message_id, next_attempt_at) VALUES (1, 1, 'passkey', '<p3@x>', 0)",
    ),
    refused,
  );
  await assert.rejects(
    db.execute("INSERT INTO outbox (kind, message_id, next_attempt_at) VALUES ('passkey', '<p4@x>', 0)"),
    refused,
  );
  // And keeps it: an update cannot move a row to another subject or kind.
  await assert.rejects(db.execute("UPDATE outbox SET kind = 'visitor' WHERE kind = 'passkey'"), refused);
  await assert.rejects(db.execute("UPDATE outbox SET request_id = 1 WHERE kind = 'passkey'"), refused);
  await assert.rejects(db.execute("UPDATE outbox SET member_id = 1 WHERE kind = 'company'"), refused);
  // The outbox's own updates (a claim, a send) still pass.
  await db.execute("UPDATE outbox SET status = 'sent', attempts = 1 WHERE kind = 'passkey'");
});
