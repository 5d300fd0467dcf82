import { buildDate } from '@/lib/build-info';
import {
  callBackDay,
  callBackNoticeFrom,
  closureDays,
  dayAndMonth,
  noticeFrom,
  weekdayAndDay,
  workingDayRule,
  type Closure,
  type ClosureCallBack,
} from '@/lib/closures';
import { isoDay } from '@/lib/days';
import { fillTemplate } from '@/lib/format';
import { isPublicHoliday } from '@/lib/holidays';
import { typeset } from '@/lib/typography';
import { responseWorkingDays } from './commitments';
import { site } from './site';

/**
 * Exceptional closures on the site (docs/contenu.md, « Fermetures exceptionnelles »): the closures are
 * `site.closures`; the sentences and what the build derives from them are here.
 */

export const closureTexts = typeset({
  /** The name of the notice's region, for screen readers. */
  region: 'Fermeture exceptionnelle',
  /** The notice on every page: {jours} is « du 3 au 21 août 2027 », {message} the closure's message. */
  notice: 'Fermeture exceptionnelle {jours} : {message}',
  noticeWithoutMessage: 'Fermeture exceptionnelle {jours}.',
  /** The quote form, before the closure: {jours} « du 3 au 21 août », {rappel} « lundi 24 août ». */
  callBackBefore: 'Nous serons fermés {jours} : nous vous rappellerons à partir du {rappel}.',
  /** The quote form, during the closure: {fin} « 21 août ». */
  callBackDuring: 'Nous sommes fermés jusqu’au {fin} : nous vous rappellerons à partir du {rappel}.',
});

/**
 * A test build's closures (scripts/test-builds.sh), as JSON in SAMPLE_CLOSURES, added to the company's: the
 * browser tests need a closure in a build while the company's data keeps its real closures (none, often).
 * Never set for the site that goes online.
 */
function sampleClosures(json: string | undefined): Closure[] {
  if (!json) return [];
  const closures: unknown = JSON.parse(json);
  const isDay = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (
    !Array.isArray(closures) ||
    !closures.every((c: Closure) => isDay(c?.from) && isDay(c?.to) && c.from <= c.to && typeof c.message === 'string')
  ) {
    throw new Error(`SAMPLE_CLOSURES : « ${json} » n’est pas une liste de fermetures { from, to, message }.`);
  }
  return closures;
}

/** Every closure the build knows of. */
export const closures: readonly Closure[] = [...site.closures, ...sampleClosures(process.env.SAMPLE_CLOSURES)];

/** The working days (opening hours, public holidays), as the receiver's deadline counts them. */
const isWorkingDay = workingDayRule(site.openingHours, isPublicHoliday);

/**
 * The closures the pages render, those not over on the day of the build (an ended one has nothing to say;
 * the pages' script hides one that ends before the next build): the notice's text and days, and what the
 * quote form says in their time.
 */
export const closureNotices = closures
  .filter((closure) => closure.to >= isoDay(buildDate))
  .map((closure) => {
    const jours = closureDays(closure);
    const rappel = weekdayAndDay(callBackDay(closure, closures, isWorkingDay));
    const message = closure.message.trim();
    return {
      /** The first day the notice shows on; its last is `to`. */
      shownFrom: noticeFrom(closure),
      from: closure.from,
      to: closure.to,
      text: typeset(
        fillTemplate(message ? closureTexts.notice : closureTexts.noticeWithoutMessage, { jours, message }),
      ),
      callBack: {
        from: callBackNoticeFrom(closure, closures, isWorkingDay, responseWorkingDays),
        closedFrom: closure.from,
        to: closure.to,
        before: typeset(fillTemplate(closureTexts.callBackBefore, { jours: closureDays(closure, false), rappel })),
        during: typeset(fillTemplate(closureTexts.callBackDuring, { fin: dayAndMonth(closure.to), rappel })),
      } satisfies ClosureCallBack,
    };
  });
