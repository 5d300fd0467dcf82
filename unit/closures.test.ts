import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { responseWorkingDays } from '@/content/commitments';
import { site } from '@/content/site';
import {
  callBackDay,
  callBackNoticeFrom,
  callBackSentenceOn,
  CLOSURE_NOTICE_DAYS_BEFORE,
  closureDays,
  closuresShownOn,
  weekdayAndDay,
  workingDayRule,
  type Closure,
} from '@/lib/closures';
import { NBSP } from '@/lib/characters';
import { isPublicHoliday } from '@/lib/holidays';

/** The site's working days: its opening hours (Monday to Friday today) and the public holidays. */
const isWorkingDay = workingDayRule(site.openingHours, isPublicHoliday);

const august: Closure = { from: '2027-08-02', to: '2027-08-20', message: 'Congés d’été.' };

describe('which closures show on a day', () => {
  test('the premises: a notice from 30 days before, a call-back within one working day, Monday to Friday', () => {
    // If content/ changes these, the days below must be worked out again.
    assert.equal(CLOSURE_NOTICE_DAYS_BEFORE, 30);
    assert.equal(responseWorkingDays, 1);
    assert.deepEqual(['2027-08-02', '2027-08-06', '2027-08-07', '2027-08-08'].map(isWorkingDay), [
      true,
      true,
      false,
      false,
    ]);
  });

  test('from 30 days before its first day to its last day, both included', () => {
    const bridge: Closure = { from: '2027-05-07', to: '2027-05-07', message: 'Pont de l’Ascension.' };
    const both = [bridge, august];
    assert.deepEqual(closuresShownOn(both, '2027-04-06'), []);
    assert.deepEqual(closuresShownOn(both, '2027-04-07'), [bridge]);
    assert.deepEqual(closuresShownOn(both, '2027-05-07'), [bridge]);
    assert.deepEqual(closuresShownOn(both, '2027-05-08'), []);
    assert.deepEqual(closuresShownOn(both, '2027-07-03'), [august]);
    assert.deepEqual(closuresShownOn(both, '2027-07-02'), []);
    assert.deepEqual(closuresShownOn(both, '2027-08-20'), [august]);
    assert.deepEqual(closuresShownOn(both, '2027-08-21'), []);
  });
});

describe('the call-back day after a closure', () => {
  test('the Monday after a closure that ends on a Friday', () => {
    // Closed Monday 2 to Friday 20 August 2027: called back from Monday 23.
    assert.equal(callBackDay(august, [august], isWorkingDay), '2027-08-23');
  });

  test('a weekend and a public holiday after the closure are skipped', () => {
    // Closed Monday 10 to Friday 14 May 2027; Monday 17 is Whit Monday: Tuesday 18.
    const may: Closure = { from: '2027-05-10', to: '2027-05-14', message: '' };
    assert.equal(callBackDay(may, [may], isWorkingDay), '2027-05-18');
  });

  test('a closure across a year end, before New Year’s Day and a weekend', () => {
    // Closed Monday 27 to Thursday 31 December 2027; 1 January 2028 is a Saturday: Monday 3 January.
    const yearEnd: Closure = { from: '2027-12-27', to: '2027-12-31', message: '' };
    assert.equal(callBackDay(yearEnd, [yearEnd], isWorkingDay), '2028-01-03');
  });

  test('a closure across a month end, followed by another one', () => {
    // Closed Wednesday 28 July to Tuesday 3 August 2027, then Wednesday 4 to Friday 6: Monday 9 August.
    const first: Closure = { from: '2027-07-28', to: '2027-08-03', message: '' };
    const second: Closure = { from: '2027-08-04', to: '2027-08-06', message: '' };
    assert.equal(callBackDay(first, [first, second], isWorkingDay), '2027-08-09');
  });

  test('the form speaks of it from the last working day before it', () => {
    // Monday 2 August 2027: from Friday 30 July, a call-back within a working day would fall in it.
    assert.equal(callBackNoticeFrom(august, [august], isWorkingDay, 1), '2027-07-30');
    // Two working days: from Thursday 29.
    assert.equal(callBackNoticeFrom(august, [august], isWorkingDay, 2), '2027-07-29');
    // Closed Tuesday 3 to Friday 6 November 2026: Monday 2, then back over the weekend to Friday 30 October.
    const november: Closure = { from: '2026-11-03', to: '2026-11-06', message: '' };
    assert.equal(callBackNoticeFrom(november, [november], isWorkingDay, 1), '2026-11-02');
    // Closed Monday 16 November: Wednesday 11 is a holiday, Friday 13 is the day.
    const bridge: Closure = { from: '2026-11-16', to: '2026-11-16', message: '' };
    assert.equal(callBackNoticeFrom(bridge, [bridge], isWorkingDay, 1), '2026-11-13');
  });
});

describe('the closures’ words', () => {
  const days = (text: string) => text.replaceAll(NBSP, ' ');

  test('the days of a closure, in French', () => {
    assert.equal(days(closureDays(august)), 'du 2 au 20 août 2027');
    assert.equal(days(closureDays({ ...august, from: '2027-07-28' })), 'du 28 juillet au 20 août 2027');
    assert.equal(
      days(closureDays({ ...august, from: '2027-12-27', to: '2028-01-01' })),
      'du 27 décembre 2027 au 1er janvier 2028',
    );
    assert.equal(days(closureDays({ ...august, from: '2027-05-07', to: '2027-05-07' })), 'le 7 mai 2027');
    assert.equal(days(closureDays(august, false)), 'du 2 au 20 août');
    assert.equal(
      days(closureDays({ ...august, from: '2027-12-27', to: '2028-01-03' }, false)),
      'du 27 décembre au 3 janvier',
    );
    assert.equal(days(weekdayAndDay('2027-08-23')), 'lundi 23 août');
  });

  test('the quote form’s sentence: before the closure, during it, and none out of its time', () => {
    const callBacks = [
      { from: '2027-07-30', closedFrom: '2027-08-02', to: '2027-08-20', before: 'avant', during: 'pendant' },
    ];
    assert.equal(callBackSentenceOn(callBacks, '2027-07-29'), null);
    assert.equal(callBackSentenceOn(callBacks, '2027-07-30'), 'avant');
    assert.equal(callBackSentenceOn(callBacks, '2027-08-01'), 'avant');
    assert.equal(callBackSentenceOn(callBacks, '2027-08-02'), 'pendant');
    assert.equal(callBackSentenceOn(callBacks, '2027-08-20'), 'pendant');
    assert.equal(callBackSentenceOn(callBacks, '2027-08-21'), null);
  });
});
