import type { InStatement } from '@libsql/client';
import type { DevisPaymentMean } from '../facts';
import type { AfterAcceptance } from '../requests/devis/follow-up';
import type { Db } from './db';
import { acceptanceDetail } from '../requests/devis/acceptance-detail';
import { eventsOf } from './devis-events';
import { contractKeptUntil } from './devis-queries';

/**
 * What the team records after the acceptance (migration 17; requests/devis/follow-up.ts holds the rules):
 * the goods received by the client and the work fully done, each once, as events of the record (the member,
 * the day in `detail`); the payments received, in integer cents. Each is written only while the devis is
 * accepted on the version named, so nothing is recorded after a withdrawal.
 */

export type FollowUpKind = 'goods_received' | 'work_completed';

export type StoredPayment = {
  id: number;
  amountCents: number;
  /** The Paris day it was received. */
  receivedOn: string;
  means: DevisPaymentMean;
  recordedAt: string;
  recordedBy: number | null;
};

/** The record after the acceptance of a devis, read from its events and payments. */
export type FollowUpRecord = {
  /** The version accepted and what followed, if the devis was accepted. */
  accepted?: { version: number } & AfterAcceptance;
  withdrawnAt?: Date;
  payments: StoredPayment[];
};

const accepted = (devisId: number, version: number) => ({
  sql: "EXISTS (SELECT 1 FROM devis WHERE id = ? AND current_version = ? AND status = 'accepte')",
  args: [devisId, version],
});

/**
 * Records the goods' receipt or the work's completion on the Paris day `day`, by the member: once per devis,
 * only while it is accepted on `version`. The work's completion moves a kept devis's retain_until to ten
 * years after it, if that is later (D. 213-2: kept until the execution, then ten years). False when refused
 * (already recorded, or no longer accepted).
 */
export async function recordFollowUpDay(
  db: Db,
  entry: { devisId: number; version: number; kind: FollowUpKind; day: string; userId: number },
  now: Date,
): Promise<boolean> {
  const guard = accepted(entry.devisId, entry.version);
  const at = now.toISOString();
  const insert: InStatement = {
    sql: `INSERT INTO devis_events (devis_id, version, kind, at, user_id, detail)
          SELECT ?, ?, ?, ?, ?, ? WHERE ${guard.sql}
            AND NOT EXISTS (SELECT 1 FROM devis_events WHERE devis_id = ? AND kind = ?)`,
    args: [
      entry.devisId,
      entry.version,
      entry.kind,
      at,
      entry.userId,
      entry.day,
      ...guard.args,
      entry.devisId,
      entry.kind,
    ],
  };
  const statements: InStatement[] = [insert];
  if (entry.kind === 'work_completed') {
    const until = contractKeptUntil(new Date(`${entry.day}T12:00:00Z`));
    statements.push({
      sql: `UPDATE devis SET retain_until = ? WHERE id = ? AND retain_until IS NOT NULL AND retain_until < ?
              AND EXISTS (SELECT 1 FROM devis_events WHERE devis_id = ? AND kind = 'work_completed' AND at = ?)`,
      args: [until.toISOString(), entry.devisId, until.toISOString(), entry.devisId, at],
    });
  }
  const results = await db.batch(statements, 'write');
  return results[0]?.rowsAffected === 1;
}

/**
 * Records a payment received, only while the devis is accepted on `version` and the payments stay within
 * `totalCents` (the version's total TTC). False when refused.
 */
export async function recordPayment(
  db: Db,
  payment: {
    devisId: number;
    version: number;
    amountCents: number;
    day: string;
    means: DevisPaymentMean;
    userId: number;
    totalCents: number;
  },
  now: Date,
): Promise<boolean> {
  const guard = accepted(payment.devisId, payment.version);
  const result = await db.execute({
    sql: `INSERT INTO devis_payments (devis_id, version, amount_cents, received_on, means, recorded_at, recorded_by)
          SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql}
            AND (SELECT ifnull(sum(amount_cents), 0) FROM devis_payments WHERE devis_id = ?) + ? <= ?`,
    args: [
      payment.devisId,
      payment.version,
      payment.amountCents,
      payment.day,
      payment.means,
      now.toISOString(),
      payment.userId,
      ...guard.args,
      payment.devisId,
      payment.amountCents,
      payment.totalCents,
    ],
  });
  return result.rowsAffected === 1;
}

export async function paymentsOf(db: Db, devisId: number): Promise<StoredPayment[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM devis_payments WHERE devis_id = ? ORDER BY received_on, id',
    args: [devisId],
  });
  return result.rows.map((row) => ({
    id: Number(row.id),
    amountCents: Number(row.amount_cents),
    receivedOn: String(row.received_on),
    means: String(row.means) as DevisPaymentMean,
    recordedAt: String(row.recorded_at),
    recordedBy: row.recorded_by === null ? null : Number(row.recorded_by),
  }));
}

/** The acceptance of a devis and what the record says after it (events only: no payments). */
export async function afterAcceptanceOf(db: Db, devisId: number): Promise<Omit<FollowUpRecord, 'payments'>> {
  const events = await eventsOf(db, devisId);
  const acceptedEvent = events.findLast((event) => event.kind === 'accepted');
  const withdrawn = events.findLast((event) => event.kind === 'withdrawn');
  const dayOf = (kind: FollowUpKind) => events.find((event) => event.kind === kind)?.detail;
  const goodsReceivedDay = dayOf('goods_received');
  const workCompletedDay = dayOf('work_completed');
  return {
    ...(acceptedEvent
      ? {
          accepted: {
            version: acceptedEvent.version,
            acceptedAt: new Date(acceptedEvent.at),
            earlyStart: acceptanceDetail(acceptedEvent.detail)?.earlyStart ?? false,
            ...(goodsReceivedDay ? { goodsReceivedDay } : {}),
            ...(workCompletedDay ? { workCompletedDay } : {}),
          },
        }
      : {}),
    ...(withdrawn ? { withdrawnAt: new Date(withdrawn.at) } : {}),
  };
}

/** The whole record after the acceptance, payments included (the inbox's devis page). */
export async function followUpOf(db: Db, devisId: number): Promise<FollowUpRecord> {
  return { ...(await afterAcceptanceOf(db, devisId)), payments: await paymentsOf(db, devisId) };
}
