import type { Paragraph } from '@/content/legal/types';
import { legalUi } from '@/content/legal-ui';
import { buildDate } from '@/lib/build-info';
import { FrenchDate } from './french-date';
import { RichText } from './rich-text';

type LastUpdatedProps = {
  /** A fixed date (ISO), for a dated text such as the CGV; without it, the day the site was built. */
  date?: string;
  /** The words before the fixed date (« En vigueur depuis le »). */
  label?: string;
  /** The day the text last changed (ISO), shown under the build date. */
  version?: string;
  /** A line under it (the CGV link to their versions). */
  footnote?: Paragraph;
};

/**
 * « Dernière mise à jour : 21 novembre 2026 », the day the site was built, then « Version du texte : … », the
 * day the text last changed; or a dated text's own line (« En vigueur depuis le 1er décembre 2026 »).
 */
export function LastUpdated({ date, label, version, footnote }: LastUpdatedProps) {
  return (
    <div className="mt-10 space-y-2 border-t border-brand-100 pt-6 text-sm text-ink-muted">
      {date ? (
        <p>
          {label ?? legalUi.lastUpdated} <FrenchDate iso={date} />
        </p>
      ) : (
        <p>
          {legalUi.lastUpdated} <FrenchDate date={buildDate} />
        </p>
      )}
      {version && !date ? (
        <p>
          {legalUi.version} <FrenchDate iso={version} />
        </p>
      ) : null}
      {footnote ? (
        <p>
          <RichText parts={footnote} />
        </p>
      ) : null}
    </div>
  );
}
