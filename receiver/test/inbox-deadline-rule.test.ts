import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { responseWorkingDays, site, type Closure } from '../src/facts';
import {
  afterWorkingDays,
  deadlineOf,
  isWorkingDay,
  nextOpening,
  reminderOf,
  workingDaysBetween,
} from '../src/requests/deadline';

/**
 * The call-back deadline and the reminder time, on the calendar. Every expected instant is written out in
 * UTC, worked out by hand from the promise (one working day), the opening hours (Monday to Friday, 9 h to
 * 18 h) and the calendar: Paris is UTC+1 in winter, UTC+2 in summer (from 29 March to 25 October 2026).
 */

const at = (iso: string) => new Date(iso);

/** No exceptional closure: the cases below the last block. */
const none: readonly Closure[] = [];

describe('the premises of the cases below', () => {
  test('the site promises a call back within one working day, and opens Monday to Friday from 9 h to 18 h', () => {
    // If content/ changes either, the dates below must be worked out again.
    assert.equal(responseWorkingDays, 1);
    assert.deepEqual(
      site.openingHours.filter((rule) => 'opens' in rule),
      [{ from: 'lundi', to: 'vendredi', opens: '09:00', closes: '18:00' }],
    );
  });
});

describe('the call-back deadline', () => {
  test('a request inside opening hours: the same time the next working day', () => {
    // Tuesday 24 November 2026, 10 h 30 in Paris -> Wednesday 25, 10 h 30.
    assert.deepEqual(deadlineOf(at('2026-11-24T09:30:00Z'), none), at('2026-11-25T09:30:00Z'));
    // Friday 14 h -> Monday 14 h: the weekend is not counted.
    assert.deepEqual(deadlineOf(at('2026-11-20T13:00:00Z'), none), at('2026-11-23T13:00:00Z'));
    // Opening time itself is inside (Tuesday 9 h), closing time is not (Thursday 18 h counts from Friday 9 h).
    assert.deepEqual(deadlineOf(at('2026-11-24T08:00:00Z'), none), at('2026-11-25T08:00:00Z'));
    assert.deepEqual(deadlineOf(at('2026-11-26T17:00:00Z'), none), at('2026-11-30T08:00:00Z'));
  });

  test('before opening, the same morning counts from 9 h', () => {
    // Tuesday 24 November, 7 h 15 -> counts from 9 h -> Wednesday 9 h.
    assert.deepEqual(nextOpening(at('2026-11-24T06:15:00Z'), none), at('2026-11-24T08:00:00Z'));
    assert.deepEqual(deadlineOf(at('2026-11-24T06:15:00Z'), none), at('2026-11-25T08:00:00Z'));
  });

  test('a Friday evening counts from Monday 9 h: to call back before Tuesday 9 h', () => {
    // Friday 20 November 2026, 19 h.
    assert.deepEqual(nextOpening(at('2026-11-20T18:00:00Z'), none), at('2026-11-23T08:00:00Z'));
    assert.deepEqual(deadlineOf(at('2026-11-20T18:00:00Z'), none), at('2026-11-24T08:00:00Z'));
  });

  test('a weekend counts from Monday 9 h', () => {
    // Saturday 21 November 11 h, Sunday 22 November 23 h 59.
    assert.deepEqual(deadlineOf(at('2026-11-21T10:00:00Z'), none), at('2026-11-24T08:00:00Z'));
    assert.deepEqual(deadlineOf(at('2026-11-22T22:59:00Z'), none), at('2026-11-24T08:00:00Z'));
  });

  test('Ascension (Thursday 14 May 2026) is not a working day', () => {
    assert.equal(isWorkingDay(at('2026-05-14T10:00:00Z'), none), false);
    // Wednesday 13 May, 15 h (UTC+2) -> Friday 15 May, 15 h.
    assert.deepEqual(deadlineOf(at('2026-05-13T13:00:00Z'), none), at('2026-05-15T13:00:00Z'));
    // On Ascension day itself, 10 h -> counts from Friday 9 h -> Monday 18 May, 9 h.
    assert.deepEqual(deadlineOf(at('2026-05-14T08:00:00Z'), none), at('2026-05-18T07:00:00Z'));
  });

  test('Whit Monday (25 May 2026) is not a working day', () => {
    assert.equal(isWorkingDay(at('2026-05-25T10:00:00Z'), none), false);
    // Friday 22 May, 16 h -> Tuesday 26 May, 16 h.
    assert.deepEqual(deadlineOf(at('2026-05-22T14:00:00Z'), none), at('2026-05-26T14:00:00Z'));
    // And in 2027 (Easter on 28 March): Friday 14 May 2027, 11 h -> Tuesday 18 May, 11 h.
    assert.deepEqual(deadlineOf(at('2027-05-14T09:00:00Z'), none), at('2027-05-18T09:00:00Z'));
  });

  test('24 December is a working day, 25 December is not', () => {
    assert.equal(isWorkingDay(at('2026-12-24T10:00:00Z'), none), true);
    assert.equal(isWorkingDay(at('2026-12-25T10:00:00Z'), none), false);
    // Thursday 24 December 2026, 11 h -> Friday 25 is Christmas, then the weekend -> Monday 28, 11 h.
    assert.deepEqual(deadlineOf(at('2026-12-24T10:00:00Z'), none), at('2026-12-28T10:00:00Z'));
    // 24 December after closing, 18 h 30 -> counts from Monday 28, 9 h -> Tuesday 29, 9 h.
    assert.deepEqual(deadlineOf(at('2026-12-24T17:30:00Z'), none), at('2026-12-29T08:00:00Z'));
    // On Christmas day -> the same.
    assert.deepEqual(deadlineOf(at('2026-12-25T09:00:00Z'), none), at('2026-12-29T08:00:00Z'));
  });

  test('the spring daylight-saving change (Sunday 29 March 2026) keeps the hour of the day', () => {
    // Friday 27 March, 16 h (UTC+1) -> Monday 30 March, 16 h (UTC+2).
    assert.deepEqual(deadlineOf(at('2026-03-27T15:00:00Z'), none), at('2026-03-30T14:00:00Z'));
    // Saturday 28 March, 22 h (UTC+1) -> counts from Monday 9 h (UTC+2) -> Tuesday 31 March, 9 h.
    assert.deepEqual(deadlineOf(at('2026-03-28T21:00:00Z'), none), at('2026-03-31T07:00:00Z'));
  });

  test('the autumn daylight-saving change (Sunday 25 October 2026) keeps the hour of the day', () => {
    // Friday 23 October, 16 h (UTC+2) -> Monday 26 October, 16 h (UTC+1).
    assert.deepEqual(deadlineOf(at('2026-10-23T14:00:00Z'), none), at('2026-10-26T15:00:00Z'));
    // Sunday 25 October, 2 h 30 (the hour that happens twice: the second time, UTC+1) -> Tuesday 27, 9 h.
    assert.deepEqual(deadlineOf(at('2026-10-25T01:30:00Z'), none), at('2026-10-27T08:00:00Z'));
  });
});

