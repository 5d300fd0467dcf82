import { randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { isoDay } from '../facts';
import { DEVIS_AWAITING } from '../requests/devis/statuses';
import { queuedClientReminder } from '../requests/mail-kinds';
import type { Db } from './db';
import { sha256Hex } from './devis-queries';
import { currentVersionOf, teamActionOf, type TeamActionState } from './devis-team-actions';

/**
 * « Relancer le client » (migration 16; docs/devis.md, « Les étapes de l'équipe »): a member sends the client
 * one reminder mail about the current version of a devis that still awaits an answer. The link given at
 * sending is stored only as its hash, so the reminder carries a new link to the same version (a row of
 * devis_links, found by findByLink as the first one is); its secret goes into the mail's outbox row and
 * nowhere else, and migration 13's trigger forgets it once the row is no longer pending. The link, the event
 * client_reminded (with the member) and the mail are written in one transaction, once per version: a second
 * press, or two members at once, writes nothing.
 */

/**
 * Whether the client may be reminded about the devis's current version now: sent or seen (DEVIS_AWAITING),
 * not replaced, its last valid day (Paris) not past, and not reminded yet. One SQL condition, read by the page
 * (clientReminderOf) and by the write (remindClient), so the button is offered exactly when a press works.
 */
function remindable(devisId: number, today: string): { sql: string; args: (string | number)[] } {
  return {
    sql: `EXISTS (SELECT 1 FROM devis d JOIN devis_versions v ON v.devis_id = d.id AND v.version = d.current_version
              WHERE d.id = ? AND d.status IN (${DEVIS_AWAITING.map(() => '?').join(', ')}) AND v.replaced_by IS NULL
                AND v.valid_until >= ?
                AND NOT EXISTS (SELECT 1 FROM devis_events e
                  WHERE e.devis_id = d.id AND e.version = v.version AND e.kind = 'client_reminded'))`,
    args: [devisId, ...DEVIS_AWAITING, today],
  };
}

/** What the devis's page shows of « Relancer le client »: its button, and the reminders already sent. */
export async function clientReminderOf(db: Db, devisId: number, now: Date): Promise<TeamActionState> {
  return teamActionOf(db, devisId, 'client_reminded', remindable(devisId, isoDay(now)));
}

export type ClientReminder =
  | { ok: true; number: string; version: number; requestReference: string }
  | { ok: false; reason: 'unknown' | 'reminded' | 'closed' };

/**
 * Reminds the client about the devis's current version, if it may be (remindable): a new link to the version,
 * the event, and the mail (its row carrying the new secret), in one transaction. Otherwise nothing is written
 * and the reason is returned: the devis does not exist ('unknown'), its version was already
 * reminded ('reminded'), or it awaits no answer: never sent, answered, expired, replaced ('closed').
 */
export async function remindClient(
  db: Db,
  devisId: number,
  now: Date,
  member: { userId: number },
  fromEmail: string,
): Promise<ClientReminder> {
  const current = await currentVersionOf(db, devisId);
  if (!current.found) return { ok: false, reason: current.reason === 'unknown' ? 'unknown' : 'closed' };
  const { versionId, version } = current;
  const { number, requestReference } = current;
  const at = now.toISOString();
  const secret = randomBytes(32).toString('base64url');
  const linkHash = sha256Hex(secret);
  const guard = remindable(devisId, isoDay(now));
  const mine = { sql: 'EXISTS (SELECT 1 FROM devis_links WHERE link_hash = ?)', args: [linkHash] };
  const mail = queuedClientReminder({ requestReference, number, version }, fromEmail);
  const statements: InStatement[] = [
    {
      // The version read above must still be the current one: a version sent meanwhile is not reminded.
      sql: `INSERT INTO devis_links (version_id, link_hash, created_at, created_by)
            SELECT ?, ?, ?, ? WHERE ${guard.sql}
              AND EXISTS (SELECT 1 FROM devis d WHERE d.id = ? AND d.current_version = ?)`,
      args: [versionId, linkHash, at, member.userId, ...guard.args, devisId, version],
    },
    {
      sql: `INSERT INTO devis_events (devis_id, version, kind, at, user_id) SELECT ?, ?, 'client_reminded', ?, ? WHERE ${mine.sql}`,
      args: [devisId, version, at, member.userId, ...mine.args],
    },
    {
      // next_attempt_at is the wall clock's now, as for the other devis mails: the worker schedules on it.
      sql: `INSERT INTO outbox (devis_version_id, kind, message_id, link_secret, next_attempt_at, queued_at)
            SELECT ?, ?, ?, ?, ?, ? WHERE ${mine.sql}`,
      args: [versionId, mail.kind, mail.messageId, secret, Date.now(), at, ...mine.args],
    },
    {
      sql: `SELECT ${mine.sql} AS reminded, EXISTS (SELECT 1 FROM devis_events
              WHERE devis_id = ? AND version = ? AND kind = 'client_reminded') AS before`,
      args: [...mine.args, devisId, version],
    },
  ];
  const results = await db.batch(statements, 'write');
  const outcome = results.at(-1)?.rows[0];
  if (Number(outcome?.reminded ?? 0) === 1) return { ok: true, number, version, requestReference };
  return { ok: false, reason: Number(outcome?.before ?? 0) === 1 ? 'reminded' : 'closed' };
}
