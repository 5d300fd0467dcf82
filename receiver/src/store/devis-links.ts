import type { InStatement } from '@libsql/client';
import { DEVIS_AWAITING } from '../requests/devis/statuses';
import type { Db } from './db';
import { currentVersionOf, teamActionOf, type TeamActionState } from './devis-team-actions';

/**
 * « Révoquer ce lien » (migration 20; docs/devis.md, « Les étapes de l'équipe »): a member withdraws every link
 * to the current version of a devis that still awaits an answer (a link forwarded to the wrong person, a
 * mailbox the client lost): the one given at sending and those of « Relancer le client ». Their hashes go into
 * devis_revoked_links, and findByLink reports them revoked: the client's page then says only that the link was
 * withdrawn. A link made afterwards (« Relancer le client », if the version was not reminded yet, or a new
 * version) opens the devis. The revocation, its event link_revoked (with the member), and the cancelling of a
 * mail that would still bring one of those links are written in one transaction, once per set of live links: a
 * second press, or two members at once, writes nothing.
 */

/**
 * Whether the current version of the devis has a link a member may revoke: sent, awaiting an answer
 * (DEVIS_AWAITING), not replaced, with at least one link not revoked yet. One SQL condition, read by the page
 * and by the write, so the button is offered exactly when a press works.
 */
function revocable(devisId: number): { sql: string; args: (string | number)[] } {
  const live = 'NOT EXISTS (SELECT 1 FROM devis_revoked_links r WHERE r.link_hash = ';
  return {
    sql: `EXISTS (SELECT 1 FROM devis d JOIN devis_versions v ON v.devis_id = d.id AND v.version = d.current_version
              WHERE d.id = ? AND d.status IN (${DEVIS_AWAITING.map(() => '?').join(', ')}) AND v.replaced_by IS NULL
                AND (${live}v.link_hash)
                  OR EXISTS (SELECT 1 FROM devis_links l WHERE l.version_id = v.id AND ${live}l.link_hash))))`,
    args: [devisId, ...DEVIS_AWAITING],
  };
}

/** What the devis's page shows of « Révoquer ce lien »: its button, and the revocations already made. */
export async function linkRevocationOf(db: Db, devisId: number): Promise<TeamActionState> {
  return teamActionOf(db, devisId, 'link_revoked', revocable(devisId));
}

export type LinkRevocation =
  | { ok: true; number: string; version: number; links: number; requestReference: string }
  | { ok: false; reason: 'unknown' | 'closed' };

/**
 * Revokes every live link of the devis's current version, if it may be (revocable): the event first, then
 * the links' hashes, in one transaction. Otherwise nothing is written and the reason is returned: the devis
 * does not exist ('unknown'), or it has no link to revoke: never sent, answered, expired, replaced, or its
 * links already revoked ('closed').
 */
export async function revokeLinks(
  db: Db,
  devisId: number,
  now: Date,
  member: { userId: number },
): Promise<LinkRevocation> {
  const current = await currentVersionOf(db, devisId);
  if (!current.found) return { ok: false, reason: current.reason === 'unknown' ? 'unknown' : 'closed' };
  const { versionId, version } = current;
  const at = now.toISOString();
  const guard = revocable(devisId);
  // This very event: the links are revoked only if it was written, so by the press that wrote it.
  const mine = {
    sql: `EXISTS (SELECT 1 FROM devis_events WHERE devis_id = ? AND version = ? AND kind = 'link_revoked'
            AND at = ? AND user_id = ? AND id = (SELECT max(id) FROM devis_events WHERE devis_id = ?))`,
    args: [devisId, version, at, member.userId, devisId],
  };
  const statements: InStatement[] = [
    {
      // The version read above must still be the current one: a version sent meanwhile keeps its links.
      sql: `INSERT INTO devis_events (devis_id, version, kind, at, user_id)
            SELECT ?, ?, 'link_revoked', ?, ? WHERE ${guard.sql}
              AND EXISTS (SELECT 1 FROM devis d WHERE d.id = ? AND d.current_version = ?)`,
      args: [devisId, version, at, member.userId, ...guard.args, devisId, version],
    },
    {
      sql: `INSERT OR IGNORE INTO devis_revoked_links (link_hash, version_id, revoked_at, revoked_by)
            SELECT link_hash, id, ?, ? FROM devis_versions WHERE id = ? AND ${mine.sql}
            UNION ALL SELECT link_hash, version_id, ?, ? FROM devis_links WHERE version_id = ? AND ${mine.sql}`,
      args: [at, member.userId, versionId, ...mine.args, at, member.userId, versionId, ...mine.args],
    },
    {
      // A mail of this version still waiting to leave carries one of these links: it would bring a dead link.
      // One being sent now (claimed) leaves as it is.
      sql: `UPDATE outbox SET status = 'cancelled'
            WHERE devis_version_id = ? AND status = 'pending' AND link_secret IS NOT NULL
              AND (claimed_until IS NULL OR claimed_until <= ?) AND ${mine.sql}`,
      args: [versionId, Date.now(), ...mine.args],
    },
    {
      sql: `SELECT ${mine.sql} AS revoked, (SELECT COUNT(*) FROM devis_revoked_links
              WHERE version_id = ? AND revoked_at = ?) AS links`,
      args: [...mine.args, versionId, at],
    },
  ];
  const results = await db.batch(statements, 'write');
  const outcome = results.at(-1)?.rows[0];
  if (Number(outcome?.revoked ?? 0) !== 1) return { ok: false, reason: 'closed' };
  return {
    ok: true,
    number: current.number,
    version,
    links: Number(outcome?.links ?? 0),
    requestReference: current.requestReference,
  };
}
