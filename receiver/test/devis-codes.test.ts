import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { devisCodeCaps, devisCodeRules } from '../src/facts';
import {
  CODE_VALUES,
  codeExpiry,
  codeLive,
  codeMatches,
  codeText,
  codeWait,
  frozenBy,
  hashCode,
  hourBefore,
  nonceHash,
  nonceMatches,
  NONCE,
  triesLeft,
} from '../src/requests/devis/codes';

/**
 * The rules of the acceptance's code (requests/devis/codes.ts), without a store: how a code is written, how
 * long it lives and how many tries it allows (devisCodeRules), the caps and waits of a version
 * (devisCodeCaps), and the comparisons of a typed code and of a request's nonce with what the store keeps.
 * The store's use of them (a code asked, typed, frozen) is devis-client.test.ts's.
 */

const MINUTE = 60_000;
const now = new Date('2026-11-21T10:00:00.000Z');
const minutesAfter = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);

describe('a code as it is sent', () => {
  test('has the rules’ digits, leading zeros kept, and every value below CODE_VALUES fits', () => {
    assert.equal(codeText(42), `${'0'.repeat(devisCodeRules.digits - 2)}42`);
    assert.equal(codeText(0), '0'.repeat(devisCodeRules.digits));
    assert.equal(codeText(CODE_VALUES - 1), '9'.repeat(devisCodeRules.digits));
    assert.equal(codeText(CODE_VALUES).length, devisCodeRules.digits + 1);
  });
});

describe('a code’s life', () => {
  const expiresAt = codeExpiry(now).toISOString();

  test('ends validMinutes after it was asked, to the millisecond', () => {
    const lastLive = new Date(minutesAfter(now, devisCodeRules.validMinutes).getTime() - 1);
    assert.equal(codeLive({ attempts: 0, expiresAt }, lastLive), true);
    assert.equal(codeLive({ attempts: 0, expiresAt }, minutesAfter(now, devisCodeRules.validMinutes)), false);
  });

  test('ends with its last try: maxAttempts tries in all', () => {
    assert.equal(codeLive({ attempts: devisCodeRules.maxAttempts - 1, expiresAt }, now), true);
    assert.equal(codeLive({ attempts: devisCodeRules.maxAttempts, expiresAt }, now), false);
    assert.equal(triesLeft(1), devisCodeRules.maxAttempts - 1);
    assert.equal(triesLeft(devisCodeRules.maxAttempts), 0);
  });

  test('counts against the hour before now for perHour', () => {
    assert.equal(hourBefore(now).toISOString(), '2026-11-21T09:00:00.000Z');
  });
});

describe('the caps of a version', () => {
  const tally = (codes: number, wrong: number) => ({ codes, wrong, lastAt: now.toISOString() });

  test('no new code once codesPerVersion were asked, while the last one may still be typed', () => {
    assert.equal(frozenBy(tally(devisCodeCaps.codesPerVersion - 1, 0), 'ask'), false);
    assert.equal(frozenBy(tally(devisCodeCaps.codesPerVersion, 0), 'ask'), true);
    assert.equal(frozenBy(tally(devisCodeCaps.codesPerVersion, 0), 'confirm'), false);
  });

  test('neither a new code nor a typed one once wrongPerVersion wrong codes were typed', () => {
    assert.equal(frozenBy(tally(1, devisCodeCaps.wrongPerVersion - 1), 'ask'), false);
    assert.equal(frozenBy(tally(1, devisCodeCaps.wrongPerVersion - 1), 'confirm'), false);
    assert.equal(frozenBy(tally(1, devisCodeCaps.wrongPerVersion), 'ask'), true);
    assert.equal(frozenBy(tally(1, devisCodeCaps.wrongPerVersion), 'confirm'), true);
  });
});

describe('the wait before the next code', () => {
  test('none before the first code', () => {
    assert.equal(codeWait({ codes: 0, wrong: 0, lastAt: undefined }, now), 0);
  });

  test('grows with the codes asked, counted from the last one, in whole minutes rounded up', () => {
    const waits = devisCodeCaps.waitMinutes;
    for (let codes = 1; codes < waits.length + 3; codes += 1) {
      const wait = waits[Math.min(codes, waits.length - 1)] ?? 0;
      const tally = { codes, wrong: 0, lastAt: now.toISOString() };
      assert.equal(codeWait(tally, minutesAfter(now, wait)), 0, `${codes} codes: over at ${wait} minutes`);
      if (wait > 0) {
        assert.equal(codeWait(tally, now), wait, `${codes} codes: the whole wait at once`);
        assert.equal(
          codeWait(tally, new Date(minutesAfter(now, wait).getTime() - 1)),
          1,
          `${codes} codes: a last minute`,
        );
      }
    }
  });

  test('is long enough, by the rules, that a second code can be asked at once but not a tenth', () => {
    assert.equal(codeWait({ codes: 1, wrong: 0, lastAt: now.toISOString() }, now), 0);
    assert.ok(codeWait({ codes: 9, wrong: 0, lastAt: now.toISOString() }, now) > 0);
  });
});

describe('a typed code', () => {
  const salt = 'a1b2c3';
  const kept = createHash('sha256').update(`${salt}:012345`).digest('hex');

  test('is kept as the SHA-256 of its salt and itself', () => {
    assert.equal(hashCode(salt, '012345'), kept);
  });

  test('matches only itself, spaces around it ignored, leading zeros counted', () => {
    assert.equal(codeMatches('012345', salt, kept), true);
    assert.equal(codeMatches(' 012345\n', salt, kept), true);
    assert.equal(codeMatches('12345', salt, kept), false);
    assert.equal(codeMatches('012346', salt, kept), false);
    assert.equal(codeMatches('012345', 'another salt', kept), false);
  });

  test('is refused unread when it is not digits', () => {
    assert.equal(codeMatches('', salt, hashCode(salt, '')), false);
    assert.equal(codeMatches('01 2345', salt, hashCode(salt, '01 2345')), false);
    assert.equal(codeMatches('abcdef', salt, hashCode(salt, 'abcdef')), false);
  });
});

describe('a request’s nonce', () => {
  const nonce = 'AbCdEfGhIjKlMnOpQrStUv';
  const other = 'ZyXwVuTsRqPoNmLkJiHgF_';

  test('has the shape askCode gives it', () => {
    assert.match(nonce, NONCE);
    assert.doesNotMatch(`${nonce}A`, NONCE);
    assert.doesNotMatch('AbCdEfGhIjKlMnOpQrSt+/', NONCE);
  });

  test('binds a code to the request that asked it, and to no other', () => {
    const stored = nonceHash(nonce);
    assert.equal(nonceMatches(stored, nonce), true);
    assert.equal(nonceMatches(stored, other), false);
    assert.equal(nonceMatches(stored, undefined), false);
    assert.equal(nonceMatches(undefined, nonce), false);
    assert.equal(nonceMatches(nonceHash('short'), 'short'), false, 'a nonce of another shape is refused');
  });
});
