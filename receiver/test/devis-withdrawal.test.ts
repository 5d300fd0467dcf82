import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withdrawalTexts } from '../src/facts';
import type { ContractWay } from '../src/requests/devis/types';
import {
  paymentAllowed,
  paymentAllowedFromDay,
  withdrawalEndsAt,
  withdrawalLastDay,
  withdrawalRules,
  type ClientStanding,
} from '../src/requests/devis/withdrawal';
import { terms } from '@/content/legal-facts';

/**
 * The withdrawal rules (requests/devis/withdrawal.ts) on every combination of how the contract is made, who
 * the client is, the urgent case and goods in the lines: 3 × 5 × 2 × 2 = 60 rows, each written out below
 * with the article that decides it, then the dates worked by hand on a calendar.
 */

const CLIENTS: Record<string, ClientStanding> = {
  // A consumer (article liminaire).
  C: { kind: 'consumer' },
  // L. 221-3: a professional off premises, outside their main activity, with five employees or fewer.
  PS: { kind: 'professional', employees: terms.smallBusinessMaxEmployees, withinMainActivity: false },
  // The same, but the contract is within their main activity: no extension.
  PM: { kind: 'professional', employees: 2, withinMainActivity: true },
  // Outside their main activity, but six employees: no extension.
  PL: { kind: 'professional', employees: terms.smallBusinessMaxEmployees + 1, withinMainActivity: false },
  // A non-professional (a syndicat de copropriétaires): the chapter protects consumers, L. 221-3 extends it to
  // professionals only.
  N: { kind: 'nonProfessional' },
};

/**
 * way client urgent goods | withdrawal (none:<reason> or the start) early-start payment.
 * - At a distance (L. 221-18): the right for a consumer, from the conclusion, or from the goods' receipt when
 *   the lines have goods; none for urgent work at home they asked for (L. 221-28, 8°); L. 221-3 does not
 *   reach a professional at a distance. L. 221-10 is off premises only: payment free.
 * - Off premises: the same right, for the consumer and the professional under L. 221-3; payment waits seven
 *   days (L. 221-10) except for urgent work asked for (L. 221-10, 4°).
 * - On our premises: the chapter gives no withdrawal to anyone, and L. 221-10 does not apply.
 */
const TABLE = `
distance           C  no  no  | conclusion     early free
distance           C  no  yes | goods-receipt  early free
distance           C  yes no  | none:urgent    -     free
distance           C  yes yes | none:urgent    -     free
distance           PS no  no  | none:professional - free
distance           PS no  yes | none:professional - free
distance           PS yes no  | none:professional - free
distance           PS yes yes | none:professional - free
distance           PM no  no  | none:professional - free
distance           PM no  yes | none:professional - free
distance           PM yes no  | none:professional - free
distance           PM yes yes | none:professional - free
distance           PL no  no  | none:professional - free
distance           N  no  no  | none:nonProfessional - free
distance           PL no  yes | none:professional - free
distance           N  no  yes | none:nonProfessional - free
distance           PL yes no  | none:professional - free
distance           N  yes no  | none:nonProfessional - free
distance           PL yes yes | none:professional - free
distance           N  yes yes | none:nonProfessional - free
hors-etablissement C  no  no  | conclusion     early wait
hors-etablissement C  no  yes | goods-receipt  early wait
hors-etablissement C  yes no  | none:urgent    -     urgent
hors-etablissement C  yes yes | none:urgent    -     urgent
hors-etablissement PS no  no  | conclusion     early wait
hors-etablissement PS no  yes | goods-receipt  early wait
hors-etablissement PS yes no  | none:urgent    -     urgent
hors-etablissement PS yes yes | none:urgent    -     urgent
hors-etablissement PM no  no  | none:professional - free
hors-etablissement PM no  yes | none:professional - free
hors-etablissement PM yes no  | none:professional - free
hors-etablissement PM yes yes | none:professional - free
hors-etablissement PL no  no  | none:professional - free
hors-etablissement N  no  no  | none:nonProfessional - free
hors-etablissement PL no  yes | none:professional - free
hors-etablissement N  no  yes | none:nonProfessional - free
hors-etablissement PL yes no  | none:professional - free
hors-etablissement N  yes no  | none:nonProfessional - free
hors-etablissement PL yes yes | none:professional - free
hors-etablissement N  yes yes | none:nonProfessional - free
etablissement      C  no  no  | none:premises  -     free
etablissement      C  no  yes | none:premises  -     free
etablissement      C  yes no  | none:premises  -     free
etablissement      C  yes yes | none:premises  -     free
etablissement      PS no  no  | none:premises  -     free
etablissement      PS no  yes | none:premises  -     free
etablissement      PS yes no  | none:premises  -     free
etablissement      PS yes yes | none:premises  -     free
etablissement      PM no  no  | none:premises  -     free
etablissement      PM no  yes | none:premises  -     free
etablissement      PM yes no  | none:premises  -     free
etablissement      PM yes yes | none:premises  -     free
etablissement      PL no  no  | none:premises  -     free
etablissement      N  no  no  | none:premises - free
etablissement      PL no  yes | none:premises  -     free
etablissement      N  no  yes | none:premises - free
etablissement      PL yes no  | none:premises  -     free
etablissement      N  yes no  | none:premises - free
etablissement      PL yes yes | none:premises  -     free
etablissement      N  yes yes | none:premises - free
`;

