import { frenchTypography, site, TERMINATION_RECEIVER_PATH, typeset } from '../facts';

/**
 * What the client reads when the receiver refuses a termination request (POST /api/resiliation): French
 * sentences the form shows as they are, each saying what to do next, as messages.ts does for the quote.
 */

export const terminationFieldNames = typeset({
  lastName: { name: 'le nom', feminine: false },
  firstName: { name: 'le prénom', feminine: false },
  company: { name: 'la raison sociale', feminine: true },
  email: { name: 'l’adresse e-mail', feminine: true },
  contractType: { name: 'le contrat à résilier', feminine: false },
  contractReference: { name: 'la référence du contrat', feminine: true },
  contractStart: { name: 'la date de signature du contrat', feminine: true },
  desiredDate: { name: 'la date de résiliation souhaitée', feminine: true },
  reason: { name: 'le motif', feminine: false },
});

export type TerminationFieldName = keyof typeof terminationFieldNames;

const callUs = `appelez-nous au ${site.phone}.`;
const again = 'puis envoyez à nouveau votre résiliation.';

export const terminationMessages = typeset({
  required: (field: TerminationFieldName) =>
    fr(`${terminationFieldNames[field].name} est obligatoire : complétez ce champ, ${again}`),
  tooLong: (field: TerminationFieldName, max: number) =>
    fr(
      `${terminationFieldNames[field].name} est trop ${terminationFieldNames[field].feminine ? 'longue' : 'long'} (${max.toLocaleString('fr-FR')} caractères au plus) : raccourcissez-${terminationFieldNames[field].feminine ? 'la' : 'le'}, ${again}`,
    ),
  lineBreak: (field: TerminationFieldName) =>
    fr(`${terminationFieldNames[field].name} ne doit tenir que sur une ligne : retirez les retours à la ligne.`),
  controlCharacter: (field: TerminationFieldName) =>
    fr(
      `${terminationFieldNames[field].name} contient un caractère invisible qui n’est pas accepté (souvent laissé par un copier-coller) : retapez le passage concerné, ${again}`,
    ),
  badOption: (field: TerminationFieldName) =>
    fr(`${terminationFieldNames[field].name} choisi n’existe pas : choisissez une valeur de la liste.`),
  date: (field: TerminationFieldName) =>
    fr(`${terminationFieldNames[field].name} n’est pas une date valide : choisissez-la dans le calendrier.`),
  duplicateField: (field: string) =>
    fr(
      `La demande contient deux fois ${field in terminationFieldNames ? terminationFieldNames[field as TerminationFieldName].name : 'le même champ'} : rechargez la page, ${again}`,
    ),
  firstName: `Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union : corrigez-le, ${again}`,
  email: 'L’adresse e-mail n’est pas valide : vérifiez-la (par exemple prenom.nom@exemple.fr).',
  contractReference:
    'La référence du contrat ne peut contenir que des lettres, des chiffres, des espaces et la ponctuation d’une adresse (sans « @ » ni « : ») : corrigez-la, puis envoyez à nouveau votre résiliation.',
  contractStartFuture: `La date de signature du contrat ne peut pas être dans le futur : vérifiez-la, ${again}`,
  requestId: `La demande ne porte pas d’identifiant valide : rechargez la page, ${again}`,
  replayMismatch:
    'Cette résiliation a déjà été envoyée avec un autre contenu : rechargez la page pour faire une nouvelle demande.',
  tooManyFields: `La demande contient trop de champs : rechargez la page, ${again}`,
  bodyTooLarge: `La demande est trop volumineuse : raccourcissez le motif, ${again}`,
  notMultipart: 'La demande n’est pas au format attendu : envoyez-la depuis la page « Résilier un contrat » du site.',
  malformed: 'La demande est arrivée incomplète : vérifiez votre connexion, puis envoyez-la à nouveau.',
  origin: `Cette demande ne vient pas du site ${site.name} : envoyez-la depuis la page « Résilier un contrat » du site.`,
  rateLimited: `Trop de demandes ont été envoyées depuis votre connexion : réessayez dans une heure, ou ${callUs}`,
  server: `Une erreur de notre côté a empêché l’enregistrement de votre résiliation : réessayez dans un instant, ou ${callUs}`,
  notFound: 'Cette adresse n’existe pas : envoyez votre demande depuis la page « Résilier un contrat » du site.',
  method: 'Cette demande n’est pas acceptée : envoyez-la depuis la page « Résilier un contrat » du site.',
});

/** Is this request addressed to the termination endpoint (its errors get these sentences)? */
export function isTerminationUrl(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === TERMINATION_RECEIVER_PATH || path.startsWith(`${TERMINATION_RECEIVER_PATH}/`);
}

/** Typeset, and a capital first letter (messages that start with a field name). */
function fr(text: string): string {
  return frenchTypography(text.charAt(0).toUpperCase() + text.slice(1));
}
