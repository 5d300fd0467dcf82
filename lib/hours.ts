import { NBSP } from './characters';

/**
 * Opening hours as data, and the three ways the site writes them (one format everywhere):
 * - in a sentence: "du lundi au vendredi, de 9 h à 18 h";
 * - in tight places: "Lun.–ven. : 9 h – 18 h" (an en dash for ranges);
 * - in a table: "Du lundi au vendredi" | "9 h – 18 h", "Samedi" | "Sur rendez-vous".
 * and the schema.org form for search engines.
 */

export const WEEK_DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** One line of the week: a day or a range of days, open from `opens` to `closes` ("09:00"), or a note. */
export type OpeningRule =
  { from: WeekDay; to?: WeekDay; opens: string; closes: string } | { from: WeekDay; to?: WeekDay; note: string };

const SCHEMA_DAYS: Record<WeekDay, string> = {
  lundi: 'Monday',
  mardi: 'Tuesday',
  mercredi: 'Wednesday',
  jeudi: 'Thursday',
  vendredi: 'Friday',
  samedi: 'Saturday',
  dimanche: 'Sunday',
};

const EN_DASH = '–';
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const shortDay = (day: WeekDay) => `${day.slice(0, 3)}.`;

/** "09:00" -> "9 h", "09:30" -> "9 h 30". */
export function formatTime(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  const h = `${Number(hours)}${NBSP}h`;
  return minutes === '00' ? h : `${h}${NBSP}${minutes}`;
}

/** The days of a rule: "lundi", "du lundi au vendredi". */
export function dayRange(rule: OpeningRule): string {
  return rule.to && rule.to !== rule.from ? `du ${rule.from} au ${rule.to}` : rule.from;
}

/** "Lun.–ven.", "Sam." */
export function shortDayRange(rule: OpeningRule): string {
  const text =
    rule.to && rule.to !== rule.from ? `${shortDay(rule.from)}${EN_DASH}${shortDay(rule.to)}` : shortDay(rule.from);
  return capitalize(text);
}

/** Hours of a rule in a table or a tight place: "9 h – 18 h", or its note ("Sur rendez-vous"). */
export function hoursRange(rule: OpeningRule): string {
  return 'note' in rule ? rule.note : `${formatTime(rule.opens)} ${EN_DASH} ${formatTime(rule.closes)}`;
}

/** Rows of an hours table: "Du lundi au vendredi" | "9 h – 18 h". */
export function hoursTable(rules: readonly OpeningRule[]): { days: string; hours: string }[] {
  return rules.map((rule) => ({ days: capitalize(dayRange(rule)), hours: hoursRange(rule) }));
}

/** The regular opening hours, in tight places: "Lun.–ven. : 9 h – 18 h". */
export function shortHours(rules: readonly OpeningRule[]): string {
  return openRules(rules)
    .map((rule) => `${shortDayRange(rule)}${NBSP}: ${hoursRange(rule)}`)
    .join(', ');
}

/** The regular opening hours, in a sentence: "du lundi au vendredi, de 9 h à 18 h". */
export function hoursSentence(rules: readonly OpeningRule[]): string {
  return openRules(rules)
    .map((rule) =>
      'opens' in rule ? `${dayRange(rule)}, de ${formatTime(rule.opens)} à ${formatTime(rule.closes)}` : '',
    )
    .join(' ; ');
}

/** schema.org OpeningHoursSpecification entries (open days only). */
export function schemaOpeningHours(rules: readonly OpeningRule[]) {
  return openRules(rules).map((rule) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: daysOf(rule).map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
    opens: 'opens' in rule ? rule.opens : '',
    closes: 'closes' in rule ? rule.closes : '',
  }));
}

/** Every day a rule covers, in week order. */
export function daysOf(rule: OpeningRule): WeekDay[] {
  const start = WEEK_DAYS.indexOf(rule.from);
  const end = rule.to ? WEEK_DAYS.indexOf(rule.to) : start;
  return WEEK_DAYS.slice(start, end + 1);
}

function openRules(rules: readonly OpeningRule[]) {
  return rules.filter((rule): rule is Extract<OpeningRule, { opens: string }> => 'opens' in rule);
}

/** One day of the week as the owner enters it: open from `opens` to `closes`, or closed with a note. */
export type OpeningDay = { day: WeekDay; open: boolean; opens: string; closes: string; note: string };

/**
 * The rules of a week entered day by day, consecutive days with the same hours (or the same note) joined
 * into one range: lundi to vendredi 9 h – 18 h make « du lundi au vendredi ». A closed day reads its note,
 * or `closedNote` when it has none; the hours of a closed day are ignored.
 */
export function openingRulesOf(week: readonly OpeningDay[], closedNote: string): OpeningRule[] {
  const days = [...week].sort((a, b) => WEEK_DAYS.indexOf(a.day) - WEEK_DAYS.indexOf(b.day));
  const rules: OpeningRule[] = [];
  const sameAs = (rule: OpeningRule, day: OpeningDay) =>
    WEEK_DAYS.indexOf(rule.to ?? rule.from) === WEEK_DAYS.indexOf(day.day) - 1 &&
    (day.open
      ? 'opens' in rule && rule.opens === day.opens && rule.closes === day.closes
      : 'note' in rule && rule.note === (day.note.trim() || closedNote));
  for (const day of days) {
    const last = rules.at(-1);
    if (last && sameAs(last, day)) {
      rules[rules.length - 1] = { ...last, to: day.day };
      continue;
    }
    rules.push(
      day.open
        ? { from: day.day, opens: day.opens, closes: day.closes }
        : { from: day.day, note: day.note.trim() || closedNote },
    );
  }
  return rules;
}
