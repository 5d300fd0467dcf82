import { createHash, randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db';

/**
 * Server-side sessions (table `sessions`, migration 3). The cookie carries a random id of 256 bits; the
 * store keeps only its SHA-256 hash, so a copy of the database opens no session. Each session has its own
 * anti-forgery token (forms carry it as `_csrf`). A session ends when its member signs out, is disabled,
 * stays idle past the idle limit (12 h by default) or reaches the absolute limit (7 days by default):
 * readSession() checks all four on every request, with `now` as a parameter so tests move time, not wait.
 *
 * The cookie: HttpOnly, SameSite=Strict. Over plain HTTP (a laptop, http://localhost) it is
 * `gestion_session` with the inbox's path (INBOX_PATH). Over HTTPS it is `__Host-gestion_session`, Secure, with Path=/ as
 * the prefix demands: the browser then refuses a cookie of that name set without Secure, from another
 * host or with a Domain, so a sibling sub-domain or a plain-HTTP answer cannot plant a session (fixation).
 * That guarantee is worth more than scoping the path to the inbox's, which is no security boundary (the
 * public site is static files and /api/devis ignores cookies).
 */

export const SESSION_COOKIE = 'gestion_session';
export const SECURE_SESSION_COOKIE = '__Host-gestion_session';

export type SessionLimits = { idleMs: number; absoluteMs: number };

/** A signed-in member; `manager` (set with `receiver:user -- manager`) opens « Le site » and the full export. */
export type Member = { id: number; name: string; email: string; manager?: boolean };

export type Session = { member: Member; csrfToken: string; idHash: string; createdAt: number };

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A random secret of 256 bits, base64url (cookie values, enrolment links, anti-forgery tokens). */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The cookie's name and attributes for an inbox published at this address. */
export function sessionCookie(inboxUrl: URL): { name: string; path: string; secure: boolean } {
  return inboxUrl.protocol === 'https:'
    ? { name: SECURE_SESSION_COOKIE, path: '/', secure: true }
    : { name: SESSION_COOKIE, path: inboxUrl.pathname, secure: false };
}

/** Sets the session's cookie (@fastify/cookie), or drops it at once (an empty value and maxAge 0). */
export function setSessionCookie(reply: FastifyReply, inboxUrl: URL, value: string, maxAgeSeconds: number): void {
  const { name, path, secure } = sessionCookie(inboxUrl);
  reply.setCookie(name, value, {
    path,
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}

/** The session cookie's value (parsed by @fastify/cookie), if it looks like one of our ids. */
export function sessionCookieValue(request: FastifyRequest, inboxUrl: URL): string | undefined {
  const value = request.cookies[sessionCookie(inboxUrl).name];
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
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

/** Idle sessions are touched at most this often: one write a minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The live session behind a cookie value, or undefined: unknown, idle too long, too old, or its member
 * disabled. An expired session is deleted on the way.
 */
export async function readSession(
  db: Db,
  cookieValue: string | undefined,
  now: number,
  limits: SessionLimits,
): Promise<Session | undefined> {
  if (!cookieValue) return undefined;
  const idHash = hashSecret(cookieValue);
  const result = await db.execute({
    sql: `SELECT s.csrf_token, s.created_at, s.last_seen_at, u.id, u.name, u.email, u.manager, u.disabled_at
          FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ?`,
    args: [idHash],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  const createdAt = Number(row.created_at);
  const lastSeenAt = Number(row.last_seen_at);
  const expired = now - lastSeenAt > limits.idleMs || now - createdAt > limits.absoluteMs;
  if (row.disabled_at !== null || expired || now < createdAt) {
    await db.execute({ sql: 'DELETE FROM sessions WHERE id_hash = ?', args: [idHash] });
    return undefined;
  }
  if (now - lastSeenAt >= TOUCH_EVERY_MS) {
    await db.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?', args: [now, idHash] });
  }
  return {
    member: { id: Number(row.id), name: String(row.name), email: String(row.email), manager: Number(row.manager) === 1 },
    csrfToken: String(row.csrf_token),
    idHash,
    createdAt,
  };
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
