import { formatFrenchDateTime, formatFrenchTime, frenchWeekday } from '../../facts';

/**
 * The inbox's dates and times, in Paris time and in French, in the site's one format (lib/format.ts): « mardi
 * 12 h », « 21 novembre 2026 à 9 h 30 ». A no-break space keeps « 12 h » and « 21 novembre » on one line.
 */

const WEEK_MS = 7 * 24 * 3_600_000;

/** « 12 h », « 9 h 30 ». */
export const formatTime = formatFrenchTime;

/** « 21 novembre 2026 à 9 h 30 ». */
export const formatDateTime = formatFrenchDateTime;

/**
 * A moment close to `now` as the team says it: « mardi 12 h » within the week around now, the full date
 * and time otherwise (so a weekday never stands for two different days).
 */
export function formatMoment(date: Date, now: Date): string {
  if (Math.abs(date.getTime() - now.getTime()) < WEEK_MS - 24 * 3_600_000) {
    return `${frenchWeekday(date)} ${formatTime(date)}`;
  }
  return formatDateTime(date);
}

/** The time left before a deadline, as a row of the list shows it. */
export function formatDue(deadline: Date, now: Date): string {
  return deadline.getTime() <= now.getTime()
    ? `en retard depuis ${formatMoment(deadline, now)}`
    : `à rappeler avant ${formatMoment(deadline, now)}`;
}
