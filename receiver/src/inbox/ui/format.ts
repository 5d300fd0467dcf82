import { formatFrenchDate, NBSP, SITE_TIME_ZONE } from '../../facts';

/**
 * The inbox's dates and times, in Paris time and in French: « mardi 12 h », « 21 novembre 2026 à 9 h 30 ».
 * A no-break space keeps « 12 h » and « 21 novembre » on one line.
 */

const WEEK_MS = 7 * 24 * 3_600_000;

function parisClock(date: Date): { weekday: string; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: SITE_TIME_ZONE,
    weekday: 'long',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { weekday: get('weekday'), hour: Number(get('hour')), minute: Number(get('minute')) };
}

/** « 12 h », « 9 h 30 ». */
export function formatTime(date: Date): string {
  const { hour, minute } = parisClock(date);
  return minute === 0 ? `${hour}${NBSP}h` : `${hour}${NBSP}h${NBSP}${String(minute).padStart(2, '0')}`;
}

/** « 21 novembre 2026 à 9 h 30 ». */
export function formatDateTime(date: Date): string {
  return `${formatFrenchDate(date)} à ${formatTime(date)}`;
}

/**
 * A moment close to `now` as the team says it: « mardi 12 h » within the week around now, the full date
 * and time otherwise (so a weekday never stands for two different days).
 */
export function formatMoment(date: Date, now: Date): string {
  if (Math.abs(date.getTime() - now.getTime()) < WEEK_MS - 24 * 3_600_000) {
    return `${parisClock(date).weekday} ${formatTime(date)}`;
  }
  return formatDateTime(date);
}

/** The time left before a deadline, as a row of the list shows it. */
export function formatDue(deadline: Date, now: Date): string {
  return deadline.getTime() <= now.getTime()
    ? `en retard depuis ${formatMoment(deadline, now)}`
    : `à rappeler avant ${formatMoment(deadline, now)}`;
}
