import { isoDay } from '@/lib/days';
import { dateOfDay, formatFrenchDate } from '@/lib/format';

type FrenchDateProps = { date: Date } | { iso: string };

/** « 21 novembre 2026 » in a <time>; the first of the month with its ordinal raised: « 1<sup>er</sup> décembre 2026 ». */
export function FrenchDate(props: FrenchDateProps) {
  const day = 'iso' in props ? dateOfDay(props.iso) : props.date;
  const text = formatFrenchDate(day);
  const ordinal = text.startsWith('1er') ? text.slice(3) : undefined;
  return (
    <time dateTime={isoDay(day)}>
      {ordinal === undefined ? (
        text
      ) : (
        <>
          1<sup>er</sup>
          {ordinal}
        </>
      )}
    </time>
  );
}
