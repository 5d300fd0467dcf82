import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { formatDevisNumber } from '../src/facts';
import { DEVIS_EVENTS, DEVIS_STATUSES } from '../src/requests/devis/statuses';
import { DB_FILE, openDb, type Db } from '../src/store/db';
import { eventsOf, recordEvent } from '../src/store/devis-events';
import { createDevis, expireDue, findDevis, keptDevis, saveDraft, sha256Hex } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { findByLink, storePdf, versionPdf } from '../src/store/devis-versions';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/store/migrations';
import { expiredRequests } from '../src/store/purge';
import { deleteRequests } from '../src/store/request-queries';
import { removeDir, storeDir, tempDir, tool } from './helpers';
import { olderRequestRow, requestForDevis, sampleDraft } from './factories';

/**
 * The devis's storage (migration 10, store/devis-queries.ts) on real SQLite files: the allowed values, a
 * draft sent and frozen, a second version replacing the first, the record that refuses edits, the numbers
 * given without a gap by two connections sending at once, the ten years' keeping that refuses erasure.
 */

const dirs: string[] = [];
const dbs: Db[] = [];
after(async () => {
  for (const db of dbs) db.close();
  for (const dir of dirs) await removeDir(dir);
});

async function store(): Promise<{ db: Db; dataDir: string }> {
  const dataDir = await storeDir();
  dirs.push(dataDir);
  const db = await openDb(dataDir, 5000);
  dbs.push(db);
  return { db, dataDir };
}

async function insertRequest(db: Db): Promise<number> {
  return (await requestForDevis(db, 'e@exemple.fr')).id;
}

const draft = sampleDraft;

const NOW = new Date('2026-11-24T09:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const keys = async (db: Db, table: string) =>
  (await db.execute(`SELECT key FROM ${table} ORDER BY key`)).rows.map((row) => String(row.key));

describe('the tables', () => {
  test('statuses and event kinds are the rules’ lists, enforced by foreign keys', async () => {
    const { db } = await store();
    assert.deepEqual(await keys(db, 'devis_statuses'), Object.keys(DEVIS_STATUSES).sort());
    assert.deepEqual(await keys(db, 'devis_event_kinds'), Object.keys(DEVIS_EVENTS).sort());
    const id = await createDevis(db, await insertRequest(db), draft(), NOW);
    await assert.rejects(
      db.execute({ sql: "UPDATE devis SET status = 'archive' WHERE id = ?", args: [id] }),
      /FOREIGN KEY/,
    );
    await assert.rejects(
      db.execute({
        sql: "INSERT INTO devis_events (devis_id, version, kind, at) VALUES (?, 1, 'signed', 'x')",
        args: [id],
      }),
      /FOREIGN KEY/,
    );
    await assert.rejects(
      db.execute({
        sql: "INSERT INTO devis (request_id, created_at, updated_at, number, number_year, number_rank) VALUES (1, 'x', 'x', 'N', 2026, 1)",
      }),
      /gets its number when first sent/,
    );
  });

  test('from a real store at the previous version: its requests kept, the devis tables added', async () => {
    const dataDir = await tempDir();
    dirs.push(dataDir);
    const client = createClient({ url: `file:${path.join(dataDir, DB_FILE)}` });
    await client.batch(
      [...MIGRATIONS.slice(0, SCHEMA_VERSION - 1).flat(), `PRAGMA user_version = ${SCHEMA_VERSION - 1}`],
      'write',
    );
    await client.execute(
      olderRequestRow({
        reference: 'D-20261120-OLD222',
        requestId: 'old',
        createdAt: '2026-11-20T09:30:00.000Z',
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.fr',
        phone: '0',
        description: 'T',
      }),
    );
    client.close();
    const db = await openDb(dataDir, 1000);
    dbs.push(db);
    assert.equal(Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version), SCHEMA_VERSION);
    const requestId = Number((await db.execute("SELECT id FROM requests WHERE request_id = 'old'")).rows[0]?.id);
    const sent = await sendDevis(db, await createDevis(db, requestId, draft(), NOW), NOW);
    assert.equal(sent.number, formatDevisNumber(2026, 1));
    assert.equal((await db.execute('PRAGMA integrity_check')).rows[0]?.integrity_check, 'ok');
  });
});

