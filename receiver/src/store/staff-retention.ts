import type { InStatement } from '@libsql/client';
import { NBSP } from '../facts';
import { memberReference } from '../requests/mail-kinds';
import type { Db } from './db';

/**
 * What the inbox keeps about its team, and for how long (the staff notice, inbox/ui/staff-notice-page.tsx,
 * prints the same settings): the daily purge (store/retention-plugin.ts, `npm run receiver:purge`) deletes
 * the audit rows older than the audit retention, erases the members disabled longer than the member
 * retention, and deletes the sessions and enrolment links that can no longer be used.
 *
 * An erased member keeps their row, so that the history and the audit trail still say « someone did this »:
 * their name becomes a neutral label (« Ancien membre n° 3 »), their e-mail an address that reaches nobody,
 * and their passkeys, sessions and links are deleted. Where the history or the audit trail wrote their name
 * (an assignment, their own addition to the team), the label replaces it; an audit row member_erased says when.
 */

/** The label an erased member keeps in the history. The audit trail's trigger accepts it and nothing else. */
export function erasedMemberLabel(id: number): string {
  return `Ancien membre n°${NBSP}${id}`;
}

/** The address an erased member's row keeps (the column is unique and required): it reaches nobody. */
function erasedMemberEmail(id: number): string {
  return `membre-${id}@efface.invalid`;
}

/** The same day and time, `months` months earlier (UTC). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

/**
 * Deletes the audit rows older than `months`: the cutoff is written first, in the same transaction, so that
 * the trail's trigger lets these rows go and no others. Returns how many went.
 */
export async function purgeAudit(db: Db, now: Date, months: number): Promise<number> {
  const cutoff = monthsBefore(now, months).toISOString();
  const [, deleted] = await db.batch(
    [
      {
        sql: 'INSERT INTO audit_cutoff (id, before) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET before = excluded.before',
        args: [cutoff],
      },
      { sql: 'DELETE FROM audit WHERE at < ?', args: [cutoff] },
    ],
    'write',
  );
  return deleted?.rowsAffected ?? 0;
}

export type ErasedMember = {
  id: number;
  disabledAt: string;
  /** The references of the mails about them (requests/mail-kinds.ts memberReference), for their .eml copies. */
  mails: string[];
};

/** The members disabled more than `months` ago and not yet erased. */
export async function membersToErase(db: Db, now: Date, months: number): Promise<ErasedMember[]> {
  const result = await db.execute({
    sql: 'SELECT id, disabled_at FROM users WHERE disabled_at IS NOT NULL AND disabled_at < ? AND erased_at IS NULL ORDER BY id',
    args: [monthsBefore(now, months).toISOString()],
  });
  const members: ErasedMember[] = [];
  for (const row of result.rows) {
    const id = Number(row.id);
    const mails = await db.execute({ sql: 'SELECT id FROM outbox WHERE member_id = ? ORDER BY id', args: [id] });
    members.push({
      id,
      disabledAt: String(row.disabled_at),
      mails: mails.rows.map((mail) => memberReference(id, Number(mail.id))),
    });
  }
  return members;
}

/** Erases one member (see above), in one transaction; nothing happens if they were enabled again meanwhile. */
function eraseMemberStatements(id: number, now: Date): InStatement[] {
  const label = erasedMemberLabel(id);
  const stillDisabled =
    'AND EXISTS (SELECT 1 FROM users WHERE id = ? AND disabled_at IS NOT NULL AND erased_at IS NULL)';
  return [
    {
      sql: `UPDATE audit SET detail = ?
            WHERE detail = (SELECT name FROM users WHERE id = ?)
              AND ((action = 'member_added' AND user_id = ?) OR action = 'assign') ${stillDisabled}`,
      args: [label, id, id, id],
    },
    {
      sql: `UPDATE request_events SET detail = ?
            WHERE kind = 'assign' AND detail = (SELECT name FROM users WHERE id = ?) ${stillDisabled}`,
      args: [label, id, id],
    },
    {
      sql: `INSERT INTO audit (at, user_id, action) SELECT ?, ?, 'member_erased' WHERE 1 ${stillDisabled}`,
      args: [now.toISOString(), id, id],
    },
    // The site's publications they made keep the label in place of their name and address (store/publications.ts).
    {
      sql: `UPDATE publications SET author_name = ?, author_email = ? WHERE member_id = ? ${stillDisabled}`,
      args: [label, erasedMemberEmail(id), id, id],
    },
    // The mails about them (a new passkey's announcement names their device); their .eml copies go after.
    { sql: `DELETE FROM outbox WHERE member_id = ? ${stillDisabled}`, args: [id, id] },
    { sql: `DELETE FROM credentials WHERE user_id = ? ${stillDisabled}`, args: [id, id] },
    { sql: `DELETE FROM sessions WHERE user_id = ? ${stillDisabled}`, args: [id, id] },
    { sql: `DELETE FROM enrolments WHERE user_id = ? ${stillDisabled}`, args: [id, id] },
    {
      sql: 'UPDATE users SET name = ?, email = ?, erased_at = ? WHERE id = ? AND disabled_at IS NOT NULL AND erased_at IS NULL',
      args: [label, erasedMemberEmail(id), now.toISOString(), id],
    },
  ];
}

/** Erases the members disabled more than `months` ago; returns them. */
export async function eraseDisabledMembers(db: Db, now: Date, months: number): Promise<ErasedMember[]> {
  const members = await membersToErase(db, now, months);
  for (const member of members) await db.batch(eraseMemberStatements(member.id, now), 'write');
  return members;
}

/**
 * Sessions past the longest a session may last, and enrolment links past their time: neither can be used
 * any more, and a session row holds a member's sign-in and last-activity times.
 */
export async function purgeDeadAccess(db: Db, now: Date, sessionAbsoluteMs: number): Promise<void> {
  await db.batch(
    [
      { sql: 'DELETE FROM sessions WHERE created_at < ?', args: [now.getTime() - sessionAbsoluteMs] },
      { sql: 'DELETE FROM enrolments WHERE expires_at < ?', args: [now.getTime()] },
    ],
    'write',
  );
}
