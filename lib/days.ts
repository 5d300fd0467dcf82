import { parisClock } from './format';

/**
 * The one days module of the site and the receiver: days are ISO strings ("2026-11-21"), days of Paris. Pure:
 * the time is passed in, never read.
 */

/** "2026-11-21" from a year, a month (1-12) and a day of the month. */
export function isoDayOf(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day of `date` in Paris, as ISO writes it (a <time dateTime>, a file name, a digest's day). */
export function isoDay(date: Date): string {
  const { year, month, day } = parisClock(date);
  return isoDayOf(year, month, day);
}

/** An ISO day plus `count` calendar days (minus, if `count` is negative). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The same instant `years` calendar years later (UTC; 29 February goes to 1 March). */
export function addYears(at: Date, years: number): Date {
  const later = new Date(at);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

/** The number of days of a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `iso` moved by `count` months (negative: back), the day kept when the month has it, else its last day:
 * a contract signed on 31 January has its échéance on 28 (or 29) February, and one signed on 29 February
 * on 28 February in the years without it.
 */
export function addMonths(iso: string, count: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + count;
  const newYear = Math.floor(index / 12);
  const newMonth = (index % 12) + 1;
  const newDay = Math.min(day, daysInMonth(newYear, newMonth));
  return isoDayOf(newYear, newMonth, newDay);
}
