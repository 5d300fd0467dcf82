import { frenchTypography, typeset } from '@/lib/typography';
import { QUOTE_FILE_TYPES, QUOTE_MAX_FILE_LABEL } from './quote-settings';
import { site } from './site';

/**
 * What a visitor reads when the receiver refuses or fails a public form's request: French sentences the
 * form shows as they are, each saying what to do next. Every form's sentences are built by `formMessages`
 * from its own words (its fields' names, what it sends, where it is sent from); a form adds the sentences
 * of its own rules beside them. Written with plain spaces; typeset() adds the French ones.
 */

/** How a message names a field (« le prénom »), and whether the noun is feminine (agreement). */
export type FieldNoun = { name: string; feminine: boolean };

/** The words a form's messages are built from. */
export type FormWords<Field extends string> = {
  fieldNames: Record<Field, FieldNoun>;
  /** What the visitor sends, after « votre » : « demande », « résiliation ». */
  sending: string;
  /** Where the form is, after « depuis » : « le formulaire de devis du site ». */
  from: string;
};

/** Typeset, and a capital first letter (messages that start with a field name). */
function fr(text: string): string {
  return frenchTypography(text.charAt(0).toUpperCase() + text.slice(1));
}

/** The sentences every public form shares: its fields' faults and the request's as a whole. */
export function formMessages<Field extends string>(words: FormWords<Field>) {
  const names: Record<string, FieldNoun> = typeset(words.fieldNames);
  const name = (field: string) => names[field]!.name;
  const feminine = (field: string) => names[field]!.feminine;
  const again = `puis envoyez à nouveau votre ${words.sending}.`;
  /** `phone`: the company's, as published when the receiver answers (receiver/src/store/site-data.ts). */
  const callUs = (phone: string) => `appelez-nous au ${phone}.`;
  return typeset({
    required: (field: string) => fr(`${name(field)} est obligatoire : complétez ce champ, ${again}`),
    tooLong: (field: string, max: number) =>
      fr(
        `${name(field)} est trop ${feminine(field) ? 'longue' : 'long'} (${max.toLocaleString('fr-FR')} caractères au plus) : raccourcissez-${feminine(field) ? 'la' : 'le'}, ${again}`,
      ),
    lineBreak: (field: string) =>
      fr(`${name(field)} ne doit tenir que sur une ligne : retirez les retours à la ligne.`),
    controlCharacter: (field: string) =>
      fr(
        `${name(field)} contient un caractère invisible qui n’est pas accepté (souvent laissé par un copier-coller) : retapez le passage concerné, ${again}`,
      ),
    badOption: (field: string) => fr(`${name(field)} choisi n’existe pas : choisissez une valeur de la liste.`),
    duplicateField: (field: string) =>
      fr(
        `La demande contient deux fois ${field in names ? names[field]!.name : 'le même champ'} : rechargez la page, ${again}`,
      ),
    firstName: `Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union : corrigez-le, ${again}`,
    email: 'L’adresse e-mail n’est pas valide : vérifiez-la (par exemple prenom.nom@exemple.fr).',
    requestId: `La demande ne porte pas d’identifiant valide : rechargez la page, ${again}`,
    tooManyFields: `La demande contient trop de champs : rechargez la page, ${again}`,
    notMultipart: `La demande n’est pas au format attendu : envoyez-la depuis ${words.from}.`,
    malformed: 'La demande est arrivée incomplète : vérifiez votre connexion, puis envoyez-la à nouveau.',
    origin: `Cette demande ne vient pas du site ${site.name} : envoyez-la depuis ${words.from}.`,
    rateLimited: (phone: string) =>
      fr(`Trop de demandes ont été envoyées depuis votre connexion : réessayez dans une heure, ou ${callUs(phone)}`),
    server: (phone: string) =>
      fr(
        `Une erreur de notre côté a empêché l’enregistrement de votre ${words.sending} : réessayez dans un instant, ou ${callUs(phone)}`,
      ),
    notFound: `Cette adresse n’existe pas : envoyez votre demande depuis ${words.from}.`,
    method: `Cette demande n’est pas acceptée : envoyez-la depuis ${words.from}.`,
  });
}

/** The sentences of a form, as the receiver reads them. */
export type FormMessages = ReturnType<typeof formMessages> & {
  replayMismatch: string;
  bodyTooLarge: string;
};

// « Demander un devis »

