import { typeset } from '@/lib/typography';

/**
 * The fixed sentences of the devis's documents drawn by the receiver (receiver/src/documents/): the page of
 * proof sent with an accepted devis. The model withdrawal form is in content/withdrawal-form.ts.
 */
export const proofTexts = typeset({
  title: 'Preuve d’acceptation',
  /** Under the title: what the page is. */
  intro:
    'Ce document retrace l’acceptation en ligne du devis ci-dessous : chaque étape et son heure, et pour les étapes du client, l’adresse IP et le navigateur qui les ont faites.',
  signature:
    'Signature électronique simple (articles 1366 et 1367 du Code civil ; article 25 du règlement (UE) n° 910/2014, dit eIDAS) : le client a saisi son nom, coché « Bon pour accord » et confirmé par le code à six chiffres envoyé à son adresse e-mail.',
  hash: 'Empreinte SHA-256 du devis accepté (fichier PDF)',
  hashHelp:
    'Toute modification du fichier PDF du devis, même d’un seul caractère, change cette empreinte : elle permet de vérifier que le devis conservé est bien celui qui a été accepté.',
  signer: 'Nom saisi par le signataire',
  /** A professional client's signer. */
  capacity: 'Qualité du signataire',
  codeSentTo: 'Adresse e-mail à laquelle le code a été envoyé',
  /** The « Code envoyé » step the confirmation matched: its time, address and browser follow. */
  codeMatched: 'Code confirmé : celui envoyé le',
  earlyStart: 'Début des travaux avant la fin du délai de rétractation',
  earlyStartAnswers: { asked: 'demandé par le client', notAsked: 'non demandé' },
  boxes: 'Cases du formulaire d’acceptation, avec leurs mots exacts',
  boxAnswers: { checked: 'cochée', unchecked: 'non cochée' },
  /** Before the governing version's date: « Conditions générales de vente : version du 1er décembre 2026 ». */
  cgv: 'Conditions générales de vente : version du',
  /** Under the steps: why the company's own steps carry no address. */
  teamSteps: 'Les étapes de l’entreprise (envoi, relance) ne portent que leur heure.',
  columns: { event: 'Étape', at: 'Date et heure (heure de Paris)', address: 'Adresse IP', browser: 'Navigateur' },
});

/**
 * The PDF of a dated version of the CGV, attached to each devis and to its acceptance: the text of the version
 * (content/legal/cgv-versions/) under these lines. Templates use {date} (« 26 novembre 2026 »).
 */
export const cgvPdfTexts = typeset({
  /** The title, and the PDF's title. */
  title: 'Conditions générales de vente du {date}',
  /** Under the title. */
  intro:
    'Version du {date} de nos conditions générales de vente, jointe au devis qu’elle régit. Elle reste consultable sur {url}.',
  /** The attachment's name: cgv-<ISO date>.pdf. */
  fileName: 'cgv-{date}.pdf',
});

/** The décennale insurance attestation the owner provides, as attached to a devis whose works fall under it. */
export const decennialAttestationFile = 'attestation-assurance-decennale.pdf';
