import { typeset } from '@/lib/typography';

/**
 * The client's page of a devis when its link opens nothing of the devis any more (receiver/src/client/): the
 * team withdrew the link (« Révoquer ce lien » in the inbox), or a later version replaced the one it opens;
 * and the plain-text refusals every client page (the devis's, the review's) answers with. The other sentences
 * of that page are in content/devis-client.ts.
 */
export const devisClientLinkTexts = typeset({
  revokedTitle: 'Lien retiré',
  revoked: 'Ce lien a été retiré par notre entreprise : il ne donne plus accès au devis.',
  revokedContact: 'Pour recevoir un nouveau lien vers votre devis, ou pour toute question, contactez-nous :',
  replacedTitle: 'Devis remplacé',
  replaced:
    'Ce devis a été remplacé par une nouvelle version, que nous vous avons envoyée par e-mail avec son propre lien : ouvrez ce dernier e-mail pour la lire et y répondre. Cette page ne montre plus l’ancienne version.',
  replacedContact: 'Si vous ne trouvez pas cet e-mail, contactez-nous :',
  formTooLarge:
    'Le formulaire envoyé est trop volumineux pour être lu : raccourcissez le texte saisi, puis envoyez-le de nouveau.',
  /** Too many forms posted from one address within the hour (the pages' rate limit). */
  tooManyAttempts: 'Trop de tentatives depuis cette adresse : réessayez dans une heure.',
  /** An unexpected fault of the server. */
  unexpected: 'Une erreur est survenue. Réessayez dans un instant.',
});