const fileLabels = QUOTE_FILE_TYPES.map((type) => type.label);
/** "PDF, JPG, PNG, DOC ou DOCX". */
const fileTypeList = `${fileLabels.slice(0, -1).join(', ')} ou ${fileLabels.at(-1)}`;

export const quoteFieldNames = {
  firstName: { name: 'le prénom', feminine: false },
  lastName: { name: 'le nom', feminine: false },
  email: { name: 'l’adresse e-mail', feminine: true },
  phone: { name: 'le numéro de téléphone', feminine: false },
  serviceType: { name: 'le type de prestation', feminine: false },
  location: { name: 'le lieu d’intervention', feminine: false },
  description: { name: 'la description de votre projet', feminine: true },
};

export const quoteMessages = {
  ...formMessages({ fieldNames: quoteFieldNames, sending: 'demande', from: 'le formulaire de devis du site' }),
  ...typeset({
    replayMismatch:
      'Cette demande a déjà été envoyée avec un autre contenu : rechargez la page pour faire une nouvelle demande.',
    phone: 'Le numéro de téléphone n’est pas valide : indiquez-le avec 10 à 15 chiffres (par exemple 06 12 34 56 78).',
    fileName:
      'La pièce jointe n’a pas de nom de fichier : joignez-la à nouveau depuis le formulaire, ou envoyez votre demande sans pièce jointe.',
    fileCount:
      'Une seule pièce jointe est acceptée : gardez le fichier le plus utile, puis envoyez à nouveau votre demande.',
    fileField:
      'La pièce jointe n’est pas envoyée au bon endroit : rechargez la page, puis joignez à nouveau votre fichier.',
    fileTooLarge: `La pièce jointe dépasse ${QUOTE_MAX_FILE_LABEL} : choisissez un fichier plus léger, ou envoyez votre demande sans pièce jointe.`,
    fileEmpty: 'La pièce jointe est vide : choisissez un autre fichier, ou envoyez votre demande sans pièce jointe.',
    fileExtension: `Ce type de pièce jointe n’est pas accepté : joignez un fichier ${fileTypeList}.`,
    fileContent: (label: string) =>
      fr(
        `Le contenu de la pièce jointe ne correspond pas à un fichier ${label} : enregistrez-la à nouveau au format ${label}, ou joignez un autre fichier (${fileTypeList}).`,
      ),
    bodyTooLarge: `La demande est trop volumineuse : la pièce jointe ne doit pas dépasser ${QUOTE_MAX_FILE_LABEL}.`,
    unavailable: (phone: string) =>
      fr(
        `Le service de demande de devis est momentanément indisponible : réessayez dans un instant, ou appelez-nous au ${phone}.`,
      ),
  }),
};

// « Résilier un contrat »

export const terminationFieldNames = {
  lastName: { name: 'le nom', feminine: false },
  firstName: { name: 'le prénom', feminine: false },
  company: { name: 'la raison sociale', feminine: true },
  email: { name: 'l’adresse e-mail', feminine: true },
  contractType: { name: 'le contrat à résilier', feminine: false },
  contractReference: { name: 'la référence du contrat', feminine: true },
  contractStart: { name: 'la date de signature du contrat', feminine: true },
  desiredDate: { name: 'la date de résiliation souhaitée', feminine: true },
  reason: { name: 'le motif', feminine: false },
};

const terminationNames = typeset(terminationFieldNames);
const terminationAgain = 'puis envoyez à nouveau votre résiliation.';

export const terminationMessages = {
  ...formMessages({
    fieldNames: terminationFieldNames,
    sending: 'résiliation',
    from: 'la page « Résilier un contrat » du site',
  }),
  ...typeset({
    replayMismatch:
      'Cette résiliation a déjà été envoyée avec un autre contenu : rechargez la page pour faire une nouvelle demande.',
    date: (field: string) =>
      fr(
        `${terminationNames[field as keyof typeof terminationNames].name} n’est pas une date valide : choisissez-la dans le calendrier.`,
      ),
    contractReference: `La référence du contrat ne peut contenir que des lettres, des chiffres, des espaces et la ponctuation d’une adresse (sans « @ » ni « : ») : corrigez-la, ${terminationAgain}`,
    contractStartFuture: `La date de signature du contrat ne peut pas être dans le futur : vérifiez-la, ${terminationAgain}`,
    bodyTooLarge: `La demande est trop volumineuse : raccourcissez le motif, ${terminationAgain}`,
  }),
};
