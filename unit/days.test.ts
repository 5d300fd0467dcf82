import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, addMonths, addYears, daysInMonth, isoDay, isoDayOf } from '@/lib/days';

describe('days', () => {
  test('a day is that of Paris, written the ISO way', () => {
    // 23 h 30 UTC on 21 November is already the 22nd in Antibes; 22 h 30 UTC in June, too (summer time).
    assert.equal(isoDay(new Date('2026-11-21T23:30:00Z')), '2026-11-22');
    assert.equal(isoDay(new Date('2026-11-21T22:59:59Z')), '2026-11-21');
    assert.equal(isoDay(new Date('2026-06-30T22:30:00Z')), '2026-07-01');
    assert.equal(isoDay(new Date('2026-01-05T08:00:00Z')), '2026-01-05');
    assert.equal(isoDayOf(2026, 3, 9), '2026-03-09');
  });

  test('calendar days are added and taken away across months, years and changes of time', () => {
    assert.equal(addDays('2026-11-21', 14), '2026-12-05');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2028-02-28', 1), '2028-02-29');
    assert.equal(addDays('2026-03-28', 2), '2026-03-30');
    assert.equal(addDays('2026-10-24', 2), '2026-10-26');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addDays('2026-11-21', 0), '2026-11-21');
  });

  test('years are added to the instant, 29 February going to 1 March', () => {
    assert.equal(addYears(new Date('2026-11-21T10:15:00.000Z'), 10).toISOString(), '2036-11-21T10:15:00.000Z');
    assert.equal(addYears(new Date('2028-02-29T12:00:00.000Z'), 10).toISOString(), '2038-03-01T12:00:00.000Z');
    const from = new Date('2026-11-21T10:15:00.000Z');
    addYears(from, 10);
    assert.equal(from.toISOString(), '2026-11-21T10:15:00.000Z');
  });

  test('months keep the day, or the month’s last one', () => {
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
    assert.equal(addMonths('2024-02-29', 12), '2025-02-28');
    assert.equal(addMonths('2026-12-10', 1), '2027-01-10');
    assert.equal(addMonths('2026-03-15', -3), '2025-12-15');
    assert.equal(daysInMonth(2028, 2), 29);
    assert.equal(daysInMonth(2026, 4), 30);
  });
});
