import { randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import type { Db } from './db';
import { auditStatement } from './audit';
import { endSessionsStatement, hashSecret, randomSecret, type Member } from './sessions';

/**
 * Team members and their enrolment links (tables users and enrolments, migration 3), without HTTP: the
 * command-line tool (bin/user.ts) and the inbox's routes share these. A link's secret has 256 bits, is
 * stored only as its SHA-256 hash, is valid ENROLMENT_TTL_MS and is used once.
 */

export const ENROLMENT_TTL_MS = 15 * 60_000;

export type MemberRow = Member & {
  /** The WebAuthn user handle (base64url of 32 random bytes): no personal data goes to an authenticator. */
  webauthnUserId: string;
  createdAt: string;
  disabledAt: string | null;
  passkeys: number;
  /** A manager may export every request (the CSV): set by the owner with `receiver:user -- manager`. */
  manager: boolean;
};

export class MemberError extends Error {}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toMember(row: Record<string, unknown>): MemberRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    email: String(row.email),
    webauthnUserId: String(row.webauthn_user_id),
    createdAt: String(row.created_at),
    disabledAt: row.disabled_at === null ? null : String(row.disabled_at),
    passkeys: Number(row.passkeys ?? 0),
    manager: Number(row.manager ?? 0) === 1,
  };
}

const MEMBER_SQL = `SELECT u.*, (SELECT COUNT(*) FROM credentials c WHERE c.user_id = u.id) AS passkeys FROM users u`;

export async function listMembers(db: Db): Promise<MemberRow[]> {
  const result = await db.execute(`${MEMBER_SQL} ORDER BY u.name, u.id`);
  return result.rows.map((row) => toMember(row));
}

export async function memberByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  const result = await db.execute({ sql: `${MEMBER_SQL} WHERE u.email = ?`, args: [normaliseEmail(email)] });
  return result.rows[0] ? toMember(result.rows[0]) : undefined;
}

export async function memberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const result = await db.execute({ sql: `${MEMBER_SQL} WHERE u.id = ?`, args: [id] });
  return result.rows[0] ? toMember(result.rows[0]) : undefined;
}

/** Statements that replace a member's unused links with a new one; returns the new secret. */
function linkStatements(userId: number, now: number): { secret: string; statements: InStatement[] } {
  const secret = randomSecret();
  return {
    secret,
    statements: [
      { sql: 'DELETE FROM enrolments WHERE user_id = ? AND used_at IS NULL', args: [userId] },
      {
        sql: 'INSERT INTO enrolments (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
        args: [hashSecret(secret), userId, now, now + ENROLMENT_TTL_MS],
      },
    ],
  };
}

/** A new member and their first enrolment link (the secret, to print once). */
export async function addMember(
  db: Db,
  input: { name: string; email: string },
  now: number,
): Promise<{ member: MemberRow; secret: string }> {
  const email = normaliseEmail(input.email);
  if (await memberByEmail(db, email)) throw new MemberError(`${email} fait déjà partie de l’équipe.`);
  const inserted = await db.execute({
    sql: 'INSERT INTO users (name, email, webauthn_user_id, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    args: [input.name.trim(), email, randomBytes(32).toString('base64url'), new Date(now).toISOString()],
  });
  const id = Number(inserted.rows[0]?.id);
  const { secret, statements } = linkStatements(id, now);
  await db.batch(
    [...statements, auditStatement({ userId: id, action: 'member_added', detail: input.name.trim() }, now)],
    'write',
  );
  const member = await memberById(db, id);
  if (!member) throw new Error('the member just added is not found');
  return { member, secret };
}

/** A new enrolment link for a member (lost phone, second device); their older unused links stop working. */
export async function newEnrolmentLink(db: Db, userId: number, now: number): Promise<string> {
  const { secret, statements } = linkStatements(userId, now);
  await db.batch([...statements, auditStatement({ userId, action: 'enrolment_link' }, now)], 'write');
  return secret;
}

/** Disables a member: their sessions end at once, their links and passkeys stop working. */
export async function disableMember(db: Db, userId: number, now: number): Promise<void> {
  await db.batch(
    [
      {
        sql: 'UPDATE users SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL',
        args: [new Date(now).toISOString(), userId],
      },
      endSessionsStatement(userId),
      { sql: 'DELETE FROM enrolments WHERE user_id = ? AND used_at IS NULL', args: [userId] },
      auditStatement({ userId, action: 'member_disabled' }, now),
    ],
    'write',
  );
}