const rows = TABLE.trim()
  .split('\n')
  .map((text) => {
    const [way = '', client = '', urgent = '', goods = '', , start = '', early = '', payment = ''] = text
      .replace('|', ' | ')
      .split(/\s+/);
    return {
      text,
      way: way as ContractWay,
      client,
      urgent: urgent === 'yes',
      goods: goods === 'yes',
      start,
      early,
      payment,
    };
  });

describe('every combination', () => {
  test('the table covers each way × client × urgent × goods once', () => {
    const keys = new Set(rows.map((row) => `${row.way} ${row.client} ${row.urgent} ${row.goods}`));
    assert.equal(keys.size, 3 * 5 * 2 * 2);
    assert.equal(rows.length, keys.size);
  });

  for (const row of rows) {
    test(row.text.replace(/\s+/g, ' '), () => {
      const lines = row.goods
        ? [{ kind: 'service' as const }, { kind: 'goods' as const }]
        : [{ kind: 'service' as const }];
      const client = CLIENTS[row.client];
      assert.ok(client);
      const rules = withdrawalRules({ way: row.way, client, urgent: row.urgent, lines });
      if (row.start.startsWith('none:')) {
        const reason = row.start.slice('none:'.length);
        assert.deepEqual(rules.withdrawal, { applies: false, reason });
        assert.equal(rules.modelForm, false);
        assert.equal(rules.earlyStartBox, undefined);
        const expected = {
          premises: withdrawalTexts.noneAtPremises,
          professional: withdrawalTexts.noneProfessional,
          nonProfessional: withdrawalTexts.noneNonProfessional,
          urgent: withdrawalTexts.noneUrgent,
        }[reason];
        assert.equal(rules.texts[0], expected);
        assert.ok(!rules.texts.includes(withdrawalTexts.earlyStartCost));
        assert.equal(rules.withoutEarlyStart, undefined);
      } else {
        assert.deepEqual(rules.withdrawal, { applies: true, runsFrom: row.start, days: terms.withdrawalDays });
        assert.equal(rules.modelForm, true);
        assert.equal(
          rules.texts[0],
          row.start === 'conclusion' ? withdrawalTexts.rightFromConclusion : withdrawalTexts.rightFromGoodsReceipt,
        );
        assert.ok(rules.texts.includes(withdrawalTexts.how));
        assert.equal(rules.earlyStartBox, withdrawalTexts.earlyStartBox);
        // What an early start followed by a withdrawal costs, on the devis itself (L. 221-25, L. 221-28 1°).
        assert.ok(rules.texts.includes(withdrawalTexts.earlyStartCost));
        // With goods the period runs from their fitting: the wait is counted from the conclusion instead.
        const withoutEarlyStart = row.goods ? withdrawalTexts.noEarlyStartGoods : withdrawalTexts.noEarlyStart;
        assert.equal(rules.withoutEarlyStart, withoutEarlyStart);
        assert.ok(rules.texts.includes(withoutEarlyStart));
        assert.ok(!rules.texts.includes(row.goods ? withdrawalTexts.noEarlyStart : withdrawalTexts.noEarlyStartGoods));
      }
      assert.equal(rules.earlyStartRequest, row.early === 'early');
      assert.equal(rules.payment, row.payment);
      assert.equal(rules.texts.includes(withdrawalTexts.paymentWait), row.payment === 'wait');
      assert.equal(rules.texts.includes(withdrawalTexts.paymentUrgent), row.payment === 'urgent');
    });
  }

  test('the texts name their articles', () => {
    const { texts } = withdrawalRules({ way: 'hors-etablissement', client: CLIENTS.C!, urgent: false, lines: [] });
    assert.match(texts.join(' '), /L\. 221-18/);
    assert.match(texts.join(' '), /L\. 221-19/);
    assert.match(texts.join(' '), /L\. 221-21/);
    assert.match(texts.join(' '), /L\. 221-10 du Code/);
    assert.match(withdrawalTexts.earlyStartBox, /L\. 221-25.*L\. 221-28, 1°/s);
    assert.match(withdrawalTexts.noneUrgent, /L\. 221-28, 8°/);
    assert.match(withdrawalTexts.earlyStartCost, /montant proportionnel.*L\. 221-25.*L\. 221-28, 1°/s);
    assert.match(withdrawalTexts.noneNonProfessional, /^Le droit de rétractation est réservé aux consommateurs/);
    // The goods' text counts the wait from the conclusion, never « before the end of the period ».
    assert.doesNotMatch(withdrawalTexts.noEarlyStartGoods, /fin du délai/);
    assert.match(withdrawalTexts.noEarlyStartGoods, /à compter de sa conclusion/);
    // Neutral words: a devis may be for advice as well as for works.
    for (const text of [withdrawalTexts.earlyStartCost, withdrawalTexts.earlyStartBox, withdrawalTexts.noEarlyStart])
      assert.doesNotMatch(text, /travaux/);
    assert.match(withdrawalTexts.paymentUrgent, /L\. 221-10, 4°/);
    assert.match(withdrawalTexts.rightFromConclusion, new RegExp(`${terms.withdrawalDays}\u00a0jours`));
    assert.match(withdrawalTexts.paymentWait, new RegExp(`${terms.offPremisesPaymentDelayDays}\u00a0jours`));
  });

  test('a professional’s employee count must be a whole number to qualify', () => {
    const odd = { kind: 'professional', employees: Number.NaN, withinMainActivity: false } as const;
    const rules = withdrawalRules({ way: 'hors-etablissement', client: odd, urgent: false, lines: [] });
    assert.deepEqual(rules.withdrawal, { applies: false, reason: 'professional' });
  });
});

