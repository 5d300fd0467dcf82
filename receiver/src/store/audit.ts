import type { InStatement } from '@libsql/client';
import type { Db } from './db';

/**
 * The audit trail (table `audit`, migration 3): one append-only row per act of a team member or on a
 * member (the table's triggers refuse any UPDATE or DELETE). `detail` is for the team's own data (a
 * member's name, a status key, a count), never a visitor's: an erased person must leave nothing here.
 *
 * Actions written by the sign-in side (inbox/auth*.ts, bin/user.ts):
 * - sign_in, sign_in_refused (detail: why, e.g. "unknown_credential", "disabled", "counter", "rate_limited"),
 * - sign_out, enrolment (a passkey created from a link), passkey_added (a second device),
 * - member_added, member_disabled, enrolment_link (a new link issued).
 * The pages (B) and the figures (C) add theirs (status, note, assign, not_spam, export, erase…).
 */
export type AuditEntry = {
  /** The member who acted, or whom a refused sign-in named; null when nobody is known. */
  userId: number | null;
  action: string;
  /** A request's reference, when the act is about one. */
  reference?: string | null;
  detail?: string | null;
};

/** The INSERT of one audit row, to put in the same transaction as the change it records. */
export function auditStatement(entry: AuditEntry, now: Date | number): InStatement {
  return {
    sql: 'INSERT INTO audit (at, user_id, action, reference, detail) VALUES (?, ?, ?, ?, ?)',
    args: [new Date(now).toISOString(), entry.userId, entry.action, entry.reference ?? null, entry.detail ?? null],
  };
}

/** Records one audit row on its own. */
export async function recordAudit(db: Db, entry: AuditEntry, now: Date | number): Promise<void> {
  await db.execute(auditStatement(entry, now));
}

export type AuditRow = {
  id: number;
  at: string;
  userId: number | null;
  action: string;
  reference: string | null;
  detail: string | null;
};

/** The trail, oldest first (tests, and a future page). */
export async function readAudit(db: Db, options: { action?: string } = {}): Promise<AuditRow[]> {
  const result = await db.execute(
    options.action === undefined
      ? 'SELECT * FROM audit ORDER BY id'
      : { sql: 'SELECT * FROM audit WHERE action = ? ORDER BY id', args: [options.action] },
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    at: String(row.at),
    userId: row.user_id === null ? null : Number(row.user_id),
    action: String(row.action),
    reference: row.reference === null ? null : String(row.reference),
    detail: row.detail === null ? null : String(row.detail),
  }));
}
