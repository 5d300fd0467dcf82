import type { Paragraph } from '@/content/legal/types';
import { legalUi } from '@/content/legal-ui';
import { buildDate } from '@/lib/build-info';
import { dateOfDay, formatFrenchDate, isoDay } from '@/lib/format';
import { RichText } from './rich-text';

type LastUpdatedProps = {
  /** A fixed date (ISO), for a dated text such as the CGV; without it, the day the site was built. */
  date?: string;
  /** A line under it (the CGV link to their versions). */
  footnote?: Paragraph;
};

/** "Dernière mise à jour : 21 novembre 2026": the text's own date, or the day the site was built. */
export function LastUpdated({ date, footnote }: LastUpdatedProps) {
  const day = date ? dateOfDay(date) : buildDate;
  return (
    <div className="mt-10 space-y-2 border-t border-brand-100 pt-6 text-sm text-ink-muted">
      <p>
        {legalUi.lastUpdated} <time dateTime={isoDay(day)}>{formatFrenchDate(day)}</time>
      </p>
      {footnote ? (
        <p>
          <RichText parts={footnote} />
        </p>
      ) : null}
    </div>
  );
}
