import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { messageIdFor } from '../requests/mail-kinds';
import type { Db } from '../store/db';
import {
  counterStatement,
  credentialsOf,
  newPasskeyStatements,
  UNNAMED_DEVICE,
  type StoredCredential,
} from '../store/passkeys';
import type { MemberRow } from '../store/members';

/**
 * Passkeys (WebAuthn, SimpleWebAuthn 13.x) without HTTP. The relying party is the inbox's public address
 * (QUOTE_INBOX_URL): its origin is the only one accepted, its host name the RP id. User verification is
 * required (a fingerprint, a face, a PIN on the phone), resident keys preferred, so that signing in needs no
 * address (discoverable credentials).
 *
 * A challenge is bound to the browser that asked for it (Ceremonies below), never kept in a store that
 * strangers could fill: a flood of option requests from any number of addresses cannot push out a member's
 * pending sign-in.
 */

export const CHALLENGE_TTL_MS = 5 * 60_000;

export type RelyingParty = { name: string; id: string; origin: string };

export function relyingParty(inboxUrl: string, name: string): RelyingParty {
  const url = new URL(inboxUrl);
  return { name, id: url.hostname, origin: url.origin };
}

/** What a challenge was issued for: a sign-in, an enrolment link, or a signed-in member's new device. */
export type Purpose =
  | { kind: 'sign_in' }
  | { kind: 'enrolment'; userId: number; tokenHash: string }
  | { kind: 'device'; userId: number }
  | { kind: 'confirm'; userId: number };

export const CEREMONY_COOKIE = 'gestion_ceremonie';
export const SECURE_CEREMONY_COOKIE = '__Host-gestion_ceremonie';

/**
 * Challenges bound to the browser that asked for them. The options' answer sets a short cookie (HttpOnly,
 * SameSite=Strict, CHALLENGE_TTL_MS) holding the challenge, its purpose and its end, signed with an HMAC
 * key drawn at start (a restart only voids the ceremonies under way). The browser's answer must name the
 * challenge its own cookie holds, on time. Nothing is stored when a challenge is issued, so no number of
 * requests from strangers can evict a member's. Single use: once an answer has been verified (a valid
 * passkey signature, or a new passkey from a valid link or session), its challenge is spent, checked and
 * recorded in one synchronous step; only verified answers are recorded, so strangers cannot fill that record
 * either, and it forgets each challenge when its cookie would have expired.
 */
export class Ceremonies {
  readonly #key = randomBytes(32);
  readonly #spent = new Map<string, number>();
  readonly #cookie: { name: string; path: string; secure: boolean };

  constructor(inboxUrl: string) {
    const url = new URL(inboxUrl);
    this.#cookie =
      url.protocol === 'https:'
        ? { name: SECURE_CEREMONY_COOKIE, path: '/', secure: true }
        : { name: CEREMONY_COOKIE, path: url.pathname, secure: false };
  }

  #mac(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest();
  }

  #header(value: string, maxAgeMs: number): string {
    return [
      `${this.#cookie.name}=${value}`,
      `Path=${this.#cookie.path}`,
      `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(this.#cookie.secure ? ['Secure'] : []),
    ].join('; ');
  }

  /** The Set-Cookie header that binds a new challenge to the browser asking for it. */
  bind(challenge: string, purpose: Purpose, now: number): string {
    const payload = Buffer.from(JSON.stringify({ c: challenge, p: purpose, e: now + CHALLENGE_TTL_MS })).toString(
      'base64url',
    );
    return this.#header(`${payload}.${this.#mac(payload).toString('base64url')}`, CHALLENGE_TTL_MS);
  }

  /** The Set-Cookie header that removes the ceremony's cookie (its answer has come). */
  clear(): string {
    return this.#header('', 0);
  }

  /**
   * The purpose of the challenge an answer signed, if this browser's cookie (from its Cookie header) binds
   * that very challenge, unaltered, on time and not spent; otherwise undefined.
   */
  read(cookieHeader: string | undefined, challenge: string | undefined, now: number): Purpose | undefined {
    if (!cookieHeader || !challenge || this.#spent.has(challenge)) return undefined;
    const values = cookieHeader
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair.startsWith(`${this.#cookie.name}=`));
    const value = values.length === 1 ? values[0]!.slice(this.#cookie.name.length + 1) : '';
    const match = /^([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return undefined;
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.#mac(match[1]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const bound = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as {
      c: string;
      p: Purpose;
      e: number;
    };
    return bound.c === challenge && bound.e > now ? bound.p : undefined;
  }

  /**
   * Spends a challenge whose answer was just verified: false if it already was (the same answer replayed,
   * or two copies racing). Synchronous, so no two requests pass it with the same challenge.
   */
  spend(challenge: string, now: number): boolean {
    for (const [spent, until] of this.#spent) if (until <= now) this.#spent.delete(spent);
    if (this.#spent.has(challenge)) return false;
    this.#spent.set(challenge, now + CHALLENGE_TTL_MS);
    return true;
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

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/**
 * A device's name from the User-Agent of the browser that created the passkey: « Chrome sur Android »,
 * « Safari sur iPhone ». Only these known words are kept, never the header's text itself.
 */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  if (system && browser) return `${browser} sur ${system}`;
  return system ?? browser ?? UNNAMED_DEVICE;
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

/**
 * Checks a new passkey; returns the statements that store it and queue the e-mail announcing it to its
 * member (which device, when, what to do if it was not them: delivery/member-mails.ts), to run in one
 * transaction; undefined if it does not verify.
 */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
  userId: number,
  now: number,
  name: string,
  fromEmail: string,
): Promise<InStatement[] | undefined> {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!result.verified) return undefined;
  const { credential } = result.registrationInfo;
  // One announcement per passkey: its Message-ID is made from the passkey's id, never reused.
  const announcement = createHash('sha256').update(credential.id).digest('hex').slice(0, 24);
  return newPasskeyStatements(credential, userId, now, name, messageIdFor(`cle-${announcement}`, 'passkey', fromEmail));
}

/**
 * Sign-in options. No allowCredentials at sign-in: the phone offers its passkeys for this site, so the page
 * asks for no address. A signed-in member's confirmation names their own passkeys.
 */
export async function authenticationOptions(
  rp: RelyingParty,
  own: { id: string }[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
    ...(own.length > 0 ? { allowCredentials: own.map((passkey) => ({ id: passkey.id })) } : {}),
  });
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
  return counterStatement(credential.id, result.authenticationInfo.newCounter, now);
}
