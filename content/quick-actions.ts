import { typeset } from '@/lib/typography';
import { paths } from './navigation';
import type { ServiceId } from './services';

/**
 * The bar fixed at the bottom of phone screens, on every page but the quote form's: a call and a quote,
 * always one tap away (components/layout/action-bar.tsx).
 */
export const actionBar = typeset({
  /** The name of its landmark, for screen readers. */
  label: 'Appeler ou demander un devis',
  call: 'Appeler',
  quote: 'Devis gratuit',
});

/** The quote form's query parameter that chooses a service in advance: /devis/?prestation=installation. */
export const serviceParam = 'prestation';

/** The quote form with this service already chosen (a service's « Demander un devis » button). */
export function quoteHrefFor(id: ServiceId): string {
  return `${paths.quote}?${serviceParam}=${encodeURIComponent(id)}`;
}

/** A long legal page (more sections than this) opens with a table of contents. */
export const tocMinSections = 7;

export const tableOfContents = typeset({ title: 'Sommaire' });