describe('sending, freezing, versions', () => {
  test('a sent version is frozen with its hash; the link is a 256-bit secret stored as its hash', async () => {
    const { db, dataDir } = await store();
    const requestId = await insertRequest(db);
    const id = await createDevis(db, requestId, draft(), NOW);
    assert.equal((await findDevis(db, id))?.status, 'brouillon');
    assert.equal((await findDevis(db, id))?.number, null);

    // An invalid draft is not sent, and takes no number.
    await saveDraft(db, id, { ...draft(), paymentTerms: '' }, NOW);
    await assert.rejects(sendDevis(db, id, later(1)), /modalités de paiement/);
    assert.equal((await findDevis(db, id))?.number, null);
    await saveDraft(db, id, draft(), NOW);
    const sent = await sendDevis(db, id, later(1), { userAgent: 'Test', ip: '192.0.2.1' });
    assert.equal(sent.number, 'DEV-2026-0001');
    assert.equal(sent.version, 1);
    assert.equal(Buffer.from(sent.secret, 'base64url').length, 32);
    assert.equal(sent.content.totals.ttcCents, 18000);
    assert.equal(sent.validUntil, '2026-12-24');

    const row = (await db.execute({ sql: 'SELECT * FROM devis_versions WHERE devis_id = ?', args: [id] })).rows[0];
    assert.equal(row?.content, sent.json);
    assert.equal(row?.content_sha256, sha256Hex(String(row?.content)));
    assert.equal(row?.link_hash, sha256Hex(sent.secret));
    assert.equal(JSON.parse(String(row?.content)).number, 'DEV-2026-0001');
    // The secret is nowhere in the file.
    await db.eraseCheckpoint();
    assert.equal((await readFile(path.join(dataDir, DB_FILE))).includes(Buffer.from(sent.secret)), false);

    const devis = await findDevis(db, id);
    assert.equal(devis?.status, 'envoye');
    assert.equal(devis?.draft, null);
    const request = (await db.execute({ sql: 'SELECT status FROM requests WHERE id = ?', args: [requestId] })).rows[0];
    assert.equal(request?.status, 'devis_envoye');
    assert.deepEqual(
      (await eventsOf(db, id)).map((event) => [event.kind, event.version, event.ip, event.userAgent]),
      [['sent', 1, '192.0.2.1', 'Test']],
    );

    // Nothing frozen changes.
    for (const change of [
      "content = '{}'",
      "content_sha256 = 'x'",
      "link_hash = 'x'",
      "valid_until = '2099-01-01'",
      'total_ttc_cents = 1',
      "sent_at = 'x'",
    ]) {
      await assert.rejects(
        db.execute({ sql: `UPDATE devis_versions SET ${change} WHERE devis_id = ?`, args: [id] }),
        /frozen/,
        change,
      );
    }
    await assert.rejects(
      db.execute({ sql: "UPDATE devis SET number = 'DEV-2026-0099' WHERE id = ?", args: [id] }),
      /never changed/,
    );
    await assert.rejects(db.execute('DELETE FROM devis_versions'), /kept with its devis/);

    // The PDF: once.
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]);
    assert.equal(await storePdf(db, id, 1, pdf), sha256Hex(pdf));
    assert.deepEqual(await versionPdf(db, id, 1), pdf);
    await assert.rejects(storePdf(db, id, 1, new Uint8Array([1])), /déjà enregistré/);
    await assert.rejects(
      db.execute({ sql: "UPDATE devis_versions SET pdf = x'00', pdf_sha256 = 'y' WHERE devis_id = ?", args: [id] }),
      /frozen/,
    );
    await assert.rejects(sendDevis(db, id, later(2)), /pas de modification à envoyer/);
  });

  test('a change after sending is version 2; version 1’s link says it is replaced and takes no answer', async () => {
    const { db } = await store();
    const requestId = await insertRequest(db);
    const id = await createDevis(db, requestId, draft(), NOW);
    const first = await sendDevis(db, id, later(1));
    assert.equal(
      await recordEvent(db, { devisId: id, version: 1, kind: 'opened', at: later(2), ip: '192.0.2.7' }),
      true,
    );
    assert.equal((await findDevis(db, id))?.status, 'vu');

    await saveDraft(db, id, draft(20000), later(3));
    assert.equal((await findDevis(db, id))?.status, 'vu', 'the sent version stands until the next is sent');
    const second = await sendDevis(db, id, later(4));
    assert.equal(second.version, 2);
    assert.equal(second.number, first.number, 'a version keeps the devis’s number');
    assert.equal(second.content.totals.ttcCents, 24000);
    assert.notEqual(second.secret, first.secret);

    const old = await findByLink(db, first.secret);
    assert.equal(old?.version, 1);
    assert.equal(old?.replacedBy, 2);
    assert.equal(old?.currentVersion, 2);
    const current = await findByLink(db, second.secret);
    assert.equal(current?.version, 2);
    assert.equal(current?.replacedBy, null);
    assert.equal(current?.contentSha256, second.sha256);
    // One character changed (never to itself: a secret may end in « A »).
    const altered = `${second.secret.slice(0, -1)}${second.secret.endsWith('A') ? 'B' : 'A'}`;
    assert.equal(await findByLink(db, altered), undefined);

    // An answer on the replaced version is refused and changes nothing; the opening of it is recorded.
    assert.equal(await recordEvent(db, { devisId: id, version: 1, kind: 'accepted', at: later(5) }), false);
    assert.equal(await recordEvent(db, { devisId: id, version: 1, kind: 'opened', at: later(5) }), true);
    assert.equal((await findDevis(db, id))?.status, 'envoye');
    for (const kind of ['opened', 'code_sent', 'code_confirmed', 'accepted'] as const) {
      assert.equal(
        await recordEvent(db, { devisId: id, version: 2, kind, at: later(6), userAgent: 'Firefox' }),
        true,
        kind,
      );
    }
    const accepted = await findDevis(db, id);
    assert.equal(accepted?.status, 'accepte');
    const request = (await db.execute({ sql: 'SELECT status FROM requests WHERE id = ?', args: [requestId] })).rows[0];
    assert.equal(request?.status, 'acceptee');
    assert.deepEqual(
      (await eventsOf(db, id)).map((event) => `${event.kind}:${event.version}`),
      ['sent:1', 'opened:1', 'sent:2', 'opened:1', 'opened:2', 'code_sent:2', 'code_confirmed:2', 'accepted:2'],
    );
    // Answered: no second answer, no more changes; a withdrawal is recorded.
    assert.equal(await recordEvent(db, { devisId: id, version: 2, kind: 'refused', at: later(7) }), false);
    await assert.rejects(saveDraft(db, id, draft(), later(7)), /ne peut plus être modifié/);
    assert.equal(await recordEvent(db, { devisId: id, version: 2, kind: 'withdrawn', at: later(8) }), true);
    assert.equal((await findDevis(db, id))?.status, 'retracte');
  });

  test('the record is append-only', async () => {
    const { db } = await store();
    const id = await createDevis(db, await insertRequest(db), draft(), NOW);
    await sendDevis(db, id, later(1));
    await assert.rejects(db.execute("UPDATE devis_events SET at = '2000-01-01'"), /append-only/);
    await assert.rejects(db.execute("UPDATE devis_events SET ip = '192.0.2.9'"), /append-only/);
    await assert.rejects(db.execute('DELETE FROM devis_events'), /append-only/);
    assert.equal((await eventsOf(db, id)).length, 1);
  });
});

