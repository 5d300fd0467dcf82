import type { Row } from '@libsql/client';
import type { Db } from './db';

/**
 * The outbox (table outbox, migration 1 and after): the mails written by the transactions that need them,
 * as the worker (delivery/outbox.ts) claims, sends and records them. A row is claimed (claimed_until, a lease
 * taken only while the row is still pending and unclaimed) before it is sent, then marked sent, failed,
 * cancelled or due again. Times: next_attempt_at on the worker's steady clock, leases on the wall clock.
 */

/** The processes (their pid, or null) that hold a claim on a row. */
export async function claimHolders(db: Db): Promise<(number | null)[]> {
  const holders = await db.execute('SELECT DISTINCT claimed_by FROM outbox WHERE claimed_until IS NOT NULL');
  return holders.rows.map((row) => (row.claimed_by === null ? null : Number(row.claimed_by)));
}

/** Releases every claim of one process (a process that is gone, or this one at start). */
export async function releaseClaimsOf(db: Db, pid: number | null): Promise<void> {
  await db.execute({
    sql: 'UPDATE outbox SET claimed_until = NULL, claimed_by = NULL WHERE claimed_until IS NOT NULL AND claimed_by IS ?',
    args: [pid],
  });
}

/**
 * Up to 20 rows due at `steadyNow` (or, never tried, by the wall clock that dated them) and unclaimed at
 * `wall`, oldest due first, each with what its mail is about: the request's columns (r.*), the termination,
 * the devis version, and whether the request's confirmation was queued and the request rescued from spam.
 */
export async function dueMails(db: Db, steadyNow: number, wall: number): Promise<Row[]> {
  const due = await db.execute({
    sql: `SELECT o.id AS outbox_id, o.kind, o.attempts, o.maybe_delivered, o.without_file, o.digest_day, o.queued_at, o.member_id AS outbox_member_id,
            o.detail AS outbox_detail, o.message_id AS outbox_message_id,
            o.termination_id, t.reference AS termination_reference, t.created_at AS termination_created_at,
            EXISTS (SELECT 1 FROM outbox a WHERE a.termination_id = t.id AND a.kind = 'termination_client') AS acknowledged,
            o.devis_version_id, o.link_secret, dv.version AS devis_version, dv.sent_at AS devis_sent_at, d.number AS devis_number,
            r.*,
            EXISTS (SELECT 1 FROM outbox v WHERE v.request_id = r.id AND v.kind = 'visitor') AS confirmation,
            EXISTS (SELECT 1 FROM request_events e WHERE e.request_id = r.id AND e.kind = 'not_spam') AS rescued
          FROM outbox o
            LEFT JOIN devis_versions dv ON dv.id = o.devis_version_id
            LEFT JOIN devis d ON d.id = dv.devis_id
            LEFT JOIN requests r ON r.id = coalesce(o.request_id, d.request_id)
            LEFT JOIN terminations t ON t.id = o.termination_id
          WHERE o.status = 'pending' AND (o.next_attempt_at <= ? OR (o.attempts = 0 AND o.next_attempt_at <= ?))
            AND (o.claimed_until IS NULL OR o.claimed_until <= ?)
          ORDER BY o.next_attempt_at, o.id LIMIT 20`,
    args: [steadyNow, wall, wall],
  });
  return due.rows;
}

/** Claims a row for `pid` until `until`, if it is still pending and unclaimed at `claimedAt`: whether it was. */
export async function claimMail(
  db: Db,
  outboxId: number,
  claimedAt: number,
  until: number,
  pid: number,
): Promise<boolean> {
  const claim = await db.execute({
    sql: `UPDATE outbox SET claimed_until = ?, claimed_by = ?
          WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)`,
    args: [until, pid, outboxId, claimedAt],
  });
  return claim.rowsAffected === 1;
}

export async function markSent(db: Db, outboxId: number, attempts: number, sentAt: string): Promise<void> {
  await db.execute({
    sql: "UPDATE outbox SET status = 'sent', attempts = ?, sent_at = ?, last_error = NULL, claimed_until = NULL WHERE id = ?",
    args: [attempts, sentAt, outboxId],
  });
}

/** A mail no longer needed: never sent, never retried. */
export async function markCancelled(db: Db, outboxId: number): Promise<void> {
  await db.execute({
    sql: "UPDATE outbox SET status = 'cancelled', claimed_until = NULL WHERE id = ?",
    args: [outboxId],
  });
}

/** When the next pending row is due (steady clock), or undefined when none is pending. */
export async function nextAttemptAt(db: Db): Promise<number | undefined> {
  const next = await db.execute("SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'");
  const value = next.rows[0]?.next;
  return value === null || value === undefined ? undefined : Number(value);
}

/** Retries set later than `latest` (by an earlier run, on a clock since stepped back) come back to it. */
export async function clampRetriesTo(db: Db, latest: number): Promise<void> {
  await db.execute({
    sql: "UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending' AND attempts > 0 AND next_attempt_at > ?",
    args: [latest, latest],
  });
}

/** A company mail refused for its size: due again at `at`, without its attachment. */
export async function retryWithoutFile(
  db: Db,
  outboxId: number,
  attempts: number,
  at: number,
  error: string,
): Promise<void> {
  await db.execute({
    sql: `UPDATE outbox SET without_file = 1, attempts = ?, next_attempt_at = ?, last_error = ?, claimed_until = NULL
          WHERE id = ?`,
    args: [attempts, at, error, outboxId],
  });
}

/** A failed attempt: the row is failed for good, or due again at `nextAttemptAt`. */
export type Attempt = { failed: boolean; attempts: number; nextAttemptAt: number; error: string };

/** A mail the relay may have delivered (a drop after the data), the `times`-th time. */
export async function recordMaybeDelivered(db: Db, outboxId: number, times: number, attempt: Attempt): Promise<void> {
  await db.execute({
    sql: `UPDATE outbox SET status = ?, maybe_delivered = ?, attempts = ?, next_attempt_at = ?, last_error = ?,
            claimed_until = NULL WHERE id = ?`,
    args: [
      attempt.failed ? 'failed' : 'pending',
      times,
      attempt.attempts,
      attempt.nextAttemptAt,
      attempt.error,
      outboxId,
    ],
  });
}

export async function recordFailedAttempt(db: Db, outboxId: number, attempt: Attempt): Promise<void> {
  await db.execute({
    sql: 'UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, claimed_until = NULL WHERE id = ?',
    args: [attempt.failed ? 'failed' : 'pending', attempt.attempts, attempt.nextAttemptAt, attempt.error, outboxId],
  });
}
