import { typeset } from '@/lib/typography';

/** Words of the shared legal-page component. */
export const legalUi = typeset({
  /** Followed by the build date: "Dernière mise à jour : 21 novembre 2026". */
  lastUpdated: 'Dernière mise à jour :',
  /** Followed by the date of the text's last change (`version` of a legal page). */
  version: 'Version du texte :',
  /** Visually hidden after the label of a link that opens a new tab. */
  newWindow: ' (nouvelle fenêtre)',
});
