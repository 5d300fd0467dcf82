import joursFeries from '@socialgouv/jours-feries';
import { isoDayOf } from './days';

/**
 * France's public holidays (metropolitan France, not Alsace-Moselle), for the receiver's call-back deadline
 * and the site's closures: computed for any year by @socialgouv/jours-feries (Easter included), so no table
 * runs out.
 */

const HOUR = 3_600_000;
const holidaysByYear = new Map<number, Set<string>>();

/** The public holidays of `year`, as ISO days ("2026-12-25"). */
function holidaysOf(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set();
    for (const date of Object.values(joursFeries(year, { alsace: false }))) {
      // The package builds local midnights (and Easter-based ones by adding 24-hour days): noon of that
      // local day reads the intended calendar day in any process time zone, across a DST change.
      const noon = new Date(date.getTime() + 12 * HOUR);
      days.add(isoDayOf(noon.getFullYear(), noon.getMonth() + 1, noon.getDate()));
    }
    holidaysByYear.set(year, days);
  }
  return days;
}

/** Whether an ISO day ("2026-12-25") is a public holiday in metropolitan France. */
export function isPublicHoliday(day: string): boolean {
  return holidaysOf(Number(day.slice(0, 4))).has(day);
}
