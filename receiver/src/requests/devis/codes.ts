import { createHash, timingSafeEqual } from 'node:crypto';
import { devisCodeCaps, devisCodeRules } from '../../facts';

/**
 * The rules of the code that confirms a client's acceptance (docs/devis.md, « Le code et ses limites »): how
 * long a code lives, how many tries it allows, how many codes a version may be asked within an hour and over
 * its whole life, the waits between two codes, and how a typed code and a request's nonce are compared with
 * what the store kept (their salted SHA-256, never the values). No SQL: store/devis-codes.ts applies them.
 */

/** A nonce as askCode gives it: 16 random bytes, base64url (22 characters). */
export const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** What a version's codes add up to over its life: the caps and the waits read them (devisCodeCaps). */
export type CodeTally = { codes: number; wrong: number; lastAt: string | undefined };

/** A code as it is sent: `value` (drawn below 10^digits) written with its leading zeros. */
export function codeText(value: number): string {
  return String(value).padStart(devisCodeRules.digits, '0');
}

/** The bound (excluded) of a code's value: ten to the code's digits. */
export const CODE_VALUES = 10 ** devisCodeRules.digits;

/** The moment a code asked at `now` is refused (devisCodeRules.validMinutes later). */
export function codeExpiry(now: Date): Date {
  return new Date(now.getTime() + devisCodeRules.validMinutes * 60_000);
}

/** The start of the hour before `now`: the codes asked since count against devisCodeRules.perHour. */
export function hourBefore(now: Date): Date {
  return new Date(now.getTime() - 3_600_000);
}

/** Whether a code can still be typed: neither past its time nor out of tries. */
export function codeLive(code: { attempts: number; expiresAt: string }, now: Date): boolean {
  return code.attempts < devisCodeRules.maxAttempts && Date.parse(code.expiresAt) > now.getTime();
}

/** The tries a code still allows once `attempts` were counted (this one included). */
export function triesLeft(attempts: number): number {
  return devisCodeRules.maxAttempts - attempts;
}

/**
 * Whether the version's caps freeze this step: no new code once codesPerVersion were asked or
 * wrongPerVersion wrong codes typed; no code typed once wrongPerVersion wrong codes were (the last code
 * asked may still be typed). Online acceptance then waits for a new version.
 */
export function frozenBy(tally: CodeTally, step: 'ask' | 'confirm'): boolean {
  const wrongCap = tally.wrong >= devisCodeCaps.wrongPerVersion;
  return step === 'confirm' ? wrongCap : wrongCap || tally.codes >= devisCodeCaps.codesPerVersion;
}

/**
 * The minutes still to wait before the next code of the version may be asked, 0 when it may be now: the
 * wait grows with the codes already asked (devisCodeCaps.waitMinutes), from the last one asked.
 */
export function codeWait(tally: CodeTally, now: Date): number {
  if (!tally.lastAt) return 0;
  const waits = devisCodeCaps.waitMinutes;
  const wait = waits[Math.min(tally.codes, waits.length - 1)] ?? 0;
  const left = Date.parse(tally.lastAt) + wait * 60_000 - now.getTime();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** A code as the store keeps it: the SHA-256 of its salt and its value, in hex. */
export function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Whether `typed` (spaces around it ignored) is the code kept as `codeHash` with `salt`, in constant time. */
export function codeMatches(typed: string, salt: string, codeHash: string): boolean {
  const code = typed.trim();
  if (!/^\d+$/.test(code)) return false;
  const expected = Buffer.from(codeHash, 'hex');
  const given = Buffer.from(hashCode(salt, code), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A request's nonce as the store keeps it (its SHA-256 in hex, apart from the codes' hashes). */
export function nonceHash(nonce: string): string {
  return createHash('sha256').update(`devis-code-request:${nonce}`).digest('hex');
}

/** Whether `nonce` is the one kept as `storedHash` (none kept, or none given: false), in constant time. */
export function nonceMatches(storedHash: string | undefined, nonce: string | undefined): boolean {
  if (storedHash === undefined || nonce === undefined || !NONCE.test(nonce)) return false;
  return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(nonceHash(nonce), 'hex'));
}
