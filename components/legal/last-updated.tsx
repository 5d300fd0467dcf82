import { legalUi } from '@/content/legal/ui';
import { buildDate, buildDateFr } from '@/lib/build-info';
import { SITE_TIME_ZONE } from '@/lib/format';

/** "2026-11-21": the build day in Paris, for the machine-readable date. */
const isoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(buildDate);

/** "Dernière mise à jour : 21 novembre 2026": the day the site was built. */
export function LastUpdated() {
  return (
    <p className="mt-10 border-t border-brand-100 pt-6 text-sm text-ink-muted">
      {legalUi.lastUpdated} <time dateTime={isoDate}>{buildDateFr}</time>
    </p>
  );
}