/** Marks a member as a manager, or no longer; the audit trail records it. */
export async function setManager(db: Db, userId: number, manager: boolean, now: number): Promise<void> {
  await db.batch(
    [
      { sql: 'UPDATE users SET manager = ? WHERE id = ?', args: [manager ? 1 : 0, userId] },
      auditStatement({ userId, action: manager ? 'manager_granted' : 'manager_revoked' }, now),
    ],
    'write',
  );
}

/** Whether a member is a manager (checked at each export: a flag removed takes effect at once). */
export async function isManager(db: Db, userId: number): Promise<boolean> {
  const result = await db.execute({
    sql: 'SELECT manager FROM users WHERE id = ? AND disabled_at IS NULL',
    args: [userId],
  });
  return Number(result.rows[0]?.manager ?? 0) === 1;
}

/**
 * A lost phone: every passkey of the member is removed and every session ends, in one transaction, and a
 * new enrolment link replaces their unused ones. Returns the link's secret. A disabled member is refused:
 * enableMember() is the way back.
 */
export async function resetMember(db: Db, member: MemberRow, now: number): Promise<string> {
  if (member.disabledAt !== null) {
    throw new MemberError(`${member.email} est désactivé(e) : utilisez « enable » pour lui rouvrir l’accès.`);
  }
  return startOver(db, member.id, now, 'member_reset');
}

/**
 * Lets a disabled member back in with a new enrolment link. The passkeys they had are removed (whoever
 * holds their old phone stays out): they create a new one from the link.
 */
export async function enableMember(db: Db, member: MemberRow, now: number): Promise<string> {
  if (member.disabledAt === null) throw new MemberError(`${member.email} n’est pas désactivé(e).`);
  return startOver(db, member.id, now, 'member_enabled', [
    { sql: 'UPDATE users SET disabled_at = NULL WHERE id = ?', args: [member.id] },
  ]);
}

/**
 * What a reset and an enabling share, in one transaction: every passkey of the member removed, their
 * sessions ended, a new enrolment link (replacing unused ones), the audit row. Returns the link's secret.
 */
async function startOver(
  db: Db,
  userId: number,
  now: number,
  action: 'member_reset' | 'member_enabled',
  first: InStatement[] = [],
): Promise<string> {
  const { secret, statements } = linkStatements(userId, now);
  await db.batch(
    [
      ...first,
      { sql: 'DELETE FROM credentials WHERE user_id = ?', args: [userId] },
      endSessionsStatement(userId),
      ...statements,
      auditStatement({ userId, action }, now),
    ],
    'write',
  );
  return secret;
}

export type Enrolment = { tokenHash: string; member: MemberRow };

/** The member a link enrols, if the link is unused, on time, and its member enabled. */
export async function findEnrolment(db: Db, secret: string, now: number): Promise<Enrolment | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  const tokenHash = hashSecret(secret);
  const result = await db.execute({
    sql: 'SELECT user_id FROM enrolments WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
    args: [tokenHash, now],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  const member = await memberById(db, Number(row.user_id));
  if (!member || member.disabledAt !== null) return undefined;
  return { tokenHash, member };
}

/**
 * The statements that mark a link used and record the enrolment, to commit in the same transaction as the
 * new passkey and the session: if the link was used by another request first, expired or was replaced,
 * the audit row's action is NULL, which the audit table refuses (NOT NULL), and the whole transaction
 * rolls back: no passkey without a used link, and no used link without its passkey.
 */
export function claimEnrolmentStatements(tokenHash: string, userId: number, now: number): InStatement[] {
  return [
    {
      sql: 'UPDATE enrolments SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
      args: [now, tokenHash, now],
    },
    {
      // changes(): the rows the UPDATE just above changed (one, or none when the link could not be claimed).
      sql: `INSERT INTO audit (at, user_id, action, reference, detail)
            VALUES (?, ?, CASE WHEN changes() = 1 THEN ? END, NULL, NULL)`,
      args: [new Date(now).toISOString(), userId, 'enrolment'],
    },
  ];
}

/** Whether a failed transaction was refused by a constraint (a claimed link, a passkey already stored). */
export function isConstraintError(error: unknown): boolean {
  return /^SQLITE_CONSTRAINT/.test((error as { code?: string }).code ?? '');
}

/** A member a mail may still be sent to (enabled, not erased): their name and address. */
export async function reachableMember(db: Db, userId: number): Promise<{ name: string; email: string } | undefined> {
  const result = await db.execute({
    sql: 'SELECT name, email FROM users WHERE id = ? AND disabled_at IS NULL AND erased_at IS NULL',
    args: [userId],
  });
  const row = result.rows[0];
  return row ? { name: String(row.name), email: String(row.email) } : undefined;
}
