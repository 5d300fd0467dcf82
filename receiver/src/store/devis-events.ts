import type { InStatement } from '@libsql/client';
import { devisTerms } from '../facts';
import { centsOfEuros } from '../requests/devis/money';
import {
  DEVIS_EVENT_REQUIRES,
  DEVIS_STATUS_RULES,
  DEVIS_TRANSITIONS,
  type DevisEventKind,
} from '../requests/devis/statuses';
import type { Status } from '../requests/statuses';
import type { Db } from './db';
import { contractKeptUntil } from './devis-queries';

/**
 * A devis's append-only record of events (devis_events), which moves its status as DEVIS_TRANSITIONS says,
 * and its request's.
 */

export type DevisEvent = {
  devisId: number;
  version: number;
  kind: DevisEventKind;
  at: Date;
  ip?: string;
  userAgent?: string;
  userId?: number;
  detail?: string;
};

/**
 * Records an event of the client's (or the team's) on a version, and moves the devis's status as
 * DEVIS_TRANSITIONS says, in one transaction. An answer (accepted, refused) or a code is recorded only on the
 * current version of a devis still awaiting one (DEVIS_EVENT_REQUIRES); an acceptance of devisTerms'
 * threshold TTC or more dates the devis's ten years of keeping; the request follows an answer. Returns false
 * when the event was refused (a replaced version, a devis already answered).
 */
export async function recordEvent(db: Db, event: DevisEvent): Promise<boolean> {
  const results = await db.batch(eventStatements(event), 'write');
  return Number(results[1]?.rows[0]?.n ?? 0) === 1;
}

/**
 * recordEvent's statements, for a caller that writes more in the same transaction (the client's answer and
 * its mails: store/devis-codes.ts, store/devis-answers.ts). The second statement's row says whether the
 * event was recorded (`n` = 1); the event's status change, if any, holds once `devis.status` is its new one
 * with `updated_at` the event's time.
 */
export function eventStatements(event: DevisEvent): InStatement[] {
  const at = event.at.toISOString();
  const requires = DEVIS_EVENT_REQUIRES[event.kind];
  const guard = requires
    ? `d.current_version = ? AND d.status IN (${requires.map(() => '?').join(', ')})`
    : 'd.current_version >= ? AND ? >= 1';
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO devis_events (devis_id, version, kind, at, ip, user_agent, user_id, detail)
            SELECT d.id, ?, ?, ?, ?, ?, ?, ? FROM devis d WHERE d.id = ? AND ${guard}`,
      args: [
        event.version,
        event.kind,
        at,
        event.ip ?? null,
        event.userAgent ?? null,
        event.userId ?? null,
        event.detail ?? null,
        event.devisId,
        event.version,
        ...(requires ?? [event.version]),
      ],
    },
    { sql: 'SELECT changes() AS n', args: [] },
  ];
  const transition = DEVIS_TRANSITIONS[event.kind];
  if (transition) {
    const keep = devisTerms.electronicContractKeep;
    const retainUntil = contractKeptUntil(new Date(event.at));
    statements.push({
      sql: `UPDATE devis SET status = ?, updated_at = ?,
              retain_until = CASE WHEN ? = 'accepte' AND (SELECT total_ttc_cents FROM devis_versions
                WHERE devis_id = devis.id AND version = ?) >= ? THEN ? ELSE retain_until END
            WHERE id = ? AND current_version = ? AND status IN (${transition.from.map(() => '?').join(', ')})`,
      args: [
        transition.to,
        at,
        transition.to,
        event.version,
        centsOfEuros(keep.thresholdEuros),
        retainUntil.toISOString(),
        event.devisId,
        event.version,
        ...transition.from,
      ],
    });
    const follows = DEVIS_STATUS_RULES[transition.to].request;
    if (follows) {
      statements.push(
        ...requestStatus(event.devisId, follows, at, event.userId, {
          sql: 'EXISTS (SELECT 1 FROM devis WHERE id = ? AND status = ? AND updated_at = ?)',
          args: [event.devisId, transition.to, at],
        }),
      );
    }
  }
  return statements;
}

export type StoredEvent = Omit<DevisEvent, 'at'> & { at: string };

/** A devis's record, oldest first (the proof page). */
export async function eventsOf(db: Db, devisId: number): Promise<StoredEvent[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM devis_events WHERE devis_id = ? ORDER BY at, id',
    args: [devisId],
  });
  return result.rows.map((row) => ({
    devisId: Number(row.devis_id),
    version: Number(row.version),
    kind: String(row.kind) as DevisEventKind,
    at: String(row.at),
    ip: row.ip === null ? undefined : String(row.ip),
    userAgent: row.user_agent === null ? undefined : String(row.user_agent),
    userId: row.user_id === null ? undefined : Number(row.user_id),
    detail: row.detail === null ? undefined : String(row.detail),
  }));
}

/**
 * The request follows its devis: « Devis envoyé », « Acceptée », « Refusée », with a line in its history;
 * only when `guard` (an SQL condition) holds.
 */
export function requestStatus(
  devisId: number,
  status: Status,
  at: string,
  userId: number | undefined,
  guard: { sql: string; args: (string | number)[] },
): InStatement[] {
  return [
    {
      sql: `INSERT INTO request_events (request_id, user_id, at, kind, status)
            SELECT r.id, ?, ?, 'status', ? FROM requests r JOIN devis d ON d.request_id = r.id
            WHERE d.id = ? AND r.status IS NOT ? AND ${guard.sql}`,
      args: [userId ?? null, at, status, devisId, status, ...guard.args],
    },
    {
      sql: `UPDATE requests SET status = ? WHERE id = (SELECT request_id FROM devis WHERE id = ?) AND ${guard.sql}`,
      args: [status, devisId, ...guard.args],
    },
  ];
}
