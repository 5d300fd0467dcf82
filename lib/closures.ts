import { addDays } from './days';
import { dateOfDay, formatFrenchDay, frenchWeekday, SITE_TIME_ZONE } from './format';
import { daysOf, type OpeningRule, type WeekDay } from './hours';

/**
 * Exceptional closures (a week in August, a bridge day): what the site and the receiver do with them
 * (docs/contenu.md, « Fermetures exceptionnelles »). Pure: days are ISO strings ("2027-08-03"), days of
 * Paris, and today is always passed in.
 */

/** A closure: its first and last days, both included, and a short message for the visitors. */
export type Closure = { from: string; to: string; message: string };

/** The notice of a closure shows on every page from this many days before its first day to its last. */
export const CLOSURE_NOTICE_DAYS_BEFORE = 30;

/** Whether `day` falls in `closure`. */
export function isInClosure(day: string, closure: Closure): boolean {
  return closure.from <= day && day <= closure.to;
}

/** Whether `day` falls in one of `closures`. */
export function isClosureDay(day: string, closures: readonly Closure[]): boolean {
  return closures.some((closure) => isInClosure(day, closure));
}

/** The first day the notice of `closure` shows on. */
export function noticeFrom(closure: Closure): string {
  return addDays(closure.from, -CLOSURE_NOTICE_DAYS_BEFORE);
}

/** The closures whose notice shows on `day`: from CLOSURE_NOTICE_DAYS_BEFORE days before them to their end. */
export function closuresShownOn(closures: readonly Closure[], day: string): Closure[] {
  return closures.filter((closure) => noticeFrom(closure) <= day && day <= closure.to);
}

/**
 * The working days of the opening hours: a day of the week with hours (a note, « Sur rendez-vous », opens
 * none) that is not a public holiday (`isHoliday`, lib/holidays.ts), as the receiver's deadline counts them.
 */
export function workingDayRule(
  rules: readonly OpeningRule[],
  isHoliday: (day: string) => boolean,
): (day: string) => boolean {
  const open = new Set(rules.flatMap((rule) => ('opens' in rule ? daysOf(rule) : [])));
  return (day) => open.has(frenchWeekday(dateOfDay(day)) as WeekDay) && !isHoliday(day);
}

/** The first working day after `day` that no closure covers. */
export function nextOpenDay(day: string, closures: readonly Closure[], isWorkingDay: (day: string) => boolean): string {
  let next = addDays(day, 1);
  while (!isWorkingDay(next) || isClosureDay(next, closures)) next = addDays(next, 1);
  return next;
}

/** The day the company calls back after `closure`: its first working day after it (and after any closure next to it). */
export function callBackDay(
  closure: Closure,
  closures: readonly Closure[],
  isWorkingDay: (day: string) => boolean,
): string {
  return nextOpenDay(closure.to, closures, isWorkingDay);
}

/**
 * The first day the quote form speaks of `closure`: the day from which a call-back promised within
 * `workingDays` working days would fall in it (with one working day, the last working day before it).
 */
export function callBackNoticeFrom(
  closure: Closure,
  closures: readonly Closure[],
  isWorkingDay: (day: string) => boolean,
  workingDays: number,
): string {
  let day = closure.from;
  for (let left = workingDays; left > 0;) {
    day = addDays(day, -1);
    if (isWorkingDay(day) && !isClosureDay(day, closures)) left -= 1;
  }
  return day;
}

/** "21 août", "1er août": an ISO day without its year. */
export function dayAndMonth(day: string): string {
  return formatFrenchDay(day).replace(/\s\d{4}$/, '');
}

/**
 * The days of a closure in a sentence: « du 3 au 21 août 2027 », « du 28 juillet au 4 août 2027 »,
 * « du 24 décembre 2026 au 2 janvier 2027 », « le 14 mai 2027 »; without the year with `withYear` false.
 */
export function closureDays({ from, to }: Closure, withYear = true): string {
  const full = withYear ? formatFrenchDay : dayAndMonth;
  if (from === to) return `le ${full(from)}`;
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const start =
    sameYear && from.slice(5, 7) === to.slice(5, 7)
      ? dayAndMonth(from).replace(/\s\S+$/, '')
      : sameYear || !withYear
        ? dayAndMonth(from)
        : formatFrenchDay(from);
  return `du ${start} au ${full(to)}`;
}

/** « lundi 24 août »: a day with its day of the week, without its year. */
export function weekdayAndDay(day: string): string {
  return `${frenchWeekday(dateOfDay(day))} ${dayAndMonth(day)}`;
}

/**
 * The inline script after the closures' notice (components/layout/closure-notice.tsx): it hides each
 * closure outside its days (data-closure-shown-from, data-closure-until: ISO days of Paris), and the region
 * with none left, at load and every hour after, so an ended closure goes without waiting for the next
 * build. Without JavaScript, the closures the build rendered stay: their text names their dates.
 */
export function closureNoticeScript(): string {
  return `(function(){var r=document.currentScript&&document.currentScript.previousElementSibling;if(!r)return;var f=new Intl.DateTimeFormat('en-GB',{timeZone:${JSON.stringify(SITE_TIME_ZONE)},year:'numeric',month:'2-digit',day:'2-digit'});function c(){var p={};f.formatToParts(new Date()).forEach(function(x){p[x.type]=x.value});var t=p.year+'-'+p.month+'-'+p.day,n=0;r.querySelectorAll('[data-closure-until]').forEach(function(e){var h=t<e.getAttribute('data-closure-shown-from')||t>e.getAttribute('data-closure-until');e.hidden=h;if(!h)n++});r.hidden=!n}c();setInterval(c,36e5)})();`;
}

/** What the quote form says in the time of a closure: from `from` to the closure's last day (`to`). */
export type ClosureCallBack = {
  /** The first day the form speaks of it (callBackNoticeFrom). */
  from: string;
  /** The closure's first and last days. */
  closedFrom: string;
  to: string;
  /** The sentence before the closure, and during it. */
  before: string;
  during: string;
};

/** The sentence the quote form shows on `day`, or null out of every closure's time. */
export function callBackSentenceOn(callBacks: readonly ClosureCallBack[], day: string): string | null {
  const callBack = callBacks.find((one) => one.from <= day && day <= one.to);
  if (!callBack) return null;
  return day < callBack.closedFrom ? callBack.before : callBack.during;
}
