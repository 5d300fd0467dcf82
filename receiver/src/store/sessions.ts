import { createHash, randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import type { Db } from './db';

/**
 * The team's sessions as stored (table `sessions`, migration 3): the store keeps only the SHA-256 hash of the
 * cookie's random id, so a copy of the database opens no session. The cookie and the session's limits are
 * inbox/sessions.ts's.
 */

/** A signed-in member; `manager` (set with `receiver:user -- manager`) opens « Le site » and the full export. */
export type Member = { id: number; name: string; email: string; manager?: boolean };

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random secret of 256 bits, base64url (cookie values, enrolment links, anti-forgery tokens). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Opens a session for a member (sign-in, or the end of an enrolment). A session the browser still
 * presented (`replacing`) is ended in the same transaction: the id is always renewed at sign-in.
 * `extra` statements (an audit row, the enrolment link marked used) commit with it.
 */
export async function createSession(
  db: Db,
  userId: number,
  now: number,
  options: { replacing?: string; extra?: InStatement[] } = {},
): Promise<{ cookieValue: string; csrfToken: string }> {
  const cookieValue = randomSecret();
  const csrfToken = randomSecret();
  const statements: InStatement[] = [];
  if (options.replacing) {
    statements.push({ sql: 'DELETE FROM sessions WHERE id_hash = ?', args: [hashSecret(options.replacing)] });
  }
  statements.push({
    // Opening a session is a passkey ceremony (a sign-in, or a passkey created from a link).
    sql: 'INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, ceremony_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [hashSecret(cookieValue), userId, csrfToken, now, now, now],
  });
  statements.push(...(options.extra ?? []));
  await db.batch(statements, 'write');
  return { cookieValue, csrfToken };
}

/** A session's row and its member, by the hash of the cookie's id. */
export type SessionRow = {
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  member: Member;
  disabled: boolean;
};

export async function sessionByIdHash(db: Db, idHash: string): Promise<SessionRow | undefined> {
  const result = await db.execute({
    sql: `SELECT s.csrf_token, s.created_at, s.last_seen_at, u.id, u.name, u.email, u.manager, u.disabled_at
          FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ?`,
    args: [idHash],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    csrfToken: String(row.csrf_token),
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    member: {
      id: Number(row.id),
      name: String(row.name),
      email: String(row.email),
      manager: Number(row.manager) === 1,
    },
    disabled: row.disabled_at !== null,
  };
}

/** Ends a session found expired. */
export async function deleteSessionByIdHash(db: Db, idHash: string): Promise<void> {
  await db.execute({ sql: 'DELETE FROM sessions WHERE id_hash = ?', args: [idHash] });
}

/** Records that a session was used at `now`. */
export async function touchSession(db: Db, idHash: string, now: number): Promise<void> {
  await db.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?', args: [now, idHash] });
}

/** Ends one session (sign-out). */
export async function deleteSession(db: Db, cookieValue: string): Promise<void> {
  await db.execute({ sql: 'DELETE FROM sessions WHERE id_hash = ?', args: [hashSecret(cookieValue)] });
}

/**
 * When the member behind a session last used a passkey in it (its sign-in, or a confirmation since), or
 * undefined: adding a passkey asks for one within the last few minutes (QUOTE_REAUTH_MINUTES).
 */
export async function lastCeremony(db: Db, cookieValue: string): Promise<number | undefined> {
  const result = await db.execute({
    sql: 'SELECT ceremony_at FROM sessions WHERE id_hash = ?',
    args: [hashSecret(cookieValue)],
  });
  const value = result.rows[0]?.ceremony_at;
  return value === null || value === undefined ? undefined : Number(value);
}

/** The statement that records a passkey confirmation in a session. */
export function ceremonyStatement(cookieValue: string, now: number): InStatement {
  return { sql: 'UPDATE sessions SET ceremony_at = ? WHERE id_hash = ?', args: [now, hashSecret(cookieValue)] };
}

/** The statement that ends every session of a member (disabled). */
export function endSessionsStatement(userId: number): InStatement {
  return { sql: 'DELETE FROM sessions WHERE user_id = ?', args: [userId] };
}
