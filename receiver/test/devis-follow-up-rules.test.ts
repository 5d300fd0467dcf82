import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, devisTerms, formatFrenchDay } from '../src/facts';
import {
  followUpDayError,
  linkAnswers,
  linkLastDay,
  parseDay,
  paymentError,
  withdrawalPeriod,
  type LinkRecord,
} from '../src/requests/devis/follow-up';
import { type WithdrawalRules } from '../src/requests/devis/withdrawal';

/**
 * The rules after the acceptance (requests/devis/follow-up.ts), on a calendar: the period from the goods'
 * receipt moved past a Saturday, a Sunday or a holiday (L. 221-19), the right lost by the work fully done at
 * the client's request (L. 221-28, 1°) and only then, the days the inbox accepts, the payments off premises
 * (L. 221-10), and how long a client's link answers.
 */

const DAYS = devisTerms.withdrawalDays;
const services: WithdrawalRules['withdrawal'] = { applies: true, runsFrom: 'conclusion', days: DAYS };
const goods: WithdrawalRules['withdrawal'] = { applies: true, runsFrom: 'goods-receipt', days: DAYS };
const none: WithdrawalRules['withdrawal'] = { applies: false, reason: 'premises' };

/** 10 h in Paris on that day (winter: UTC+1). */
const paris = (day: string, time = '10:00') => new Date(`${day}T${time}:00+01:00`);

describe('the withdrawal period after the acceptance', () => {
  const acceptedAt = paris('2026-11-20');

  test('goods: open with no last day until their receipt is recorded, a year later still', () => {
    assert.deepEqual(withdrawalPeriod(goods, { acceptedAt, earlyStart: false }, paris('2027-11-20')), {
      state: 'open',
    });
  });

  test('goods received on Saturday 5 December 2026: the 14th day is a Saturday, the period runs to Monday 21', () => {
    const facts = { acceptedAt, earlyStart: false, goodsReceivedDay: '2026-12-05' };
    assert.equal(addDays('2026-12-05', DAYS), '2026-12-19', 'a Saturday');
    assert.deepEqual(withdrawalPeriod(goods, facts, paris('2026-12-21', '23:59')), {
      state: 'open',
      lastDay: '2026-12-21',
    });
    assert.deepEqual(withdrawalPeriod(goods, facts, paris('2026-12-22', '00:00')), {
      state: 'ended',
      lastDay: '2026-12-21',
    });
  });

  test('goods received on Friday 11 December 2026: the 14th day is Christmas, then a weekend: Monday 28', () => {
    const facts = { acceptedAt, earlyStart: true, goodsReceivedDay: '2026-12-11' };
    assert.deepEqual(withdrawalPeriod(goods, facts, paris('2026-12-28', '23:59')), {
      state: 'open',
      lastDay: '2026-12-28',
    });
    assert.equal(withdrawalPeriod(goods, facts, paris('2026-12-29', '00:00')).state, 'ended');
    // Goods: the work fully done does not end the right (L. 221-28, 1° is about services).
    assert.deepEqual(withdrawalPeriod(goods, { ...facts, workCompletedDay: '2026-12-14' }, paris('2026-12-15')), {
      state: 'open',
      lastDay: '2026-12-28',
    });
  });

  test('services: the work fully done ends the right only when the client asked for the early start', () => {
    // Accepted Friday 20 November: the 14th day is Friday 4 December.
    const asked = { acceptedAt, earlyStart: true, workCompletedDay: '2026-11-27' };
    assert.deepEqual(withdrawalPeriod(services, asked, paris('2026-11-27', '18:00')), {
      state: 'lost',
      lastDay: '2026-12-04',
      completedDay: '2026-11-27',
    });
    const notAsked = { ...asked, earlyStart: false };
    assert.deepEqual(withdrawalPeriod(services, notAsked, paris('2026-11-27', '18:00')), {
      state: 'open',
      lastDay: '2026-12-04',
    });
    // Done after the period: it ended on its own.
    assert.deepEqual(withdrawalPeriod(services, { ...asked, workCompletedDay: '2026-12-07' }, paris('2026-12-07')), {
      state: 'ended',
      lastDay: '2026-12-04',
    });
    assert.deepEqual(withdrawalPeriod(none, asked, paris('2026-11-21')), { state: 'none' });
  });
});

