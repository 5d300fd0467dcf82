import { typeset } from '@/lib/typography';

/** Words of the shared legal-page component. */
export const legalUi = typeset({
  /** Followed by the text's own date (`updated` of a legal page): "Dernière mise à jour : 26 novembre 2026". */
  lastUpdated: 'Dernière mise à jour :',
  /** Visually hidden after the label of a link that opens a new tab. */
  newWindow: ' (nouvelle fenêtre)',
});