describe('the outbox (migration 12)', () => {
  test('a mail about a sent version names that version only; one per kind and detail; gone with its request', async () => {
    const { db } = await store();
    const requestId = await insertRequest(db);
    const devisId = await createDevis(db, requestId, draft(), new Date('2026-11-20T10:00:00Z'));
    await sendDevis(db, devisId, new Date('2026-11-20T10:05:00Z'));
    const versionId = Number(
      (await db.execute({ sql: 'SELECT id FROM devis_versions WHERE devis_id = ?', args: [devisId] })).rows[0]?.id,
    );
    // A kind about a devis, as the devis's mails declare theirs (mail_kinds.about).
    await db.execute("INSERT INTO mail_kinds (key, about) VALUES ('essai_devis', 'devis')");
    const queue = (columns: string, values: unknown[]) =>
      db.execute({
        sql: `INSERT INTO outbox (kind, message_id, next_attempt_at, ${columns}) VALUES ('essai_devis', ?, 0, ${values.map(() => '?').join(', ')})`,
        args: [`<${Math.random()}@x>`, ...(values as (string | number | null)[])],
      });
    await queue('devis_version_id', [versionId]);
    await assert.rejects(queue('devis_version_id', [versionId]), /UNIQUE/, 'one mail of a kind per version');
    await queue('devis_version_id, detail', [versionId, 'code-1']);
    await queue('devis_version_id, detail', [versionId, 'code-2']);
    await assert.rejects(queue('devis_version_id, detail', [versionId, 'code-2']), /UNIQUE/);
    await assert.rejects(queue('request_id', [requestId]), /the one its kind names/, 'not about the request');
    await assert.rejects(
      queue('devis_version_id, request_id', [versionId, requestId]),
      /the one its kind names/,
      'about one subject only',
    );
    const count = async () =>
      Number((await db.execute("SELECT count(*) AS n FROM outbox WHERE kind = 'essai_devis'")).rows[0]?.n);
    assert.equal(await count(), 3);
    await deleteRequests(db, [requestId]);
    assert.equal(await count(), 0, 'the request erased, its devis’s mails go with it');
  });
});

