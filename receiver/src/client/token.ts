import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The anti-forgery token of the client's forms: signed, so no cookie is needed. It names the link it was
 * issued for (the secret's hash, never the secret) and when; a form posted to another link, or more than
 * TOKEN_MAX_AGE_MS later, is refused. The key is drawn at each start: a page left open across a restart
 * asks to be reloaded, which is all a lost token costs.
 */

export const TOKEN_MAX_AGE_MS = 2 * 3_600_000;

export type PageTokens = {
  issue(linkHash: string, now: Date): string;
  check(token: unknown, linkHash: string, now: Date): boolean;
};

export function pageTokens(key: Buffer = randomBytes(32)): PageTokens {
  const mac = (linkHash: string, issuedAt: number) =>
    createHmac('sha256', key).update(`devis-client:${linkHash}:${issuedAt}`).digest('base64url');
  return {
    issue: (linkHash, now) => `${now.getTime()}.${mac(linkHash, now.getTime())}`,
    check(token, linkHash, now) {
      if (typeof token !== 'string') return false;
      const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
      if (!match) return false;
      const issuedAt = Number(match[1]);
      const age = now.getTime() - issuedAt;
      if (age < -60_000 || age > TOKEN_MAX_AGE_MS) return false;
      const given = Buffer.from(match[2] ?? '');
      const expected = Buffer.from(mac(linkHash, issuedAt));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
