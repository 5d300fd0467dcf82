import { Type, type ObjectOptions, type Static, type TProperties } from '@sinclair/typebox';
import type { DataOrder } from '@/lib/data-check';
import { WEEK_DAYS } from '@/lib/hours';
import { MULTI_LINE, SINGLE_LINE } from '../form-contract';
import { reviewRules } from '../review-rules';

/**
 * The schemas of the facts an owner edits, one per data file of content/data/ (one page of « Le site » in the
 * inbox): the only place their types come from (`Static<…>`). The inbox's form, the server's check, the build
 * (scripts/check-data.ts) and the tests read them: each property's `title` labels its field, `description`
 * helps under it, `input` names its HTML input when it is not plain text, and `errorMessage` is the French
 * message when a `pattern` or a `format` refuses the value (lib/data-check.ts writes the other messages from
 * the limits). A field that the owner sees but cannot change carries `readOnly`.
 *
 * Runtime code that only reads the data imports these types with `import type` (content/data/values.ts):
 * TypeBox never reaches the browser.
 */

/** The HTML input of a field when it is not a plain text input. */
export type DataInput = 'tel' | 'email' | 'url' | 'date' | 'time' | 'textarea' | 'number';

/**
 * The formats lib/data-check.ts implements: `calendar-day`, a real day of the calendar (no 30 February), and
 * `siren`, nine digits that pass the Luhn check of the INSEE.
 */
export const DATA_FORMATS = ['calendar-day', 'siren'] as const;

/**
 * A group of fields; a key the schema does not name (a typo in the file) is refused. `ordered` names two of
 * its fields that must come in order (lib/data-check.ts).
 */
