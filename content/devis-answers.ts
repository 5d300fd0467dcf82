import { typeset } from '@/lib/typography';

/**
 * What keeps the client's answer safe (receiver/src/requests/devis/codes.ts; docs/devis.md, « Le code et ses
 * limites »): the caps on the codes of a version, the waits between them, and the sentences the client and
 * the team read about them: the recap of the code page, the code mail's summary, the refusal's
 * acknowledgment. The rest of the client's page is in content/devis-client.ts.
 */

/** The caps of one version over its whole life (all its codes together), and the waits between two codes. */
export const devisCodeCaps = {
  /** Codes that may be asked for one version: past this, online acceptance of the version is frozen. */
  codesPerVersion: 10,
  /** Wrong codes typed for one version, all its codes together: past this, likewise. */
  wrongPerVersion: 15,
  /**
   * The wait before the next code may be asked, in minutes, by the number of codes already asked for the
   * version (the last one repeats): two at once for a typing mistake, then longer and longer.
   */
  waitMinutes: [0, 0, 1, 2, 5, 10, 20, 30, 60, 60],
} as const;

export const devisAnswerTexts = typeset({
  recap: {
    title: 'Ce que vous allez signer',
    intro: 'Vérifiez votre saisie avant de confirmer avec le code reçu par e-mail :',
    devis: 'Devis',
    version: 'version',
    total: 'Montant',
    name: 'Nom saisi',
    capacity: 'Qualité du signataire',
    earlyStart: 'Début des travaux avant la fin du délai de rétractation',
    asked: 'demandé',
    notAsked: 'non demandé',
    boxes: 'Cases du formulaire',
    checked: 'cochée',
    unchecked: 'non cochée',
    edit: 'Modifier ma saisie',
  },
  /** The code page of a request that a newer one replaced (maybe from another browser). */
  replaced:
    'Une nouvelle demande de code a été faite depuis le lien de ce devis, peut-être depuis un autre navigateur ou un autre appareil : elle remplace la vôtre, et son code ne confirme que ce qui a été saisi avec elle. Pour accepter le devis avec votre saisie, demandez un nouveau code.',
  /** Before the wait's minutes: « … dans 5 minutes. » */
  waitBefore: 'Un code vient d’être demandé pour ce devis. Par sécurité, vous pourrez en demander un nouveau dans',
  minute: 'minute',
  minutes: 'minutes',
  /** Online acceptance frozen on the version (its caps reached); the phone number follows. */
  frozen:
    'Par sécurité, ce devis ne peut plus être accepté en ligne : trop de codes ont été demandés ou mal saisis. Nous en avons été prévenus. Pour l’accepter, appelez-nous au',
  /** The code mail: what the code will confirm, nothing else the form received. */
  codeConfirms: 'Ce code confirmera l’acceptation du devis avec les choix suivants :',
  refusedMail: {
    title: 'Votre refus du devis n°',
    intro: 'Le devis ci-dessous a été refusé sur sa page en ligne. Merci de nous avoir répondu.',
    notYou:
      'Si ce n’est pas vous qui l’avez refusé, ou si vous changez d’avis, répondez à ce message ou appelez-nous au',
    refusedOn: 'Refusé le',
  },
  cappedMail: {
    title: 'acceptation en ligne bloquée',
    body: 'Trop de codes ont été demandés ou mal saisis pour cette version du devis : elle ne peut plus être acceptée en ligne. Quelqu’un d’autre que le client détient peut-être son lien. Appelez le client ; s’il souhaite accepter, envoyez-lui une nouvelle version du devis, qui aura son propre lien.',
    codes: 'Codes demandés',
    wrong: 'Codes erronés saisis',
  },
});
