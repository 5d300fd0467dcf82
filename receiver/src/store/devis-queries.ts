import { createHash } from 'node:crypto';
import type { Row } from '@libsql/client';
import { addYears, devisTerms, isoDay } from '../facts';
import type { DevisDraft } from '../requests/devis/draft';
import { DEVIS_AWAITING, DEVIS_FINAL, type DevisStatus } from '../requests/devis/statuses';
import type { Db } from './db';

/**
 * The store's queries on devis (migration 10; docs/devis.md, « Ce qui est conservé »): a draft made from a
 * request and edited, found again, kept or expired. Its sending is in store/devis-sending.ts, its sent
 * versions found by their link in store/devis-versions.ts, its record of events in store/devis-events.ts.
 */

export class DevisError extends Error {}

/**
 * The end of a concluded contract's keeping (devisTerms.electronicContractKeep, article L. 213-1 of the Code
 * de la consommation): its years counted from `from` (the acceptance, then the work's completion).
 */
export function contractKeptUntil(from: Date): Date {
  return addYears(from, devisTerms.electronicContractKeep.years);
}

export type StoredDevis = {
  id: number;
  requestId: number;
  status: DevisStatus;
  createdAt: string;
  updatedAt: string;
  draft: DevisDraft | null;
  number: string | null;
  currentVersion: number;
  retainUntil: string | null;
};

function toDevis(row: Row): StoredDevis {
  return {
    id: Number(row.id),
    requestId: Number(row.request_id),
    status: String(row.status) as DevisStatus,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    draft: row.draft === null ? null : (JSON.parse(String(row.draft)) as DevisDraft),
    number: row.number === null ? null : String(row.number),
    currentVersion: Number(row.current_version),
    retainUntil: row.retain_until === null ? null : String(row.retain_until),
  };
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A devis made from a request, with its first draft. */
export async function createDevis(db: Db, requestId: number, draft: DevisDraft, now: Date, userId?: number) {
  const at = now.toISOString();
  const result = await db.execute({
    sql: `INSERT INTO devis (request_id, created_at, created_by, updated_at, draft) VALUES (?, ?, ?, ?, ?) RETURNING id`,
    args: [requestId, at, userId ?? null, at, JSON.stringify(draft)],
  });
  return Number(result.rows[0]?.id);
}

export async function findDevis(db: Db, id: number): Promise<StoredDevis | undefined> {
  const result = await db.execute({ sql: 'SELECT * FROM devis WHERE id = ?', args: [id] });
  return result.rows[0] ? toDevis(result.rows[0]) : undefined;
}

export async function devisOfRequest(db: Db, requestId: number): Promise<StoredDevis[]> {
  const result = await db.execute({ sql: 'SELECT * FROM devis WHERE request_id = ? ORDER BY id', args: [requestId] });
  return result.rows.map(toDevis);
}

/**
 * Saves the team's draft. Before the first sending it is the devis itself; after, it is the next version,
 * which replaces the sent one only when it is sent. An accepted or withdrawn devis changes no more.
 */
export async function saveDraft(db: Db, id: number, draft: DevisDraft, now: Date): Promise<void> {
  const result = await db.execute({
    sql: `UPDATE devis SET draft = ?, updated_at = ? WHERE id = ? AND status NOT IN (${DEVIS_FINAL.map(() => '?').join(', ')})`,
    args: [JSON.stringify(draft), now.toISOString(), id, ...DEVIS_FINAL],
  });
  if (result.rowsAffected !== 1) throw new DevisError('Ce devis ne peut plus être modifié.');
}

/**
 * Devis of these requests that must be kept (accepted for the threshold or more, within their ten years):
 * erasure refuses them and says why (RGPD art. 17-3, b; C. conso. L. 213-1).
 */
export async function keptDevis(
  db: Db,
  requestIds: number[],
  now: Date,
): Promise<{ requestId: number; number: string | null; retainUntil: string }[]> {
  if (requestIds.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT request_id, number, retain_until FROM devis
          WHERE request_id IN (${requestIds.map(() => '?').join(',')}) AND retain_until > ? ORDER BY id`,
    args: [...requestIds, now.toISOString()],
  });
  return result.rows.map((row) => ({
    requestId: Number(row.request_id),
    number: row.number === null ? null : String(row.number),
    retainUntil: String(row.retain_until),
  }));
}

/** Devis still awaiting an answer whose current version's validity ended before `now`'s Paris day: « Expiré ». */
export async function expireDue(db: Db, now: Date): Promise<number> {
  const today = isoDay(now);
  const result = await db.execute({
    sql: `UPDATE devis SET status = 'expire', updated_at = ?
          WHERE status IN (${DEVIS_AWAITING.map(() => '?').join(', ')})
            AND (SELECT valid_until FROM devis_versions v WHERE v.devis_id = devis.id AND v.version = devis.current_version) < ?`,
    args: [now.toISOString(), ...DEVIS_AWAITING, today],
  });
  return result.rowsAffected;
}