describe('the reminder, two working hours before the deadline', () => {
  test('within the deadline day when it has two open hours before it', () => {
    // Deadline Tuesday 26 May 2026, 16 h (UTC+2) -> 14 h.
    assert.deepEqual(reminderOf(at('2026-05-26T14:00:00Z'), none), at('2026-05-26T12:00:00Z'));
    // Deadline Monday 28 December 2026, 11 h -> 9 h, opening time.
    assert.deepEqual(reminderOf(at('2026-12-28T10:00:00Z'), none), at('2026-12-28T08:00:00Z'));
  });

  test('on the working day before otherwise, skipping weekends and holidays', () => {
    // Deadline Wednesday 25 November, 10 h 30: an hour and a half that morning, half an hour on Tuesday -> 17 h 30.
    assert.deepEqual(reminderOf(at('2026-11-25T09:30:00Z'), none), at('2026-11-24T16:30:00Z'));
    // Deadline Tuesday 29 December, 9 h -> Monday 28, 16 h.
    assert.deepEqual(reminderOf(at('2026-12-29T08:00:00Z'), none), at('2026-12-28T15:00:00Z'));
    // Deadline Tuesday 26 May 2026, 9 h 30 (UTC+2): half an hour, then Whit Monday is skipped -> Friday 22, 16 h 30.
    assert.deepEqual(reminderOf(at('2026-05-26T07:30:00Z'), none), at('2026-05-22T14:30:00Z'));
  });

  test('across a daylight-saving change', () => {
    // Deadline Monday 30 March 2026, 10 h (UTC+2): an hour that morning, an hour on Friday 27 -> 17 h (UTC+1).
    assert.deepEqual(reminderOf(at('2026-03-30T08:00:00Z'), none), at('2026-03-27T16:00:00Z'));
    // Deadline Monday 26 October 2026, 9 h 30 (UTC+1): half an hour, then Friday 23 -> 16 h 30 (UTC+2).
    assert.deepEqual(reminderOf(at('2026-10-26T08:30:00Z'), none), at('2026-10-23T14:30:00Z'));
  });
});

