import { typeset } from '@/lib/typography';
import { services, type ServiceId } from './services';
import { cnil, phoneUse, quoteRequestRetention } from './legal-facts';
import { demoBuild, demoNotice } from './demo';
import {
  QUOTE_ACCEPTED_EXTENSIONS,
  QUOTE_FILE_FIELD,
  QUOTE_FILE_TYPES,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_MAX_FILE_LABEL,
} from './quote-settings';
import { responsePromise } from './commitments';
import { site } from './site';

/**
 * The quote request page (/devis): labels, option lists, texts and the form's timings and limits
 * (docs/specification.md, « Le formulaire de devis »). Delivery to a real endpoint is switched on in quote-delivery.ts.
 */

export * from './quote-settings';

export type QuoteOption = { value: string; label: string };

export type QuoteTextFieldName = 'firstName' | 'lastName' | 'email' | 'phone';
export type QuoteSelectFieldName = 'serviceType' | 'location';
export type QuoteFieldName = QuoteTextFieldName | QuoteSelectFieldName | 'description';

export type QuoteTextField = {
  name: QuoteTextFieldName;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
};

export type QuoteSelectField = {
  name: QuoteSelectFieldName;
  label: string;
  placeholder: string;
  options: readonly QuoteOption[];
};

/** Everything the form component shows: plain, serialisable data. Templates use {fichier} and {taille}. */
export type QuoteFormContent = {
  requiredNote: string;
  textFields: readonly QuoteTextField[];
  selectFields: readonly QuoteSelectField[];
  description: { name: 'description'; label: string; placeholder: string; rows: number };
  file: {
    name: string;
    label: string;
    hint: string;
    accept: string;
    /** Accessible name of the button that removes the chosen file. */
    removeLabel: string;
    remove: string;
  };
  submit: string;
  sending: string;
  /** Announced to screen readers while sending. */
  sendingStatus: string;
  /**
   * The success screen. `text` promises no e-mail; `textWithConfirmation` also says that a confirmation
   * e-mail is on its way, for when the receiver answers that it sends one (`confirmation: true`). A demo
   * build (content/demo.ts) adds that it is a demonstration to both.
   */
  success: { title: string; text: string; textWithConfirmation: string };
  /**
   * Once the success screen has gone, the one line kept above the cleared form until the visitor leaves the
   * page, so that a slow reader keeps the proof of sending: `withReference` when the endpoint gave the
   * request's reference ({reference}), `text` otherwise (the simulation, a third-party service).
   */
  sent: { text: string; withReference: string };
  errors: {
    send: { title: string; text: string; callUs: string };
    fileTooLarge: { title: string; text: string };
  };
  /** The anti-spam field, hidden from people and assistive technologies (sent only to a real endpoint). */
  honeypot: { name: string; label: string };
  noscript: string;
};

/** Service types: the three services (labels from services.ts), then "autre". */
export const serviceTypeOptions = typeset([
  ...services.map((service): { value: ServiceId; label: string } => ({ value: service.id, label: service.shortTitle })),
  { value: 'autre', label: 'Autre demande' },
] satisfies readonly QuoteOption[]);

/** Intervention places offered by the form (docs/specification.md). */
export const locationOptions = typeset([
  { value: 'Antibes', label: 'Antibes' },
  { value: 'Juan-les-Pins', label: 'Juan-les-Pins' },
  { value: 'Cannes', label: 'Cannes' },
  { value: 'Nice', label: 'Nice' },
  { value: 'Grasse', label: 'Grasse' },
  { value: 'Valbonne', label: 'Valbonne' },
  { value: 'Sophia Antipolis', label: 'Sophia Antipolis' },
  { value: 'autre-paca', label: 'Autre (région PACA)' },
] as const satisfies readonly QuoteOption[]);

const { validityDays } = site.quote;

/** A demo build says so on the success screen. */
const demoSentence = demoBuild ? [demoNotice.success] : [];

const fileTypeLabels = QUOTE_FILE_TYPES.map((type) => type.label);
/** "PDF, JPG, PNG, DOC ou DOCX". */
const fileTypeList = `${fileTypeLabels.slice(0, -1).join(', ')} ou ${fileTypeLabels.at(-1)}`;