describe('the dates, worked on a calendar', () => {
  test('the last day to withdraw: 14 days after the event, moved past Saturdays, Sundays and holidays', () => {
    // [start day, last day, why]
    const cases: [string, string, string][] = [
      ['2026-11-02', '2026-11-16', 'Monday + 14 = Monday 16 November'],
      ['2026-11-07', '2026-11-23', 'Saturday + 14 = Saturday 21, moved to Monday 23'],
      ['2026-12-11', '2026-12-28', 'Friday + 14 = Christmas, then Saturday, Sunday: Monday 28'],
      ['2026-04-30', '2026-05-15', 'Thursday + 14 = Ascension Day 14 May 2026: Friday 15'],
      ['2026-12-20', '2027-01-04', 'Sunday + 14 = Sunday 3 January 2027: Monday 4'],
    ];
    for (const [start, last, why] of cases) assert.equal(withdrawalLastDay(start), last, why);
  });

  test('the period ends at midnight in Paris after its last day', () => {
    // Concluded Monday 2 November 2026 at 10 h Paris: last day Monday 16, ends 17 November 0 h Paris (23 h UTC).
    assert.equal(withdrawalEndsAt(new Date('2026-11-02T09:00:00Z')).toISOString(), '2026-11-16T23:00:00.000Z');
    // Concluded at 0 h 30 Paris on 3 November (23 h 30 UTC on the 2nd): the Paris day counts, the 3rd.
    assert.equal(withdrawalEndsAt(new Date('2026-11-02T23:30:00Z')).toISOString(), '2026-11-17T23:00:00.000Z');
  });

  test('off premises, payment from the day after the seven days that follow the conclusion', () => {
    const concluded = new Date('2026-11-02T09:00:00Z');
    // The 3rd to the 9th are the seven days: payment from Tuesday 10 November, Paris time.
    assert.equal(paymentAllowedFromDay(concluded), '2026-11-10');
    assert.equal(paymentAllowed('wait', concluded, new Date('2026-11-09T22:59:59Z')), false);
    assert.equal(paymentAllowed('wait', concluded, new Date('2026-11-09T23:00:00Z')), true);
    assert.equal(paymentAllowed('wait', concluded, concluded), false);
    assert.equal(paymentAllowed('urgent', concluded, concluded), true);
    assert.equal(paymentAllowed('free', concluded, concluded), true);
  });
});