describe('numbers', () => {
  test('two connections sending at once: every number given once, in order, no gap', async () => {
    const { db, dataDir } = await store();
    const other = await openDb(dataDir, 5000);
    dbs.push(other);
    const ids: number[] = [];
    for (let i = 0; i < 24; i += 1) ids.push(await createDevis(db, await insertRequest(db), draft(), NOW));
    const sent = await Promise.all(ids.map((id, index) => sendDevis(index % 2 === 0 ? db : other, id, later(1))));
    const ranks = sent.map((s) => Number(s.number.split('-').at(-1))).sort((a, b) => a - b);
    assert.deepEqual(
      ranks,
      ids.map((_, index) => index + 1),
    );
    const stored = (await db.execute('SELECT number, number_rank FROM devis ORDER BY number_rank')).rows;
    assert.deepEqual(
      stored.map((row) => row.number),
      ids.map((_, index) => formatDevisNumber(2026, index + 1)),
    );
    // Each frozen content carries the number its devis holds.
    for (const [index, id] of ids.entries()) {
      assert.equal((await findDevis(db, id))?.number, sent[index]?.number);
    }
    assert.equal(Number((await db.execute('SELECT last FROM devis_counters WHERE year = 2026')).rows[0]?.last), 24);
  });

  test('the counter moves by one only, and restarts each year (Paris time)', async () => {
    const { db } = await store();
    const a = await createDevis(db, await insertRequest(db), draft(), NOW);
    const b = await createDevis(db, await insertRequest(db), draft(), NOW);
    // 23 h 59 in Paris on 31 December, then midnight.
    assert.equal((await sendDevis(db, a, new Date('2026-12-31T22:59:00Z'))).number, 'DEV-2026-0001');
    assert.equal((await sendDevis(db, b, new Date('2026-12-31T23:00:00Z'))).number, 'DEV-2027-0001');
    await assert.rejects(db.execute('UPDATE devis_counters SET last = last + 2'), /moves by one/);
    await assert.rejects(db.execute('UPDATE devis_counters SET last = last - 1'), /moves by one/);
    await assert.rejects(db.execute('DELETE FROM devis_counters'), /never deleted/);
    // A number is the counter's value, just moved: a stale rank (another connection's), or a skipped one, is refused.
    const c = await createDevis(db, await insertRequest(db), draft(), NOW);
    for (const rank of [1, 3]) {
      await assert.rejects(
        db.execute({
          sql: 'UPDATE devis SET number = ?, number_year = 2027, number_rank = ? WHERE id = ?',
          args: [formatDevisNumber(2027, rank), rank, c],
        }),
        /out of order|UNIQUE/,
      );
    }
    assert.equal((await sendDevis(db, c, new Date('2027-01-02T10:00:00Z'))).number, 'DEV-2027-0002');
    await assert.rejects(db.execute('INSERT INTO devis_counters (year, last) VALUES (2030, 5)'), /starts at one/);
  });
});

