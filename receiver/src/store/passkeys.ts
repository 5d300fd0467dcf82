import type { AuthenticatorTransportFuture, WebAuthnCredential } from '@simplewebauthn/server';
import type { InStatement } from '@libsql/client';
import { auditStatement } from './audit';
import type { Db } from './db';
import { ceremonyStatement } from './sessions';

/**
 * The team's passkeys as stored (table credentials, migration 3; names and dates, migration 9): read for a
 * sign-in and « Mes appareils », written when a passkey is added, used or removed. The ceremonies themselves
 * (WebAuthn) are inbox/passkeys.ts's.
 */

export type StoredCredential = WebAuthnCredential & { userId: number };

function toTransports(value: unknown): AuthenticatorTransportFuture[] | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value.split(',') as AuthenticatorTransportFuture[];
}

export async function credentialById(db: Db, id: string): Promise<StoredCredential | undefined> {
  const result = await db.execute({ sql: 'SELECT * FROM credentials WHERE id = ?', args: [id] });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: String(row.id),
    userId: Number(row.user_id),
    publicKey: new Uint8Array(row.public_key as ArrayBuffer),
    counter: Number(row.counter),
    transports: toTransports(row.transports),
  };
}

export async function credentialsOf(
  db: Db,
  userId: number,
): Promise<{ id: string; transports?: AuthenticatorTransportFuture[] }[]> {
  const result = await db.execute({ sql: 'SELECT id, transports FROM credentials WHERE user_id = ?', args: [userId] });
  return result.rows.map((row) => ({ id: String(row.id), transports: toTransports(row.transports) }));
}

/** A member's passkey as « Mes appareils » and `receiver:user -- list` show it. */
export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** The name a passkey gets when its device gave none (passkeys created before names were kept). */
export const UNNAMED_DEVICE = 'Appareil sans nom';

export async function passkeysOf(db: Db, userId: number): Promise<PasskeySummary[]> {
  const result = await db.execute({
    sql: 'SELECT id, name, created_at, last_used_at FROM credentials WHERE user_id = ? ORDER BY created_at, rowid',
    args: [userId],
  });
  return result.rows.map((row) => ({
    id: String(row.id),
    name: row.name === null ? UNNAMED_DEVICE : String(row.name),
    createdAt: String(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : String(row.last_used_at),
  }));
}

/** A verified new passkey, as the ceremony gives it. */
export type NewPasskey = { id: string; publicKey: Uint8Array; counter: number; transports?: string[] };

/**
 * The statements that store a new passkey and queue the e-mail announcing it to its member (its Message-ID
 * given by the caller), to run in one transaction with what the ceremony commits besides.
 */
export function newPasskeyStatements(
  credential: NewPasskey,
  userId: number,
  now: number,
  name: string,
  announcementMessageId: string,
): InStatement[] {
  const at = new Date(now).toISOString();
  return [
    {
      sql: 'INSERT INTO credentials (id, user_id, public_key, counter, transports, created_at, name) VALUES (?, ?, ?, ?, ?, ?, ?)',
      args: [
        credential.id,
        userId,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports?.join(',') ?? null,
        at,
        name,
      ],
    },
    {
      sql: `INSERT INTO outbox (member_id, kind, message_id, detail, next_attempt_at, queued_at)
            VALUES (?, 'passkey', ?, ?, ?, ?)`,
      args: [userId, announcementMessageId, name, now, at],
    },
  ];
}

/** The statement that records a passkey's new counter after a verified sign-in or confirmation. */
export function counterStatement(credentialId: string, newCounter: number, now: number): InStatement {
  return {
    sql: 'UPDATE credentials SET counter = ?, last_used_at = ? WHERE id = ?',
    args: [newCounter, new Date(now).toISOString(), credentialId],
  };
}

/** A signed-in member confirmed with a passkey: its counter, the session's confirmation, the audit row. */
export async function recordConfirmation(
  db: Db,
  counter: InStatement,
  sessionCookie: string,
  userId: number,
  now: number,
): Promise<void> {
  await db.batch(
    [counter, ceremonyStatement(sessionCookie, now), auditStatement({ userId, action: 'reauthenticated' }, now)],
    'write',
  );
}

/** A signed-in member's new device: the passkey's statements (newPasskeyStatements) and the audit row. */
export async function addPasskey(
  db: Db,
  stored: InStatement[],
  userId: number,
  name: string,
  now: number,
): Promise<void> {
  await db.batch([...stored, auditStatement({ userId, action: 'passkey_added', detail: name }, now)], 'write');
}

/** Removes one of a member's passkeys, with its audit row. */
export async function removePasskey(db: Db, passkey: PasskeySummary, userId: number, now: number): Promise<void> {
  await db.batch(
    [
      { sql: 'DELETE FROM credentials WHERE id = ? AND user_id = ?', args: [passkey.id, userId] },
      auditStatement({ userId, action: 'passkey_removed', detail: passkey.name }, now),
    ],
    'write',
  );
}
