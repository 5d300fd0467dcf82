import type { Paragraph } from '@/content/legal/types';
import { legalUi } from '@/content/legal-ui';
import { FrenchDate } from './french-date';
import { RichText } from './rich-text';

type LastUpdatedProps = {
  /** The text's own date (ISO). */
  date: string;
  /** The words before the date (« En vigueur depuis le »); « Dernière mise à jour : » without them. */
  label?: string;
  /** A line under it (the CGV link to their versions). */
  footnote?: Paragraph;
};

/**
 * The text's own date, once: « Dernière mise à jour : 26 novembre 2026 », or a dated text's own line
 * (« En vigueur depuis le 1er décembre 2026 »). Never the build's date: a rebuild changes no text.
 */
export function LastUpdated({ date, label, footnote }: LastUpdatedProps) {
  return (
    <div className="mt-10 space-y-2 border-t border-brand-100 pt-6 text-sm text-ink-muted">
      <p>
        {label ?? legalUi.lastUpdated} <FrenchDate iso={date} />
      </p>
      {footnote ? (
        <p>
          <RichText parts={footnote} />
        </p>
      ) : null}
    </div>
  );
}