const group = <T extends TProperties>(properties: T, options: ObjectOptions & { ordered?: DataOrder } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

type Field = { title: string; description?: string; input?: DataInput; readOnly?: true };

/** A line of text: `minLength` 1 (required) unless `optional`; no line break, no control character. */
const line = (maxLength: number, field: Field & { optional?: true }) => {
  const { optional, ...rest } = field;
  return Type.String({
    ...rest,
    minLength: optional ? 0 : 1,
    maxLength,
    pattern: SINGLE_LINE,
    errorMessage: 'Une seule ligne, sans retour à la ligne ni caractère de contrôle',
  });
};

/** A paragraph, in a text area: the site shows it as one paragraph, so it holds no line break either. */
const paragraph = (maxLength: number, field: Field) =>
  Type.String({
    ...field,
    input: 'textarea',
    minLength: 1,
    maxLength,
    pattern: SINGLE_LINE,
    errorMessage: 'Un seul paragraphe, sans retour à la ligne ni caractère de contrôle',
  });

/** A text that must match `pattern`, with the French message when it does not. */
const patterned = (pattern: string, errorMessage: string, maxLength: number, field: Field) =>
  Type.String({ ...field, minLength: 1, maxLength, pattern, errorMessage });

const flag = (field: Field) => Type.Boolean(field);

/** « 04 93 12 34 56 »: a French number of 10 digits, spaces or dots between pairs allowed. */
const PHONE = '^0[1-9](?:[ .]?[0-9]{2}){4}$';
const phone = (field: Field) =>
  patterned(PHONE, 'Saisissez un numéro à 10 chiffres, par exemple 04 93 12 34 56', 14, { ...field, input: 'tel' });

const EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const email = (field: Field) =>
  patterned(EMAIL, 'Saisissez une adresse e-mail, par exemple contact@exemple.fr', 254, { ...field, input: 'email' });

const URL_PATTERN = '^https?://[^\\s/]+\\.[^\\s]+$';
const url = (field: Field) =>
  patterned(URL_PATTERN, 'Saisissez une adresse web complète, par exemple https://www.exemple.fr', 200, {
    ...field,
    input: 'url',
  });

const DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** A day, ISO « 2026-08-10 » (the date input sends it so); `format` refuses a day that does not exist. */
const day = (field: Field) =>
  Type.String({
    ...field,
    input: 'date',
    minLength: 1,
    maxLength: 10,
    pattern: DAY,
    format: 'calendar-day',
    errorMessage: 'Saisissez une date réelle, par exemple 2026-08-10',
  });

const TIME = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$';
const time = (field: Field) =>
  patterned(TIME, 'Saisissez une heure, par exemple 09:00', 5, { ...field, input: 'time' });

const euros = (field: Field & { minimum?: number; maximum: number }) =>
  Type.Number({ minimum: 0, ...field, input: 'number' });

const count = (field: Field & { minimum: number; maximum: number }) => Type.Integer({ ...field, input: 'number' });

/** One day of the week: open from `opens` to `closes`, or closed, with a note (« Sur rendez-vous »). */
const OpeningDay = group(
  {
    day: Type.Union(
      WEEK_DAYS.map((name) => Type.Literal(name)),
      { title: 'Jour', readOnly: true },
    ),
    open: flag({ title: 'Ouvert', description: 'Décochez pour un jour fermé ou sur rendez-vous.' }),
    opens: time({ title: 'Ouverture', description: 'Gardée mais non affichée un jour fermé.' }),
    closes: time({ title: 'Fermeture', description: 'Gardée mais non affichée un jour fermé.' }),
    note: line(40, {
      title: 'Mention d’un jour fermé',
      description: 'Par exemple « Sur rendez-vous » ; vide, le site écrit « Fermé ».',
      optional: true,
    }),
  },
  {
    title: 'Jour',
    ordered: { first: 'opens', second: 'closes', strict: true, errorMessage: 'Saisissez une heure après l’ouverture' },
  },
);

/** An exceptional closure: from `from` to `to`, both included, with the notice the site shows meanwhile. */
const Closure = group(
  {
    from: day({ title: 'Du' }),
    to: day({ title: 'Au', description: 'Le dernier jour de fermeture, inclus.' }),
    message: line(160, {
      title: 'Message',
      description: 'Affiché sur chaque page pendant la fermeture, par exemple « Fermeture estivale ».',
    }),
  },
  {
    title: 'Fermeture',
    ordered: { first: 'from', second: 'to', errorMessage: 'Saisissez un dernier jour qui ne précède pas le premier' },
  },
);

export const Coordonnees = group(
  {
    phone: phone({ title: 'Téléphone', description: 'Le numéro affiché sur chaque page.' }),
    emergencyPhone: phone({
      title: 'Ligne d’urgence',
      description: 'Pour les clients sous contrat de maintenance.',
    }),
    email: email({ title: 'E-mail de contact' }),
    privacyEmail: email({
      title: 'E-mail pour les données personnelles',
      description: 'Nommé dans la politique de confidentialité.',
    }),
    address: group(
      {
        street: line(120, { title: 'Rue', description: 'Numéro et voie, par exemple « 18 chemin de Saint-Claude ».' }),
        postalCode: patterned('^[0-9]{5}$', 'Saisissez les 5 chiffres du code postal, par exemple 06600', 5, {
          title: 'Code postal',
        }),
        city: line(60, { title: 'Ville' }),
      },
      { title: 'Adresse du siège' },
    ),
    geo: group(
      {
        latitude: Type.Number({ title: 'Latitude', minimum: -90, maximum: 90, input: 'number' }),
        longitude: Type.Number({ title: 'Longitude', minimum: -180, maximum: 180, input: 'number' }),
      },
      { title: 'Coordonnées GPS du siège', description: 'Pour les moteurs de recherche et les cartes.' },
    ),
    openingHours: Type.Array(OpeningDay, {
      title: 'Horaires d’ouverture',
      description: 'Jour par jour, du lundi au dimanche.',
      minItems: 7,
      maxItems: 7,
    }),
    closures: Type.Array(Closure, {
      title: 'Fermetures exceptionnelles',
      description: 'Congés, jours de fermeture : un avis s’affiche sur le site pendant ces jours.',
      maxItems: 20,
    }),
  },
  { title: 'Coordonnées' },
);

/** What the owner edits of a service (its icon, photo and order stay in content/services.ts). */
const ServiceTexts = (title: string) =>
  group(
    {
      title: line(90, { title: 'Intitulé' }),
      shortTitle: line(40, { title: 'Intitulé court', description: 'Dans le menu et les listes.' }),
      summary: paragraph(200, { title: 'Résumé', description: 'Sur l’accueil, sous l’intitulé.' }),
      description: paragraph(600, { title: 'Présentation', description: 'Sur la page des services.' }),
      features: Type.Array(line(90, { title: 'Prestation' }), {
        title: 'Prestations',
        minItems: 1,
        maxItems: 10,
      }),
      priceFrom: euros({
        title: 'Prix « à partir de », en euros HT',
        description: 'Le site affiche aussi le prix TTC.',
        minimum: 1,
        maximum: 100000,
      }),
      per: line(40, {
        title: 'Le prix s’entend par',
        description: 'Par exemple « séance de 2 h » ; vide pour une intervention.',
        optional: true,
      }),
    },
    { title },
  );

export const Services = group(
  {
    services: group(
      {
        maintenance: ServiceTexts('Maintenance et réparation'),
        installation: ServiceTexts('Installation technique'),
        conseil: ServiceTexts('Conseil et suivi'),
      },
      { title: 'Les services' },
    ),
    hourlyEuros: euros({ title: 'Taux horaire de main-d’œuvre, en euros HT', minimum: 1, maximum: 1000 }),
    travelPerKmEuros: euros({
      title: 'Déplacement, par kilomètre supplémentaire, en euros HT',
      description: 'Au-delà de la distance comprise, aller et retour.',
      maximum: 100,
    }),
    minimumChargeHours: count({
      title: 'Heures sur place comprises dans le prix « à partir de »',
      description: 'D’une intervention de maintenance ou de réparation.',
      minimum: 1,
      maximum: 8,
    }),
    towns: Type.Array(line(60, { title: 'Ville' }), {
      title: 'Villes desservies',
      minItems: 1,
      maxItems: 40,
    }),
  },
  { title: 'Services et prix' },
);

const Testimonial = group(
  {
    quote: paragraph(400, { title: 'Texte de l’avis' }),
    name: line(40, { title: 'Auteur', description: 'Prénom et initiale du nom, par exemple « Sophie M. ».' }),
    town: line(60, { title: 'Ville' }),
    published: day({ title: 'Publié le' }),
    experience: day({ title: 'Date de l’intervention' }),
    sample: flag({ title: 'Avis d’exemple', description: 'À remplacer par un vrai avis avant la mise en ligne.' }),
  },
  { title: 'Avis' },
);

export const Accueil = group(
  {
    hero: group(
      {
        place: line(60, {
          title: 'Au-dessus du titre',
          description: 'Le lieu, par exemple « Antibes · Côte d’Azur » ; le site ajoute l’année de création.',
        }),
        title: line(80, { title: 'Titre' }),
        lead: paragraph(300, {
          title: 'Texte',
          description: 'Le site ajoute la promesse du devis gratuit et du rappel.',
        }),
      },
      { title: 'Le haut de l’accueil' },
    ),
    figures: group(
      {
        foundedYear: count({ title: 'Année de création', minimum: 1900, maximum: 2100 }),
        clients: count({
          title: 'Nombre de clients',
          description: 'Le site écrit « Plus de … clients » : un chiffre que vous pouvez prouver.',
          minimum: 1,
          maximum: 1000000,
        }),
        staff: count({ title: 'Nombre de collaborateurs', minimum: 1, maximum: 10000 }),
      },
      { title: 'Les chiffres' },
    ),
    testimonials: Type.Array(Testimonial, { title: 'Avis de clients', maxItems: 12 }),
    about: group(
      {
        history: paragraph(600, {
          title: 'Notre histoire',
          description: 'Entre la création et aujourd’hui : le site écrit lui-même la première et la dernière phrase.',
        }),
        expertise: Type.Array(line(120, { title: 'Compétence' }), {
          title: 'Notre expertise',
          minItems: 1,
          maxItems: 10,
        }),
        zone: paragraph(300, { title: 'Notre zone d’intervention' }),
      },
      { title: 'La page À propos' },
    ),
  },
  { title: 'Accueil et À propos' },
);

/** A choice the legal texts make for the company, and whether the company confirmed it. */
const Choice = (title: string, description: string) =>
  group(
    {
      choice: flag({ title: 'Oui', description }),
      confirmed: flag({ title: 'Réponse confirmée' }),
    },
    { title },
  );

export const MiseEnLigne = group(
  {
    legalName: line(120, { title: 'Raison sociale' }),
    legalForm: line(120, {
      title: 'Forme juridique',
      description: 'Par exemple « Société à responsabilité limitée (SARL) ».',
    }),
    capital: count({ title: 'Capital social, en euros', minimum: 1, maximum: 1000000000 }),
    siren: Type.String({
      title: 'SIREN',
      description: 'D’où le SIRET, le RCS et le numéro de TVA.',
      minLength: 1,
      maxLength: 11,
      pattern: '^[0-9]{3} ?[0-9]{3} ?[0-9]{3}$',
      format: 'siren',
      errorMessage: 'Saisissez les 9 chiffres d’un SIREN valide, par exemple 812 345 676',
    }),
    nic: patterned('^[0-9]{5}$', 'Saisissez les 5 chiffres du NIC, par exemple 00017', 5, {
      title: 'NIC du siège',
      description: 'Les 5 derniers chiffres du SIRET.',
    }),
    rcsCity: line(60, { title: 'Ville du greffe (RCS)' }),
    nafCode: line(120, { title: 'Code NAF (APE)', description: 'Le code et son intitulé.' }),
    director: group(
      {
        name: line(80, { title: 'Nom' }),
        role: line(60, { title: 'Fonction', description: 'Par exemple « Gérant ».' }),
      },
      { title: 'Directeur de la publication' },
    ),
    host: group(
      {
        name: line(120, { title: 'Nom' }),
        address: line(200, { title: 'Adresse postale' }),
        phone: line(40, { title: 'Téléphone', input: 'tel' }),
        website: url({ title: 'Site web' }),
      },
      { title: 'Hébergeur du site' },
    ),
    insurance: group(
      {
        insurer: line(120, { title: 'Assureur' }),
        address: line(200, { title: 'Adresse postale de l’assureur', description: 'Imprimée sur chaque devis.' }),
        policy: line(60, { title: 'Numéro de contrat' }),
        area: line(80, { title: 'Couverture géographique' }),
      },
      { title: 'Assurance responsabilité civile professionnelle et décennale' },
    ),
    mediator: group(
      {
        name: line(120, { title: 'Nom' }),
        address: line(200, { title: 'Adresse postale' }),
        website: url({ title: 'Site web' }),
        email: email({ title: 'E-mail' }),
      },
      { title: 'Médiateur de la consommation' },
    ),
    goLive: group(
      {
        date: day({ title: 'Date de mise en ligne', description: 'Elle date la première version publiée des CGV.' }),
        confirmed: flag({ title: 'Date confirmée' }),
      },
      { title: 'Mise en ligne' },
    ),
    priceListConfirmed: flag({
      title: 'Grille tarifaire confirmée',
      description: 'Taux horaire, frais de déplacement au kilomètre et décompte du temps passé.',
    }),
    minimumChargeConfirmed: flag({
      title: 'Temps compris dans le prix « à partir de » confirmé',
      description: 'D’une intervention de maintenance ou de réparation.',
    }),
    sessionLengthConfirmed: flag({ title: 'Durée d’une séance de conseil confirmée' }),
    satisfactionClaim: group(
      {
        satisfied: flag({
          title: 'Écrire « clients satisfaits »',
          description: 'Décochez : le site écrit « Plus de … clients ».',
        }),
        proofHeld: flag({
          title: 'Nous détenons la preuve de leur satisfaction',
          description: 'Une enquête de satisfaction.',
        }),
      },
      { title: 'Clients satisfaits' },
    ),
    accessibilityAuditOrdered: flag({
      title: 'Audit d’accessibilité (RGAA) commandé',
      description: 'À un prestataire indépendant, pour la mise en ligne.',
    }),
    mailProvidersInEuUnderContract: flag({
      title: 'Prestataires e-mail dans l’Union européenne, sous contrat',
      description: 'Le relais d’envoi (SMTP) et la boîte qui reçoit les demandes (article 28 du RGPD).',
    }),
    companyChoices: group(
      {
        goodsCollectedAtOurCost: Choice(
          'Reprise des biens après une rétractation',
          'Nous venons reprendre nous-mêmes, à nos frais, les biens fournis avec une prestation.',
        ),
        reusedPartsOffered: Choice(
          'Pièces de réemploi',
          'Nous réparons des appareils électroménagers, informatiques ou de télécommunication.',
        ),
      },
      { title: 'Choix des CGV' },
    ),
  },
  { title: 'Avant la mise en ligne' },
);

/**
 * One review a client wrote through the personal link sent after the works, as the team published it. The
 * receiver writes content/data/avis.json from its store at each publication (« Avis » in the inbox): nobody
 * edits this file by hand, and nothing changes the client's words.
 */
const PublishedReview = group(
  {
    id: patterned('^[a-z0-9-]{6,40}$', 'Un identifiant de 6 à 40 lettres, chiffres ou tirets', 40, {
      title: 'Identifiant',
      readOnly: true,
    }),
    rating: Type.Integer({ title: 'Note', minimum: reviewRules.rating.min, maximum: reviewRules.rating.max }),
    text: Type.String({
      title: 'Avis',
      input: 'textarea',
      minLength: reviewRules.text.min,
      maxLength: reviewRules.text.max,
      pattern: MULTI_LINE,
      errorMessage: 'Un texte sans caractère de contrôle',
    }),
    name: line(reviewRules.name.max, { title: 'Nom affiché' }),
    experience: day({ title: 'Date des travaux' }),
    published: day({ title: 'Publié le' }),
    answer: Type.Optional(
      group(
        {
          text: Type.String({
            title: 'Réponse de l’entreprise',
            input: 'textarea',
            minLength: 1,
            maxLength: reviewRules.answer.max,
            pattern: MULTI_LINE,
            errorMessage: 'Un texte sans caractère de contrôle',
          }),
          date: day({ title: 'Répondu le' }),
        },
        { title: 'Réponse' },
      ),
    ),
  },
  {
    title: 'Avis publié',
    ordered: { first: 'experience', second: 'published', errorMessage: 'Un avis est publié après les travaux' },
  },
);

/** The published reviews, in any order (the site sorts them). */
export const Avis = group(
  { reviews: Type.Array(PublishedReview, { title: 'Avis publiés', maxItems: 5000 }) },
  { title: 'Avis clients' },
);

/**
 * One place of the site that shows a photo (content/images.ts names its key): the photo's alternative text,
 * required, what a visitor who does not see it reads instead. The photo itself is the original in
 * content/photos/ (docs/photos.md), replaced from « Photos » in the inbox.
 */
const PhotoPlace = (title: string) =>
  group(
    {
      alt: line(200, {
        title: 'Texte de remplacement',
        description: 'Ce que montre la photo, en une phrase, pour qui ne la voit pas.',
      }),
    },
    { title },
  );

/** The alternative texts of the photos the site shows, by photo key (content/images.ts). */
export const Photos = group(
  {
    hero: PhotoPlace('Accueil, la grande photo du haut'),
    maintenance: PhotoPlace('Service « Maintenance et réparation »'),
    installation: PhotoPlace('Service « Installation technique »'),
    conseil: PhotoPlace('Service « Conseil et suivi »'),
    team: PhotoPlace('À propos, l’équipe'),
    office: PhotoPlace('À propos, les locaux'),
  },
  { title: 'Photos' },
);

/** The types of the data files that are not one of SiteData's pages (the reviews, the photos). */
export type AvisData = Static<typeof Avis>;
export type PhotosData = Static<typeof Photos>;
export type PublishedReviewData = Static<typeof PublishedReview>;
