import { TZDate } from '@date-fns/tz';
import {
  addDays,
  daysOf,
  isClosureDay,
  isoDayOf,
  isPublicHoliday,
  parisClock,
  responseWorkingDays,
  site,
  SITE_TIME_ZONE,
  WEEK_DAYS,
  type Closure,
  type OpeningRule,
  type WeekDay,
} from '../facts';

/**
 * The call-back deadline, from the promise the site states (content/commitments.ts: « Nous vous rappelons
 * sous un jour ouvré après réception de votre demande complète », `site.quote.responseHours` / 24 working
 * days) and the company's opening hours (content/site.ts). Pure: every function takes its dates.
 *
 * - A working day is a day the company opens with hours (Monday to Friday today), in Europe/Paris, that
 *   is not a French public holiday of metropolitan France (lib/holidays.ts: computed for any year, Easter
 *   included, so no table runs out) nor a day of an exceptional closure (`closures`, a parameter of every
 *   function below: the callers pass the company's as published, store/site-data.ts). The opening hours
 *   (`rules`, the last parameter) are the built site's unless the caller passes the published ones.
 * - A request received during opening hours counts from its receipt; one received outside them (an evening,
 *   a weekend, a holiday) counts from the next opening.
 * - The deadline is the same time of day, `responseWorkingDays` working days later: received Tuesday at
 *   10 h 30, to call back before Wednesday 10 h 30; received Friday at 19 h, before Tuesday 9 h.
 * - The reminder falls REMINDER_WORKING_HOURS working hours (opening hours) before the deadline: Tuesday
 *   17 h 30 for the first (an hour and a half on Wednesday morning, half an hour on Tuesday), Monday 16 h for
 *   the second.
 */

/** The team is reminded of a request still « Nouvelle » this many working hours before its deadline. */
export const REMINDER_WORKING_HOURS = 2;

if (!Number.isInteger(responseWorkingDays) || responseWorkingDays < 1) {
  throw new Error(
    `the call-back deadline counts whole working days: site.quote.responseHours must be a multiple of 24 (${responseWorkingDays * 24})`,
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** A calendar day in Paris. */
type Day = { year: number; month: number; day: number };

/** Opening hours of a week day, in minutes after midnight (Paris time); undefined: closed. */
type Opening = { opens: number; closes: number };

const minutesOf = (time: string) => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

/** The week's opening hours of a site's rules (a rule with a note, « Sur rendez-vous », opens no day). */
function openingTable(rules: readonly OpeningRule[]): Map<WeekDay, Opening> {
  const table = new Map<WeekDay, Opening>();
  for (const rule of rules) {
    if (!('opens' in rule)) continue;
    for (const weekDay of daysOf(rule)) {
      table.set(weekDay, { opens: minutesOf(rule.opens), closes: minutesOf(rule.closes) });
    }
  }
  return table;
}

/** Each list of rules' table, made once: the published rules keep their identity until a file changes. */
const tables = new WeakMap<readonly OpeningRule[], Map<WeekDay, Opening>>();
function tableOf(rules: readonly OpeningRule[]): Map<WeekDay, Opening> {
  let table = tables.get(rules);
  if (!table) tables.set(rules, (table = openingTable(rules)));
  return table;
}

/** The built site's opening hours: the default of every function below. */
const BUILT_HOURS: readonly OpeningRule[] = site.openingHours;

/** Paris calendar day and time of an instant (lib/format.ts, the one reader of Paris time). */
const parisParts = parisClock;

/**
 * The instant at `ms` after midnight, Paris time, on `day` (opening hours never fall in a DST gap):
 * @date-fns/tz's TZDate turns a Paris wall-clock time into its instant, summer or winter.
 */
function parisInstant(day: Day, ms: number): Date {
  const seconds = Math.floor(ms / 1000);
  const at = new TZDate(
    day.year,
    day.month - 1,
    day.day,
    Math.floor(seconds / 3600),
    Math.floor(seconds / 60) % 60,
    seconds % 60,
    ms % 1000,
    SITE_TIME_ZONE,
  );
  return new Date(at.getTime());
}

function dayOf(date: Date): Day {
  const { year, month, day } = parisParts(date);
  return { year, month, day };
}

/** Milliseconds since Paris midnight. */
function msIntoDay(date: Date): number {
  const p = parisParts(date);
  return ((p.hour * 60 + p.minute) * 60 + p.second) * 1000 + date.getUTCMilliseconds();
}

/** "2026-11-21", as lib/days.ts writes a day. */
const keyOf = (day: Day) => isoDayOf(day.year, day.month, day.day);

/** `day` plus `count` calendar days, through lib/days.ts's addDays. */
function shiftDay(day: Day, count: number): Day {
  const key = addDays(keyOf(day), count);
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), day: Number(key.slice(8, 10)) };
}

