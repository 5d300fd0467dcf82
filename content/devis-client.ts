import { typeset } from '@/lib/typography';

/**
 * The client's page of a devis (the link `${siteUrl}${DEVIS_CLIENT_PATH}/<secret>`, served by the receiver:
 * receiver/src/client/) and its mails: every sentence a client reads there, and the limits of the
 * confirmation code. The withdrawal sentences themselves are in content/devis.ts (withdrawalTexts).
 */

/** The six-digit code that confirms an acceptance (a simple electronic signature: docs/devis.md). */
export const devisCodeRules = {
  digits: 6,
  /** A code is refused after this many minutes; a new one must be asked. */
  validMinutes: 15,
  /** Wrong tries allowed per code: after the last one, the code is dead. */
  maxAttempts: 5,
  /** Codes that may be asked for one version within an hour. */
  perHour: 5,
} as const;

/** The longest name and refusal reason a client may type. */
export const devisClientLimits = { name: 200, reason: 1000 } as const;

export const devisClientTexts = typeset({
  pageTitle: 'Votre devis',
  notFoundTitle: 'Page introuvable',
  notFound:
    'Cette adresse ne correspond à aucun devis. Vérifiez le lien reçu par e-mail, ou contactez-nous pour en recevoir un nouveau.',
  pdf: 'Télécharger le devis (PDF)',
  states: {
    awaiting: 'En attente de votre réponse',
    accepted: 'Accepté',
    refused: 'Refusé',
    expired: 'Expiré',
    withdrawn: 'Rétracté',
    replaced: 'Remplacée par la version',
  },
  awaitingIntro: 'Lisez le devis ci-dessous, puis acceptez-le ou refusez-le en bas de la page.',
  validUntil: 'Ce devis est valable jusqu’au',
  acceptedIntro:
    'Vous avez accepté ce devis. Vous avez reçu par e-mail le devis accepté et sa preuve d’acceptation : conservez-les.',
  refusedIntro: 'Vous avez refusé ce devis. Merci de nous avoir répondu.',
  expiredIntro:
    'La durée de validité de ce devis est passée : il ne peut plus être accepté. Contactez-nous pour en recevoir un nouveau.',
  withdrawnIntro: 'Vous vous êtes rétracté de ce contrat. Nous vous en avons envoyé l’accusé de réception par e-mail.',
  replacedIntro:
    'Ce devis a été modifié : la nouvelle version vous a été envoyée par e-mail, avec son propre lien. Cette version ne peut plus être acceptée ni refusée.',
  lines: {
    caption: 'Détail du devis',
    designation: 'Désignation',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire HT',
    vat: 'TVA',
    total: 'Total HT',
    totalHt: 'Total HT',
    vatOn: 'TVA à',
    totalTtc: 'Total TTC',
  },
  withdrawalTitle: 'Droit de rétractation',
  mentionsTitle: 'Informations et mentions légales',
  acceptTitle: 'Accepter le devis',
  acceptIntro:
    'Pour accepter, saisissez votre nom et cochez « Bon pour accord » : nous vous envoyons par e-mail un code à six chiffres, à saisir sur la page suivante. Votre acceptation vaut signature électronique.',
  name: 'Votre nom et prénom',
  goodForAgreement: 'Bon pour accord : j’accepte ce devis et les conditions qu’il indique.',
  sendCode: 'Recevoir mon code par e-mail',
  refuseTitle: 'Refuser le devis',
  reason: 'Motif du refus (facultatif)',
  refuse: 'Refuser le devis',
  codeTitle: 'Saisissez votre code',
  codeSent: `Nous venons d’envoyer un code à six chiffres à votre adresse e-mail. Il est valable ${devisCodeRules.validMinutes} minutes.`,
  codeLabel: 'Code à six chiffres',
  confirm: 'Confirmer mon acceptation',
  newCode: 'Recevoir un nouveau code',
  withdrawTitle: 'Vous rétracter',
  withdrawIntro: 'Vous pouvez vous rétracter de ce contrat en ligne, sans donner de motif, jusqu’au',
  withdrawGoodsIntro:
    'Vous pouvez vous rétracter de ce contrat en ligne, sans donner de motif, jusqu’au quatorzième jour après la réception du dernier bien.',
  withdrawConfirm: 'Je confirme me rétracter de ce contrat.',
  withdraw: 'Me rétracter',
  withdrawalLostBefore: 'Votre droit de rétractation a pris fin le',
  withdrawalLostAfter:
    'les travaux ont été entièrement exécutés ce jour-là, à votre demande expresse de les voir commencer avant la fin du délai de rétractation (article L. 221-28, 1°, du Code de la consommation).',
  linkExpiredTitle: 'Lien expiré',
  linkExpired:
    'Ce lien n’est plus actif : la durée pendant laquelle il donnait accès à votre devis est passée, et il ne montre plus rien du devis.',
  linkExpiredCopy:
    'Pour recevoir une copie de votre devis, et s’il a été accepté, du devis signé et de sa preuve d’acceptation, contactez-nous :',
  withdrawnDone: 'Nous avons enregistré votre rétractation et vous en avons envoyé l’accusé de réception par e-mail.',
  errors: {
    name: `Saisissez votre nom et prénom (${devisClientLimits.name} caractères au plus).`,
    agreement: 'Cochez « Bon pour accord » pour accepter le devis.',
    reason: `Le motif compte ${devisClientLimits.reason} caractères au plus.`,
    tooManyCodes:
      'Vous avez demandé trop de codes en une heure : réessayez plus tard, ou contactez-nous par téléphone.',
    wrongCode: 'Ce code n’est pas le bon. Vérifiez le dernier e-mail reçu.',
    triesLeft: 'Essais restants :',
    deadCode: `Ce code n’est plus valable (trop d’essais, ou plus de ${devisCodeRules.validMinutes} minutes écoulées) : demandez un nouveau code.`,
    noCode: 'Aucun code en cours pour ce devis : demandez-en un.',
    expiredForm: 'Le formulaire a expiré : rechargez la page et recommencez.',
    closed: 'Ce devis ne peut plus recevoir de réponse.',
    withdrawConfirm: 'Cochez la case pour confirmer votre rétractation.',
  },
});