describe('keeping and erasure', () => {
  test('an accepted devis of 120 € TTC or more is kept ten years: erasure and the purge leave it', async () => {
    const { db } = await store();
    const keptRequest = await insertRequest(db);
    const kept = await createDevis(db, keptRequest, draft(10000), NOW); // 120,00 € TTC: the threshold.
    await sendDevis(db, kept, later(1));
    assert.equal(await recordEvent(db, { devisId: kept, version: 1, kind: 'accepted', at: later(2) }), true);
    assert.equal((await findDevis(db, kept))?.retainUntil, '2036-11-24T09:02:00.000Z');

    const smallRequest = await insertRequest(db);
    const small = await createDevis(db, smallRequest, draft(9999), NOW); // 119,99 € TTC (rounded half-up).
    await sendDevis(db, small, later(1));
    await recordEvent(db, { devisId: small, version: 1, kind: 'accepted', at: later(2) });
    assert.equal((await findDevis(db, small))?.retainUntil, null);

    const refusedRequest = await insertRequest(db);
    const refused = await createDevis(db, refusedRequest, draft(), NOW);
    await sendDevis(db, refused, later(1));
    await recordEvent(db, { devisId: refused, version: 1, kind: 'refused', at: later(2), detail: 'Trop cher' });
    assert.equal(
      (await db.execute({ sql: 'SELECT status FROM requests WHERE id = ?', args: [refusedRequest] })).rows[0]?.status,
      'refusee',
    );

    assert.deepEqual(await keptDevis(db, [keptRequest, smallRequest, refusedRequest], later(3)), [
      { requestId: keptRequest, number: 'DEV-2026-0001', retainUntil: '2036-11-24T09:02:00.000Z' },
    ]);
    await assert.rejects(deleteRequests(db, [keptRequest]), /kept ten years/);
    // The others go, with their versions and their record.
    await deleteRequests(db, [smallRequest, refusedRequest]);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM devis')).rows[0]?.n), 1);
    assert.equal(
      Number(
        (await db.execute({ sql: 'SELECT COUNT(*) AS n FROM devis_events WHERE devis_id != ?', args: [kept] })).rows[0]
          ?.n,
      ),
      0,
    );
    // Three years and more later, the purge leaves the kept request.
    const purged = await expiredRequests(db, new Date('2031-01-01T00:00:00Z'), 30);
    assert.equal(
      purged.some((request) => request.id === keptRequest),
      false,
    );
  });

  test('a devis whose validity ended without an answer expires', async () => {
    const { db } = await store();
    const id = await createDevis(db, await insertRequest(db), draft(), NOW);
    const sent = await sendDevis(db, id, NOW);
    // Valid to 24 December 2026 inclusive (Paris).
    assert.equal(await expireDue(db, new Date(`${sent.validUntil}T22:59:00Z`)), 0);
    assert.equal(await expireDue(db, new Date(`${sent.validUntil}T23:00:00Z`)), 1);
    assert.equal((await findDevis(db, id))?.status, 'expire');
    assert.equal(await recordEvent(db, { devisId: id, version: 1, kind: 'accepted', at: new Date() }), false);
  });
});

describe('the erasure tool', () => {
  test('erases a person’s requests but the one whose accepted devis is kept, and says why', async () => {
    const { db, dataDir } = await store();
    const keptRequest = await insertRequest(db);
    const otherRequest = await insertRequest(db);
    const kept = await createDevis(db, keptRequest, draft(), NOW);
    await sendDevis(db, kept, later(1));
    await recordEvent(db, { devisId: kept, version: 1, kind: 'accepted', at: later(2) });
    await createDevis(db, otherRequest, draft(), NOW);
    const reference = String(
      (await db.execute({ sql: 'SELECT reference FROM requests WHERE id = ?', args: [keptRequest] })).rows[0]
        ?.reference,
    );

    const listing = await tool('erase', ['--email', 'e@exemple.fr'], dataDir);
    assert.equal(listing.code, 0, listing.stderr);
    assert.ok(
      listing.stdout.includes(`conservée : ${reference}, devis accepté DEV-2026-0001 gardé jusqu’au 2036-11-24`),
      listing.stdout,
    );
    assert.match(listing.stdout, /L\. 213-1.*RGPD article 17-3, b/);

    const erased = await tool('erase', ['--email', 'e@exemple.fr', '--yes'], dataDir);
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /Effacé : 1 demande\(s\)/);
    assert.match(erased.stdout, /Conservé : 1 demande\(s\) avec un devis accepté/);
    const left = await db.execute("SELECT id FROM requests WHERE email_key = 'e@exemple.fr'");
    assert.deepEqual(
      left.rows.map((row) => Number(row.id)),
      [keptRequest],
    );
    assert.equal((await findDevis(db, kept))?.status, 'accepte');
  });
});