function weekDayOf(day: Day): WeekDay {
  // getUTCDay: 0 is Sunday; WEEK_DAYS starts on Monday.
  const index = (new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7;
  return WEEK_DAYS[index] as WeekDay;
}

/** Whether a Paris day is a public holiday (lib/holidays.ts). */
export function isHoliday(day: Day): boolean {
  return isPublicHoliday(keyOf(day));
}

/** The opening hours of a Paris day, or undefined if it is not a working day. */
function openingOf(day: Day, closures: readonly Closure[], rules: readonly OpeningRule[]): Opening | undefined {
  const key = keyOf(day);
  return isPublicHoliday(key) || isClosureDay(key, closures) ? undefined : tableOf(rules).get(weekDayOf(day));
}

/** Whether the Paris day of `date` is a working day (the digest goes out on those). */
export function isWorkingDay(
  date: Date,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): boolean {
  return openingOf(dayOf(date), closures, rules) !== undefined;
}

/** `date` if the company is open then, else its next opening. */
export function nextOpening(
  date: Date,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): Date {
  const today = dayOf(date);
  const opening = openingOf(today, closures, rules);
  const time = msIntoDay(date);
  if (opening && time < opening.closes * MINUTE) {
    return time >= opening.opens * MINUTE ? date : parisInstant(today, opening.opens * MINUTE);
  }
  for (let day = shiftDay(today, 1); ; day = shiftDay(day, 1)) {
    const next = openingOf(day, closures, rules);
    if (next) return parisInstant(day, next.opens * MINUTE);
  }
}

/** The working day `count` working days after `day`. */
function addWorkingDays(day: Day, count: number, closures: readonly Closure[], rules: readonly OpeningRule[]): Day {
  let result = day;
  for (let left = count; left > 0;) {
    result = shiftDay(result, 1);
    if (openingOf(result, closures, rules)) left -= 1;
  }
  return result;
}

/** The call-back deadline of a request received at `receivedAt`. */
export function deadlineOf(
  receivedAt: Date,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): Date {
  return afterWorkingDays(receivedAt, responseWorkingDays, closures, rules);
}

/**
 * The same time of day `count` working days after `from`, counted from the next opening when `from` falls
 * outside the opening hours (the call-back deadline; a devis's reminders).
 */
export function afterWorkingDays(
  from: Date,
  count: number,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): Date {
  const start = nextOpening(from, closures, rules);
  const target = addWorkingDays(dayOf(start), count, closures, rules);
  const opening = openingOf(target, closures, rules) as Opening;
  // Same time of day, within the target day's hours (today every working day has the same hours).
  const time = Math.min(Math.max(msIntoDay(start), opening.opens * MINUTE), opening.closes * MINUTE);
  return parisInstant(target, time);
}

/**
 * How many working days there are after the Paris day of `from` up to that of `to`, included: 0 the same
 * day, 1 from a Friday to the Monday after (the figures' « jours ouvrés » between two steps).
 */
export function workingDaysBetween(
  from: Date,
  to: Date,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): number {
  const last = keyOf(dayOf(to));
  let count = 0;
  for (let day = dayOf(from); keyOf(day) < last;) {
    day = shiftDay(day, 1);
    if (openingOf(day, closures, rules)) count += 1;
  }
  return count;
}

/** `hours` working hours (hours when the company is open) before `date`. */
export function workingHoursBefore(
  date: Date,
  hours: number,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): Date {
  let left = hours * HOUR;
  let day = dayOf(date);
  let until = msIntoDay(date);
  for (;;) {
    const opening = openingOf(day, closures, rules);
    if (opening) {
      const end = Math.min(until, opening.closes * MINUTE);
      const available = end - opening.opens * MINUTE;
      if (available >= left) return parisInstant(day, end - left);
      if (available > 0) left -= available;
    }
    day = shiftDay(day, -1);
    until = DAY_MS;
  }
}

/** When the team is reminded of a request still « Nouvelle »: REMINDER_WORKING_HOURS before its deadline. */
export function reminderOf(
  deadline: Date,
  closures: readonly Closure[],
  rules: readonly OpeningRule[] = BUILT_HOURS,
): Date {
  return workingHoursBefore(deadline, REMINDER_WORKING_HOURS, closures, rules);
}

/** `time` ("08:30", Paris) on the Paris day of `date`. */
export function atParisTime(date: Date, time: string): Date {
  return parisInstant(dayOf(date), minutesOf(time) * MINUTE);
}
