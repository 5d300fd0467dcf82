import { typeset } from '@/lib/typography';

/**
 * The mails a client receives about a devis (receiver/src/delivery/: devis-mails.ts, the devis sent;
 * devis-reminder-client-mail.ts, the team's reminder; devis-client-mails.ts, the code, the acceptance and the
 * acknowledgments of a refusal and of a withdrawal): every sentence written for them. A sentence that names
 * the devis, a day or an amount is a function of them; so is one that cites the company's phone, which the
 * owner edits (the receiver passes the one published when it writes the mail). The code page's words and the recap of what a code
 * confirms are in content/devis-answers.ts; the withdrawal's in content/devis.ts.
 */
export const devisClientMailTexts = {
  /** The lines that name the devis in the mails, as a table (label, value). */
  lines: {
    devis: 'Devis',
    /** `version`: shown when there is more than one, or always on an answer's mail. */
    number: (number: string, version?: number) =>
      typeset(`n° ${number}${version === undefined ? '' : `, version ${version}`}`),
    amount: 'Montant',
    ttc: (amount: string) => typeset(`${amount} TTC`),
    validUntil: 'Valable jusqu’au',
    validUntilIncluded: (day: string) => typeset(`${day} inclus`),
    /** A moment of the client's answer, as the mails date it. */
    parisTime: (dateTime: string) => typeset(`${dateTime} (heure de Paris)`),
    acceptedOn: 'Accepté le',
    signerName: 'Nom saisi',
    earlyStart: 'Début avant la fin du délai de rétractation',
    earlyStartAsked: 'demandé',
    earlyStartNotAsked: 'non demandé',
    fingerprint: 'Empreinte numérique du devis (permet de vérifier qu’il n’a pas été modifié)',
    withdrawnOn: 'Rétractation reçue le',
  },
  /** The client's link, in the mails that carry it. */
  link: {
    open: typeset('Pour le lire, l’accepter ou le refuser en ligne, ouvrez ce lien :'),
    personal: typeset('Ce lien vous est personnel : ne le transmettez qu’aux personnes qui décident avec vous.'),
  },
  questions: (phone: string) => typeset(`Pour toute question, répondez à ce message ou appelez-nous au ${phone}.`),
  /** Why the client receives the team's mails (the devis, the reminder). */
  fromTeam: typeset('Ce message vous est envoyé par notre équipe, à la suite de votre demande de devis.'),
  /** Why the client receives the mails of their own answer. */
  fromAnswer: typeset(
    'Ce message vous est envoyé automatiquement à la suite de votre réponse sur la page de votre devis.',
  ),
  /** The devis sent (devis_sent); a later version says which one it replaces. */
  sent: {
    title: (number: string, version: number) =>
      typeset(
        `Votre devis n° ${number}${version > 1 ? ` (version ${version}, remplace la version ${version - 1})` : ''}`,
      ),
    first: (number: string) =>
      typeset(`Voici notre devis n° ${number}, à la suite de votre demande. Il est joint à ce message en PDF.`),
    replaces: (number: string, version: number) =>
      typeset(
        `Voici la version ${version} de notre devis n° ${number} : elle remplace la version ${version - 1}, qui n’est plus valable.`,
      ),
  },
  /** The reminder a member sends (devis_reminder_client): `named` is the number, and its version if not the first. */
  reminder: {
    title: (number: string) => typeset(`Rappel : votre devis n° ${number}`),
    intro: (named: string, day: string) =>
      typeset(
        `Nous nous permettons de vous rappeler notre devis n° ${named}, envoyé à la suite de votre demande. Il reste valable jusqu’au ${day} inclus.`,
      ),
    questions: (phone: string) =>
      typeset(
        `Une question, un point à revoir ? Répondez simplement à ce message ou appelez-nous au ${phone} : nous serons heureux d’en parler avec vous.`,
      ),
  },
  /** The code that confirms an acceptance (devis_code). */
  code: {
    title: (number: string) => typeset(`Votre code pour accepter le devis n° ${number}`),
    code: (code: string) =>
      typeset(`Voici le code à saisir sur la page de votre devis pour confirmer son acceptation : ${code}`),
    /** `duration`: « 15 minutes », from the code's rules. */
    validity: (duration: string) =>
      typeset(`Il est valable ${duration}. Ne le communiquez à personne : il vaut signature du devis.`),
    notYou: (phone: string) =>
      typeset(
        `Si vous n’avez pas demandé ce code, ou si ces choix ne sont pas les vôtres, ignorez ce message : le devis n’est pas accepté. Pour toute question, appelez-nous au ${phone}.`,
      ),
  },
  /** The accepted devis, with its proof (devis_accepted_client). */
  accepted: {
    title: (number: string) => typeset(`Votre devis n° ${number} est accepté`),
    thanks: typeset(
      'Merci de votre confiance. Vous trouverez ci-joints le devis accepté et la preuve de son acceptation (chaque étape, son heure et l’empreinte du document) : conservez-les.',
    ),
    /** The withdrawal's last day, when the period runs from the acceptance. */
    withdrawUntil: (day: string) => typeset(`Vous pouvez vous rétracter jusqu’au ${day} inclus.`),
  },
  /** The acknowledgment of a withdrawal online (devis_withdrawn_client); its sentences: content/devis.ts. */
  withdrawn: {
    title: (number: string) => typeset(`Accusé de réception de votre rétractation (devis n° ${number})`),
  },
};
