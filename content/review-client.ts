import { typeset } from '@/lib/typography';
import { DEVIS_CLIENT_PATH } from './devis';
import { reviewRules } from './review-rules';
import { site } from './site';

/**
 * Where and in which words the client gives a review (receiver/src/client/review-routes.ts): the mail that
 * asks once after the works, the page the personal link opens, its messages, and the page that stops these
 * mails. The rules' numbers are in content/review-rules.ts; the page of the rules is paths.reviews.
 */

/**
 * The client's review page: `${siteUrl}${REVIEW_CLIENT_PATH}/<secret>`, under the devis's client path, so
 * the same nginx location serves it (no access log: the secret is in the address).
 */
export const REVIEW_CLIENT_PATH = `${DEVIS_CLIENT_PATH}/avis`;

/** The end of the address of the page that stops the review requests (`<link>/${REVIEW_OPT_OUT_PATH}`). */
export const REVIEW_OPT_OUT_PATH = 'ne-plus-recevoir';

export const reviewMailTexts = {
  title: 'Votre avis sur nos travaux',
  thanks: (subject: string | undefined, day: string) =>
    typeset(
      subject
        ? `Merci de nous avoir confié vos travaux (« ${subject} »), terminés le ${day}.`
        : `Merci de nous avoir confié vos travaux, terminés le ${day}.`,
    ),
  ask: typeset(
    `Votre avis aide d’autres clients à nous choisir. Si vous le souhaitez, donnez-le sur cette page personnelle (une note et quelques mots) : nous le publierons sur notre site, qu’il soit positif ou négatif, selon les règles affichées.`,
  ),
  linkValid: typeset(
    `Ce lien vous est personnel ; il reste valable ${reviewRules.linkValidMonths} mois et vous permet aussi de modifier ou de supprimer votre avis.`,
  ),
  rules: typeset('Nos règles de publication des avis :'),
  once: typeset('Nous ne vous le demanderons qu’une fois : sans réponse de votre part, rien d’autre ne suivra.'),
  optOut: typeset('Ne plus recevoir ce type de message :'),
  notice: typeset('Ce message vous est envoyé une seule fois, après la fin des travaux que vous nous avez confiés.'),
  /** The mail that tells the reviewer why the review was not published. */
  refusal: {
    title: 'Votre avis n’a pas été publié',
    intro: typeset('Nous avons lu votre avis avec attention ; il ne peut pas être publié, pour ce motif :'),
    change: typeset(
      'Vous pouvez le modifier avec votre lien personnel : nous le relirons. Pour toute question, répondez à ce message.',
    ),
    notice: typeset('Ce message vous est envoyé à la suite de l’avis que vous avez donné sur notre site.'),
  },
} as const;

export const reviewPageTexts = {
  title: 'Votre avis',
  intro: typeset('Votre note et votre texte seront publiés en entier sur notre site, avec le nom que vous choisissez.'),
  devis: 'Devis',
  subject: 'Objet',
  workDone: 'Travaux terminés le',
  rating: 'Votre note',
  ratingHint: typeset(`De ${reviewRules.rating.min} (très mécontent) à ${reviewRules.rating.max} (très satisfait)`),
  stars: (rating: number) => (rating > 1 ? `${rating} étoiles` : `${rating} étoile`),
  text: 'Votre avis',
  textHint: typeset(`Entre ${reviewRules.text.min} et ${reviewRules.text.max} caractères.`),
  name: 'Nom affiché sous l’avis',
  nameHint: typeset('Par exemple votre prénom et l’initiale de votre nom.'),
  consent: typeset('J’accepte que cet avis soit publié sur le site de l’entreprise, selon ses règles de publication'),
  rulesLink: 'Lire les règles de publication des avis',
  submit: 'Envoyer mon avis',
  update: 'Modifier mon avis',
  delete: 'Supprimer mon avis',
  deleteConfirm: typeset('Je veux supprimer mon avis (il disparaîtra aussi du site s’il y est publié)'),
  stored: typeset('Merci : votre avis est enregistré. Nous le relisons avant de le publier.'),
  storedOn: (day: string) => typeset(`Avis enregistré le ${day}.`),
  states: {
    waiting: 'En attente de relecture',
    published: 'Publié sur le site',
    refused: 'Non publié',
  },
  refusedBecause: (reason: string) => typeset(`Motif : ${reason}. Vous pouvez le modifier : nous le relirons.`),
  changeNote: typeset('Un avis modifié est relu à nouveau avant d’être publié.'),
  deleted: typeset('Votre avis est supprimé. Vous pouvez en donner un nouveau avec ce lien.'),
  errors: {
    rating: typeset('Choisissez une note.'),
    text: typeset(`Votre avis doit compter entre ${reviewRules.text.min} et ${reviewRules.text.max} caractères.`),
    characters: typeset('Votre texte contient des caractères invisibles ou de contrôle : retirez-les.'),
    name: typeset(`Indiquez le nom à afficher (${reviewRules.name.max} caractères au plus).`),
    consent: typeset('Cochez la case pour accepter la publication de votre avis.'),
    deleteConfirm: typeset('Cochez la case pour confirmer la suppression.'),
    expiredForm: typeset('Cette page a expiré : rechargez-la, puis recommencez.'),
  },
  expiredTitle: 'Lien expiré',
  expired: typeset(
    `Ce lien n’est plus valable : il permettait de donner un avis pendant ${reviewRules.linkValidMonths} mois après la fin des travaux.`,
  ),
  expiredContact: typeset(
    `Pour faire retirer un avis publié ou pour toute question, écrivez-nous à ${site.email} ou appelez-nous au ${site.phone}.`,
  ),
  optOutTitle: 'Ne plus recevoir de demande d’avis',
  optOutText: typeset('Confirmez : nous ne vous enverrons plus de demande d’avis à cette adresse e-mail.'),
  optOutButton: 'Ne plus recevoir ce type de message',
  optOutDone: typeset('C’est noté : vous ne recevrez plus de demande d’avis de notre part.'),
  back: 'Revenir à mon avis',
} as const;
