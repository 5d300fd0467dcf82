import { typeset } from '@/lib/typography';
import { devisTerms } from './devis';

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
export const devisClientLimits = { name: 200, capacity: 100, reason: 1000 } as const;

const keepYears = devisTerms.electronicContractKeep.years;

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
  withdrawnIntro:
    'Votre rétractation de ce contrat est enregistrée. Nous vous en avons envoyé l’accusé de réception par e-mail.',
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
  /** The devis's object and terms, shown open above the answers (C. conso. L. 221-14, al. 1). */
  terms: {
    title: 'Objet et conditions',
    subject: 'Objet',
    description: 'Description',
  },
  acceptTitle: 'Accepter le devis',
  /** How the contract is concluded online (C. civ. 1127-1): its steps, its language, corrections, the archive. */
  acceptIntro: 'Le contrat est conclu en français, en trois étapes :',
  acceptSteps: [
    'vous saisissez vos nom et prénom et cochez les cases ci-dessous ;',
    'nous vous envoyons par e-mail un code de signature à six chiffres ;',
    'vous signez le devis en saisissant ce code sur la page suivante : votre acceptation vaut alors signature électronique.',
  ],
  acceptCorrect:
    'Tant que vous n’avez pas saisi le code, rien n’est signé : vous pouvez revenir à cette page pour corriger votre saisie et demander un nouveau code.',
  /** `email`: the company's, as published when the receiver serves the page. */
  acceptArchive: (email: string) =>
    typeset(
      `Le devis accepté vous est envoyé par e-mail, au format PDF. Nous l’archivons jusqu’à l’exécution des travaux, puis pendant ${keepYears} ans ; vous pouvez en obtenir une copie à tout moment en nous écrivant à ${email}.`,
    ),
  name: 'Vos nom et prénom',
  /** A professional client's signer (C. civ. 1153 ss.: who commits the business). */
  capacity: 'Qualité du signataire (par exemple : gérant, directeur technique)',
  /** The « Bon pour accord » box; {total} is the version's total TTC, {cgv} the date of the CGV that govern it. */
  goodForAgreement:
    'Bon pour accord : j’accepte ce devis, d’un montant total de {total} TTC, et les conditions générales de vente du {cgv} ; je sais que cette acceptation m’oblige à payer ce prix.',
  /** After a reduced rate's certification (content/devis.ts devisVatRates, attestation); {basis} its article. */
  vatCertification:
    'Je certifie l’exactitude de cette attestation et je sais que, si ces conditions ne sont pas remplies, je serai solidairement tenu(e) au paiement du complément de TVA ({basis}).',
  /** Off premises: the consumer's agreement to the durable medium (C. conso. L. 221-8, L. 221-9). */
  durableMedium:
    'J’accepte de recevoir les informations précontractuelles et mon exemplaire daté du contrat par e-mail, au format PDF (un support durable), plutôt que sur papier.',
  /** Urgent work at home, the withdrawal's exception (C. conso. L. 221-28, 8°). */
  urgentRequest:
    'Je demande expressément une intervention en urgence à mon domicile, limitée aux pièces et aux travaux strictement nécessaires pour répondre à l’urgence (article L. 221-28, 8°, du Code de la consommation).',
  /** The replaced parts (arrêté du 24 janvier 2017): optional. */
  keepReplacedParts:
    'Je souhaite conserver les pièces, éléments ou appareils remplacés, sauf ceux repris au titre d’une garantie ou d’un échange standard.',
  sendCode: 'Recevoir mon code de signature par e-mail',
  /** What is recorded to prove the acceptance (RGPD art. 13), under the form; the policy's link follows. */
  proofNotice: `Pour prouver votre acceptation, nous enregistrons vos nom et prénom, vos réponses aux cases ci-dessus, l’adresse e-mail à laquelle le code est envoyé, l’adresse IP et le navigateur utilisés, ainsi que la date et l’heure de chaque étape (ouverture du devis, demande et saisie du code, acceptation). Nous les conservons avec le devis accepté jusqu’à l’exécution des travaux, puis pendant ${keepYears} ans.`,
  proofNoticeLink: 'En savoir plus : politique de confidentialité',
  /** The page's footer links, on the public site; {date} is the CGV version's date. */
  footer: {
    cgv: 'Conditions générales de vente du {date}',
    privacy: 'Politique de confidentialité',
    legalNotice: 'Mentions légales',
    termination: 'Résilier un contrat',
  },
  refuseTitle: 'Refuser le devis',
  reason: 'Motif du refus (facultatif)',
  refuse: 'Refuser le devis',
  codeTitle: 'Saisissez votre code',
  codeSent: `Nous venons d’envoyer un code de signature à six chiffres à votre adresse e-mail. Il est valable ${devisCodeRules.validMinutes} minutes.`,
  codeLabel: 'Code à six chiffres',
  confirm: 'Signer le devis avec obligation de paiement',
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
    name: `Saisissez vos nom et prénom (${devisClientLimits.name} caractères au plus).`,
    capacity: `Indiquez votre qualité pour signer au nom du client, par exemple « gérant » (${devisClientLimits.capacity} caractères au plus).`,
    agreement: 'Cochez « Bon pour accord » pour accepter le devis.',
    vatCertification: 'Cochez l’attestation de TVA à taux réduit : sans elle, ce devis ne peut pas être accepté.',
    durableMedium:
      'Cochez la case pour recevoir les documents par e-mail, ou contactez-nous pour signer un exemplaire papier.',
    urgentRequest: 'Cochez la case de demande d’intervention en urgence : ce devis ne vaut que pour une urgence.',
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
