import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { InStatement } from '@libsql/client';
import type { Db } from '../store/db';
import type { MemberRow } from './members';

/**
 * Passkeys (WebAuthn, SimpleWebAuthn 13.x) without HTTP. The relying party is the inbox's public address
 * (QUOTE_INBOX_URL): its origin is the only one accepted, its host name the RP id. User verification is
 * required (a fingerprint, a face, a PIN on the phone), resident keys preferred, so that signing in needs no
 * address (discoverable credentials). Challenges stay on the server, in memory (one process per data
 * folder), for CHALLENGE_TTL_MS and once: the browser's answer names its challenge, which is taken out of
 * the store before anything is checked.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** A bound on the memory a flood of option requests can take; past it the oldest challenges go. */
const MAX_CHALLENGES = 10_000;

export type RelyingParty = { name: string; id: string; origin: string };

export function relyingParty(inboxUrl: string, name: string): RelyingParty {
  const url = new URL(inboxUrl);
  return { name, id: url.hostname, origin: url.origin };
}

/** What a challenge was issued for: a sign-in, an enrolment link, or a signed-in member's new device. */
export type Purpose =
  { kind: 'sign_in' } | { kind: 'enrolment'; userId: number; tokenHash: string } | { kind: 'device'; userId: number };

export class Challenges {
  readonly #entries = new Map<string, { purpose: Purpose; expiresAt: number }>();

  add(challenge: string, purpose: Purpose, now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt > now && this.#entries.size < MAX_CHALLENGES) break;
      this.#entries.delete(key);
    }
    this.#entries.set(challenge, { purpose, expiresAt: now + CHALLENGE_TTL_MS });
  }

  /** The challenge's purpose, once: it is removed whether or not it is still on time. */
  take(challenge: string, now: number): Purpose | undefined {
    const entry = this.#entries.get(challenge);
    this.#entries.delete(challenge);
    return entry && entry.expiresAt > now ? entry.purpose : undefined;
  }
}

/** The challenge a browser's answer signed (from its clientDataJSON), or undefined if it names none. */
export function challengeOf(response: unknown): string | undefined {
  const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof clientData !== 'string' || clientData.length > 4096) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

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

async function credentialsOf(
  db: Db,
  userId: number,
): Promise<{ id: string; transports?: AuthenticatorTransportFuture[] }[]> {
  const result = await db.execute({ sql: 'SELECT id, transports FROM credentials WHERE user_id = ?', args: [userId] });
  return result.rows.map((row) => ({ id: String(row.id), transports: toTransports(row.transports) }));
}

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  member: MemberRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    userDisplayName: member.name,
    userID: Buffer.from(member.webauthnUserId, 'base64url'),
    attestationType: 'none',
    // A second passkey on the same authenticator would be of no use.
    excludeCredentials: await credentialsOf(db, member.id),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
}

/** Checks a new passkey; returns the statement that stores it, or undefined if it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
  userId: number,
  now: number,
): Promise<InStatement | undefined> {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!result.verified) return undefined;
  const { credential } = result.registrationInfo;
  return {
    sql: 'INSERT INTO credentials (id, user_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [
      credential.id,
      userId,
      Buffer.from(credential.publicKey),
      credential.counter,
      credential.transports?.join(',') ?? null,
      new Date(now).toISOString(),
    ],
  };
}

export async function authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  // No allowCredentials: the phone offers its passkeys for this site, so the page asks for no address.
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
}

/**
 * Checks a sign-in against the stored passkey (signature, origin, RP id, user verification, and the
 * counter, which must grow when the authenticator keeps one: a cloned authenticator shows there).
 * Returns the statement that records the new counter, or undefined if it does not verify.
 */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  credential: StoredCredential,
  now: number,
): Promise<InStatement | undefined> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!result.verified || !result.authenticationInfo) return undefined;
  return {
    sql: 'UPDATE credentials SET counter = ?, last_used_at = ? WHERE id = ?',
    args: [result.authenticationInfo.newCounter, new Date(now).toISOString(), credential.id],
  };
}
