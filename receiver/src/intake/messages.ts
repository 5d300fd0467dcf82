import { frenchTypography, QUOTE_FILE_TYPES, QUOTE_MAX_FILE_LABEL, site, typeset } from '../facts';

/**
 * What the visitor reads when the receiver refuses or fails a request: French sentences the form shows
 * as they are, each saying what to do next. Written with plain spaces; typeset() adds the French ones.
 */

const labels = QUOTE_FILE_TYPES.map((type) => type.label);
/** "PDF, JPG, PNG, DOC ou DOCX". */
const typeList = `${labels.slice(0, -1).join(', ')} ou ${labels.at(-1)}`;

/** How messages name each field ("le prénom"), and whether the noun is feminine (agreement). */
export const fieldNames = typeset({
  firstName: { name: 'le prénom', feminine: false },
  lastName: { name: 'le nom', feminine: false },
  email: { name: 'l’adresse e-mail', feminine: true },
  phone: { name: 'le numéro de téléphone', feminine: false },
  serviceType: { name: 'le type de prestation', feminine: false },
  location: { name: 'le lieu d’intervention', feminine: false },
  description: { name: 'la description de votre projet', feminine: true },
});

export type FieldName = keyof typeof fieldNames;

const callUs = `appelez-nous au ${site.phone}.`;

export const messages = typeset({
  required: (field: FieldName) =>
    fr(`${fieldNames[field].name} est obligatoire : complétez ce champ, puis envoyez à nouveau votre demande.`),
  tooLong: (field: FieldName, max: number) =>
    fr(
      `${fieldNames[field].name} est trop ${fieldNames[field].feminine ? 'longue' : 'long'} (${max.toLocaleString('fr-FR')} caractères au plus) : raccourcissez-${fieldNames[field].feminine ? 'la' : 'le'}, puis envoyez à nouveau votre demande.`,
    ),
  lineBreak: (field: FieldName) =>
    fr(`${fieldNames[field].name} ne doit tenir que sur une ligne : retirez les retours à la ligne.`),
  controlCharacter: (field: FieldName) =>
    fr(
      `${fieldNames[field].name} contient un caractère invisible qui n’est pas accepté (souvent laissé par un copier-coller) : retapez le passage concerné, puis envoyez à nouveau votre demande.`,
    ),
  badOption: (field: FieldName) =>
    fr(`${fieldNames[field].name} choisi n’existe pas : choisissez une valeur de la liste.`),
  duplicateField: (field: string) =>
    fr(
      `La demande contient deux fois ${field in fieldNames ? fieldNames[field as FieldName].name : 'le même champ'} : rechargez la page, puis envoyez à nouveau votre demande.`,
    ),
  firstName:
    'Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union : corrigez-le, puis envoyez à nouveau votre demande.',
  replayMismatch:
    'Cette demande a déjà été envoyée avec un autre contenu : rechargez la page pour faire une nouvelle demande.',
  fileName:
    'La pièce jointe n’a pas de nom de fichier : joignez-la à nouveau depuis le formulaire, ou envoyez votre demande sans pièce jointe.',
  email: 'L’adresse e-mail n’est pas valide : vérifiez-la (par exemple prenom.nom@exemple.fr).',
  phone: 'Le numéro de téléphone n’est pas valide : indiquez-le avec 10 à 15 chiffres (par exemple 06 12 34 56 78).',
  requestId: 'La demande ne porte pas d’identifiant valide : rechargez la page, puis envoyez à nouveau votre demande.',
  fileCount:
    'Une seule pièce jointe est acceptée : gardez le fichier le plus utile, puis envoyez à nouveau votre demande.',
  fileField:
    'La pièce jointe n’est pas envoyée au bon endroit : rechargez la page, puis joignez à nouveau votre fichier.',
  fileTooLarge: `La pièce jointe dépasse ${QUOTE_MAX_FILE_LABEL} : choisissez un fichier plus léger, ou envoyez votre demande sans pièce jointe.`,
  fileEmpty: 'La pièce jointe est vide : choisissez un autre fichier, ou envoyez votre demande sans pièce jointe.',
  fileExtension: `Ce type de pièce jointe n’est pas accepté : joignez un fichier ${typeList}.`,
  fileContent: (label: string) =>
    fr(
      `Le contenu de la pièce jointe ne correspond pas à un fichier ${label} : enregistrez-la à nouveau au format ${label}, ou joignez un autre fichier (${typeList}).`,
    ),
  tooManyFields: 'La demande contient trop de champs : rechargez la page, puis envoyez à nouveau votre demande.',
  bodyTooLarge: `La demande est trop volumineuse : la pièce jointe ne doit pas dépasser ${QUOTE_MAX_FILE_LABEL}.`,
  notMultipart: 'La demande n’est pas au format attendu : envoyez-la depuis le formulaire de devis du site.',
  malformed: 'La demande est arrivée incomplète : vérifiez votre connexion, puis envoyez-la à nouveau.',
  origin: `Cette demande ne vient pas du site ${site.name} : envoyez-la depuis le formulaire de devis du site.`,
  rateLimited: `Trop de demandes ont été envoyées depuis votre connexion : réessayez dans une heure, ou ${callUs}`,
  server: `Une erreur de notre côté a empêché l’enregistrement de votre demande : réessayez dans un instant, ou ${callUs}`,
  unavailable: `Le service de demande de devis est momentanément indisponible : réessayez dans un instant, ou ${callUs}`,
  notFound: 'Cette adresse n’existe pas : envoyez votre demande depuis le formulaire de devis du site.',
  method: 'Cette demande n’est pas acceptée : envoyez-la depuis le formulaire de devis du site.',
});

/** Typeset, and a capital first letter (messages that start with a field name). */
function fr(text: string): string {
  return frenchTypography(text.charAt(0).toUpperCase() + text.slice(1));
}
