import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { isLate, isOpen, lateSql, openSql } from '../src/requests/open-late';
import { CLOSED_STATUSES, NEW_STATUS, STATUSES, type Status } from '../src/requests/statuses';
import { openDb, type Db } from '../src/store/db';
import { removeDir, storeDir } from './helpers';

/**
 * « Open » and « late » are written twice, in TypeScript and in SQL (requests/open-late.ts): this table runs
 * both on every status, with a deadline before, at and after `now` (to the millisecond, across a year's end),
 * and none, in a real store, and fails on the first row where they disagree.
 */

const STATUS_KEYS = Object.keys(STATUSES) as Status[];
const NOWS = ['2026-11-24T09:30:00.000Z', '2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.000Z'];
const STEPS_MS = [-86_400_000, -1, 0, 1, 86_400_000];

let dataDir: string | undefined;
let db: Db | undefined;
after(async () => {
  db?.close();
  if (dataDir) await removeDir(dataDir);
});

async function store(): Promise<Db> {
  dataDir ??= await storeDir();
  db ??= await openDb(dataDir, 1000);
  return db;
}

/** The SQL's answer for one request's status and deadline at `now`, read from a row shaped like requests. */
async function sqlAnswers(status: string, deadlineAt: string | null, now: string) {
  const result = await (
    await store()
  ).execute({
    sql: `SELECT ${openSql()} AS open, ${lateSql()} AS late, ${openSql('r')} AS open_r, ${lateSql('r')} AS late_r
          FROM (SELECT ? AS status, ? AS deadline_at) r`,
    // The placeholders in the text's order: the two lateSql(), then the row.
    args: [now, now, status, deadlineAt],
  });
  const row = result.rows[0]!;
  // SQLite's NULL (a request without a deadline) is false, as the queries read it.
  const truth = (value: unknown) => Number(value) === 1;
  return { open: truth(row.open), late: truth(row.late), openR: truth(row.open_r), lateR: truth(row.late_r) };
}

describe('open and late, in TypeScript and in SQL', () => {
  test('agree on every status, deadline and time', async () => {
    let lateCount = 0;
    for (const status of STATUS_KEYS) {
      for (const now of NOWS) {
        const deadlines = [...STEPS_MS.map((step) => new Date(Date.parse(now) + step).toISOString()), null];
        for (const deadlineAt of deadlines) {
          const sql = await sqlAnswers(status, deadlineAt, now);
          const where = `${status}, deadline ${deadlineAt}, now ${now}`;
          assert.equal(sql.open, isOpen(status), `open: ${where}`);
          assert.equal(sql.openR, isOpen(status), `open (r.): ${where}`);
          const late = isLate({ status, deadlineAt }, new Date(now));
          assert.equal(sql.late, late, `late: ${where}`);
          assert.equal(sql.lateR, late, `late (r.): ${where}`);
          if (late) lateCount += 1;
        }
      }
    }
    // Late only while « Nouvelle », at or past the deadline (-1 day, -1 ms, 0): three per time.
    assert.equal(lateCount, NOWS.length * 3);
  });

  test('the rules themselves: closed statuses are not open, only « Nouvelle » runs late', () => {
    assert.deepEqual(
      STATUS_KEYS.filter((status) => !isOpen(status)),
      [...CLOSED_STATUSES],
    );
    assert.ok(isOpen(NEW_STATUS));
    const now = new Date('2026-11-24T09:30:00.000Z');
    const past = '2026-11-24T09:29:59.999Z';
    assert.deepEqual(
      STATUS_KEYS.filter((status) => isLate({ status, deadlineAt: past }, now)),
      [NEW_STATUS],
    );
    assert.equal(isLate({ status: NEW_STATUS, deadlineAt: undefined }, now), false);
  });
});
