import type { DevisEventKind } from '../requests/devis/statuses';
import type { Db } from './db';

/**
 * A team action on the current version of a devis, offered by a button on its page in the inbox
 * (« Relancer le client », store/devis-reminder.ts; « Révoquer ce lien », store/devis-links.ts): whether the
 * button is offered, from the same SQL condition the action's write checks, and each time the action was
 * taken, from its event in the devis's record.
 */

/** One time the action was taken: on which version, when, and by whom (the member's name; null once erased). */
export type TeamActionTaken = { version: number; at: string; by: string | null };

/** What the devis's page shows of the action: its button (offered), and each time it was taken, oldest first. */
export type TeamActionState = { offered: boolean; taken: TeamActionTaken[] };

export async function teamActionOf(
  db: Db,
  devisId: number,
  kind: DevisEventKind,
  offeredWhen: { sql: string; args: (string | number)[] },
): Promise<TeamActionState> {
  const [offered, taken] = await db.batch(
    [
      { sql: `SELECT ${offeredWhen.sql} AS offered`, args: offeredWhen.args },
      {
        sql: `SELECT e.version, e.at, u.name FROM devis_events e LEFT JOIN users u ON u.id = e.user_id
              WHERE e.devis_id = ? AND e.kind = ? ORDER BY e.at, e.id`,
        args: [devisId, kind],
      },
    ],
    'read',
  );
  return {
    offered: Number(offered?.rows[0]?.offered ?? 0) === 1,
    taken: (taken?.rows ?? []).map((row) => ({
      version: Number(row.version),
      at: String(row.at),
      by: row.name === null ? null : String(row.name),
    })),
  };
}

/** The devis's current version, as a team action writes about it: 'unknown' devis, or 'unsent' (no version yet). */
export type CurrentVersion =
  | { found: false; reason: 'unknown' | 'unsent' }
  | { found: true; versionId: number; version: number; number: string; requestReference: string };

export async function currentVersionOf(db: Db, devisId: number): Promise<CurrentVersion> {
  const facts = await db.execute({
    sql: `SELECT v.id AS version_id, v.version, d.number, r.reference FROM devis d
            LEFT JOIN devis_versions v ON v.devis_id = d.id AND v.version = d.current_version
            JOIN requests r ON r.id = d.request_id
          WHERE d.id = ?`,
    args: [devisId],
  });
  const row = facts.rows[0];
  if (!row) return { found: false, reason: 'unknown' };
  if (row.version_id === null) return { found: false, reason: 'unsent' };
  return {
    found: true,
    versionId: Number(row.version_id),
    version: Number(row.version),
    number: String(row.number),
    requestReference: String(row.reference),
  };
}