describe('exceptional closures', () => {
  // Closed from Monday 3 to Friday 21 August 2026 (summer time, UTC+2).
  const august: readonly Closure[] = [{ from: '2026-08-03', to: '2026-08-21', message: 'Congés d’été.' }];

  test('a closure day is not a working day; the days around it are', () => {
    assert.equal(isWorkingDay(at('2026-08-10T10:00:00Z'), august), false);
    assert.equal(isWorkingDay(at('2026-08-03T10:00:00Z'), august), false);
    assert.equal(isWorkingDay(at('2026-08-21T10:00:00Z'), august), false);
    assert.equal(isWorkingDay(at('2026-07-31T10:00:00Z'), august), true);
    assert.equal(isWorkingDay(at('2026-08-24T10:00:00Z'), august), true);
    // The same day without the closure.
    assert.equal(isWorkingDay(at('2026-08-10T10:00:00Z'), none), true);
  });

  test('a request received during the closure counts from the first opening after it', () => {
    // Wednesday 12 August, 11 h -> opens Monday 24, 9 h -> deadline Tuesday 25, 9 h.
    assert.deepEqual(nextOpening(at('2026-08-12T09:00:00Z'), august), at('2026-08-24T07:00:00Z'));
    assert.deepEqual(deadlineOf(at('2026-08-12T09:00:00Z'), august), at('2026-08-25T07:00:00Z'));
  });

  test('a request received the working day before: the closure is skipped, like a weekend', () => {
    // Friday 31 July, 10 h -> Monday 24 August, 10 h (Monday 3 August without the closure).
    assert.deepEqual(deadlineOf(at('2026-07-31T08:00:00Z'), august), at('2026-08-24T08:00:00Z'));
    assert.deepEqual(deadlineOf(at('2026-07-31T08:00:00Z'), none), at('2026-08-03T08:00:00Z'));
  });

  test('the reminder before a deadline just after the closure falls before it', () => {
    // Deadline Monday 24 August, 10 h: an hour that morning, then Friday 31 July, 17 h.
    assert.deepEqual(reminderOf(at('2026-08-24T08:00:00Z'), august), at('2026-07-31T15:00:00Z'));
  });

  test('a closure that ends the day before a public holiday: both are skipped, and the weekend', () => {
    // Closed Monday 21 to Thursday 24 December 2026, Friday 25 is Christmas, then a weekend:
    // Friday 18, 15 h -> Monday 28, 15 h.
    const christmas: readonly Closure[] = [{ from: '2026-12-21', to: '2026-12-24', message: '' }];
    assert.deepEqual(deadlineOf(at('2026-12-18T14:00:00Z'), christmas), at('2026-12-28T14:00:00Z'));
  });

  test('a closure across the year end, and the working days counted between two steps', () => {
    // Closed Monday 28 December 2026 to Friday 1 January 2027 (a holiday): Thursday 24 December, 10 h ->
    // Monday 4 January 2027, 10 h; Friday 25 is Christmas.
    const yearEnd: readonly Closure[] = [{ from: '2026-12-28', to: '2027-01-01', message: '' }];
    assert.deepEqual(deadlineOf(at('2026-12-24T09:00:00Z'), yearEnd), at('2027-01-04T09:00:00Z'));
    // From Thursday 24 December to Tuesday 5 January: Monday 4 and Tuesday 5 only; without the closure, the
    // 28th to the 31st as well.
    assert.equal(workingDaysBetween(at('2026-12-24T09:00:00Z'), at('2027-01-05T09:00:00Z'), yearEnd), 2);
    assert.equal(workingDaysBetween(at('2026-12-24T09:00:00Z'), at('2027-01-05T09:00:00Z'), none), 6);
  });

  test('a devis reminder counted in working days skips the closure too', () => {
    // Sent Thursday 30 July, 15 h; three working days later: Friday 31 July, then Monday 24 and Tuesday 25.
    assert.deepEqual(afterWorkingDays(at('2026-07-30T13:00:00Z'), 3, august), at('2026-08-25T13:00:00Z'));
  });
});