describe('the days the inbox accepts', () => {
  test('a real day, typed as a date field sends it or as the French write it', () => {
    assert.equal(parseDay('2026-12-03'), '2026-12-03');
    assert.equal(parseDay(' 3/12/2026 '), '2026-12-03');
    for (const wrong of ['', '2026-02-30', '31/11/2026', 'demain', '2026-12-3', "'; DROP TABLE devis;--", '<b>1</b>']) {
      assert.equal(parseDay(wrong), undefined, wrong);
    }
  });

  test('not before the acceptance’s Paris day, not after today’s, both included', () => {
    // Accepted at 0 h 30 in Paris on 20 November (still the 19th in UTC).
    const acceptedAt = new Date('2026-11-19T23:30:00Z');
    const now = paris('2026-11-24');
    assert.equal(followUpDayError('2026-11-20', acceptedAt, now), undefined);
    assert.equal(followUpDayError('2026-11-24', acceptedAt, now), undefined);
    assert.match(
      followUpDayError('2026-11-19', acceptedAt, now) ?? '',
      /précéder l’acceptation du devis, le 20\u00a0novembre/,
    );
    assert.match(followUpDayError('2026-11-25', acceptedAt, now) ?? '', /postérieure à aujourd’hui/);
    assert.match(followUpDayError(undefined, acceptedAt, now) ?? '', /Saisissez une date/);
  });
});

describe('payments', () => {
  // Concluded off premises on Friday 20 November: the seven days are the 21st to the 27th.
  const acceptedAt = paris('2026-11-20');
  const base = { rule: 'wait' as const, acceptedAt, amountCents: 15000, paidCents: 0, totalCents: 44275 };
  const firstDay = addDays('2026-11-20', devisTerms.offPremisesPaymentDelayDays + 1);

  test('off premises: nothing before the day after the seven days, and the message quotes that day', () => {
    assert.equal(firstDay, '2026-11-28');
    const refused = paymentError({ ...base, day: '2026-11-27' }) ?? '';
    assert.ok(refused.includes(`avant le ${formatFrenchDay(firstDay)}`), refused);
    assert.match(refused, /L\. 221-10/);
    assert.equal(paymentError({ ...base, day: firstDay }), undefined);
    // Elsewhere, or for an urgent repair asked for at home: at once.
    assert.equal(paymentError({ ...base, rule: 'free', day: '2026-11-20' }), undefined);
    assert.equal(paymentError({ ...base, rule: 'urgent', day: '2026-11-20' }), undefined);
  });

  test('an amount above zero, never above the balance due', () => {
    const day = firstDay;
    for (const amountCents of [0, -100, 1.5, Number.NaN, 100_000_001]) {
      assert.match(paymentError({ ...base, day, amountCents }) ?? '', /Saisissez le montant/, String(amountCents));
    }
    assert.equal(paymentError({ ...base, day, amountCents: 44275 }), undefined);
    assert.match(paymentError({ ...base, day, amountCents: 44276 }) ?? '', /dépasse le reste dû, 442,75\u00a0€/);
    assert.match(paymentError({ ...base, day, amountCents: 30000, paidCents: 15000 }) ?? '', /292,75\u00a0€/);
  });
});

describe('how long a link answers', () => {
  const validUntil = '2026-12-20';
  const link: LinkRecord = { status: 'vu', replaced: false, validUntil, rule: services };
  const extra = devisTerms.linkExtraDays;

  test('not accepted (awaiting, expired, refused, replaced): its last valid day plus the extra days', () => {
    const last = addDays(validUntil, extra);
    for (const record of [
      link,
      { ...link, status: 'expire' as const },
      { ...link, status: 'refuse' as const },
      { ...link, status: 'accepte' as const, replaced: true },
    ]) {
      assert.equal(linkLastDay(record), last);
      assert.equal(linkAnswers(record, paris(last, '23:59')), true);
      assert.equal(linkAnswers(record, paris(addDays(last, 1), '00:00')), false);
    }
  });

  test('accepted: the withdrawal period’s last day; goods not received: no end; no right: the extra days', () => {
    const after = { acceptedAt: paris('2026-11-20'), earlyStart: false };
    assert.equal(linkLastDay({ ...link, status: 'accepte', after }), '2026-12-04');
    assert.equal(linkLastDay({ ...link, status: 'accepte', rule: goods, after }), undefined);
    assert.equal(linkAnswers({ ...link, status: 'accepte', rule: goods, after }, paris('2036-01-01')), true);
    assert.equal(
      linkLastDay({ ...link, status: 'accepte', rule: goods, after: { ...after, goodsReceivedDay: '2026-12-11' } }),
      '2026-12-28',
    );
    assert.equal(linkLastDay({ ...link, status: 'accepte', rule: none, after }), addDays('2026-11-20', extra));
    // The work fully done ends the right, not the link: it lasts to the period's end, to say so.
    const lost = { ...after, earlyStart: true, workCompletedDay: '2026-11-23' };
    assert.equal(linkLastDay({ ...link, status: 'accepte', after: lost }), '2026-12-04');
  });

  test('withdrawn: the withdrawal’s day plus the extra days', () => {
    const withdrawn: LinkRecord = {
      ...link,
      status: 'retracte',
      after: { acceptedAt: paris('2026-11-20'), earlyStart: false },
      withdrawnAt: paris('2026-11-25'),
    };
    assert.equal(linkLastDay(withdrawn), addDays('2026-11-25', extra));
  });
});
