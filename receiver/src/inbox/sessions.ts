import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db';
import { deleteSessionByIdHash, hashSecret, sessionByIdHash, touchSession, type Member } from '../store/sessions';

/**
 * Server-side sessions (table `sessions`, migration 3). The cookie carries a random id of 256 bits; the
 * store keeps only its SHA-256 hash, so a copy of the database opens no session. Each session has its own
 * anti-forgery token (forms carry it as `_csrf`). A session ends when its member signs out, is disabled,
 * stays idle past the idle limit (12 h by default) or reaches the absolute limit (7 days by default):
 * readSession() checks all four on every request, with `now` as a parameter so tests move time, not wait.
 * The rows are store/sessions.ts's (opening, ending, the passkey confirmations).
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

export type Session = { member: Member; csrfToken: string; idHash: string; createdAt: number };

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
  const row = await sessionByIdHash(db, idHash);
  if (!row) return undefined;
  const { createdAt, lastSeenAt } = row;
  const expired = now - lastSeenAt > limits.idleMs || now - createdAt > limits.absoluteMs;
  if (row.disabled || expired || now < createdAt) {
    await deleteSessionByIdHash(db, idHash);
    return undefined;
  }
  if (now - lastSeenAt >= TOUCH_EVERY_MS) await touchSession(db, idHash, now);
  return {
    member: row.member,
    csrfToken: row.csrfToken,
    idHash,
    createdAt,
  };
}