export const quoteForm: QuoteFormContent = {
  /** Letter for letter as specified: three dots, not the ellipsis that typeset writes. */
  sending: 'Envoi en cours...',
  ...typeset({
    requiredNote: 'Les champs marqués d’un * sont obligatoires.',
    textFields: [
      { name: 'firstName', label: 'Prénom', type: 'text', autoComplete: 'given-name' },
      { name: 'lastName', label: 'Nom', type: 'text', autoComplete: 'family-name' },
      { name: 'email', label: 'Adresse e-mail', type: 'email', autoComplete: 'email' },
      { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
    ],
    selectFields: [
      {
        name: 'serviceType',
        label: 'Type de prestation',
        placeholder: 'Choisissez une prestation',
        options: serviceTypeOptions,
      },
      { name: 'location', label: 'Lieu d’intervention', placeholder: 'Choisissez une ville', options: locationOptions },
    ],
    description: {
      name: 'description',
      label: 'Description de votre projet',
      placeholder: 'Équipement concerné, travaux souhaités, contraintes d’accès, délais…',
      rows: 6,
    },
    file: {
      name: QUOTE_FILE_FIELD,
      label: 'Pièce jointe (facultative)',
      hint: `Plan, photo ou cahier des charges : ${fileTypeList}, ${QUOTE_MAX_FILE_LABEL} maximum.`,
      accept: QUOTE_ACCEPTED_EXTENSIONS.join(','),
      removeLabel: 'Retirer le fichier {fichier}',
      remove: 'Retirer',
    },
    submit: 'Envoyer ma demande',
    sendingStatus: 'Envoi de votre demande en cours...',
    success: {
      title: 'Demande envoyée avec succès !',
      text: [`Merci ! ${responsePromise.sentence}`, ...demoSentence].join(' '),
      textWithConfirmation: [
        `Merci ! ${responsePromise.sentence}`,
        'Un e-mail de confirmation va vous être envoyé.',
        ...demoSentence,
      ].join(' '),
    },
    sent: {
      text: 'Votre demande a bien été envoyée.',
      withReference: 'Votre demande a bien été envoyée : sa référence est {reference}.',
    },
    errors: {
      send: {
        title: 'Votre demande n’a pas pu être envoyée.',
        text: 'Votre saisie est conservée dans le formulaire : vérifiez votre connexion et réessayez dans un instant.',
        callUs: 'Vous pouvez aussi nous appeler au',
      },
      fileTooLarge: {
        title: 'Le fichier joint est trop volumineux.',
        text: `« {fichier} » pèse {taille} : la limite est de ${QUOTE_MAX_FILE_LABEL}. Retirez-le ou choisissez un fichier plus léger, puis envoyez à nouveau votre demande.`,
      },
    },
    honeypot: { name: QUOTE_HONEYPOT_FIELD, label: 'Ne pas remplir ce champ' },
    noscript: 'L’envoi de ce formulaire nécessite JavaScript. Vous pouvez aussi demander votre devis par téléphone :',
  } satisfies Omit<QuoteFormContent, 'sending'>),
};

export const quote = typeset({
  meta: {
    title: 'Demande de devis gratuit',
    description: `Devis gratuit en ligne : maintenance, installation ou conseil technique à Antibes et en PACA. ${responsePromise.title}, devis valable ${validityDays} jours.`,
  },
  intro: {
    title: 'Demande de devis gratuit',
    text: `Décrivez votre projet en quelques lignes : nous étudions votre besoin et vous adressons un devis gratuit et sans engagement. ${responsePromise.title}.`,
  },
  form: { title: 'Votre projet' },
  promise: {
    title: 'Votre devis',
    items: [
      { title: 'Gratuit et sans engagement', text: 'Le devis ne vous engage à rien.' },
      {
        title: responsePromise.title,
        text: 'Après réception de votre demande complète, nous vous appelons et vous indiquons quand suivra votre devis.',
      },
      { title: `Valable ${validityDays} jours`, text: 'Le prix annoncé est garanti pendant cette durée.' },
    ],
  },
  phone: {
    title: 'Vous préférez nous appeler ?',
    text: 'Un conseiller prend votre demande de devis par téléphone.',
  },
  privacy: {
    title: 'Vos données personnelles',
    controller: `Les informations de ce formulaire sont destinées à ${site.name}, responsable du traitement, pour étudier votre demande et vous adresser un devis (mesures précontractuelles, article 6, paragraphe 1, b), du RGPD).`,
    required: 'Les champs marqués d’un * sont nécessaires pour établir votre devis ; la pièce jointe est facultative.',
    retention: `Vos données ne sont ni vendues ni cédées ; elles sont conservées ${quoteRequestRetention}.`,
    // Follows the retention sentence, whose subject is "Vos données": "Leur" refers to them.
    processor:
      'Leur acheminement est confié à {prestataire}, qui peut les traiter hors de l’Union européenne (voir notre politique de confidentialité).',
    selfHosted: `Votre demande est enregistrée sur notre serveur, chez notre hébergeur ${site.host.name}. Elle parvient à notre équipe par notre prestataire de messagerie électronique, qui vous adresse aussi, le cas échéant, l’e-mail de confirmation.`,
    phone: `${phoneUse.form} Nous ne vous adressons pas non plus de rappel d’entretien ni d’offre par e-mail sans votre accord.`,
    // The basis is pre-contractual (art. 6(1)(b)): no right to object, but limitation and portability.
    rights:
      'Vous pouvez accéder à vos données, les rectifier, les effacer, en limiter le traitement ou en demander la portabilité en écrivant à',
    policyLink: 'politique de confidentialité',
    policyText: `Vous pouvez aussi adresser une réclamation à la CNIL (${cnil.websiteLabel}). Pour en savoir plus, consultez notre`,
  },
});
