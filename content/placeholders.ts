import { siteData, type SiteData } from './data/values';
import type { SiteDataId } from './data/registry';
import { publishedReviews, type PublishedReview } from './reviews';
import { siteOf } from './site';

/**
 * Every value of the site that is still a sample, fictitious or unknown, and must be replaced before going
 * live. The go-live check of the deployment (deploy/render.ts) refuses to deploy while one of them is
 * `pending`, printing `what` and `where`; docs/mise-en-ligne.md lists the same items. Each is a field of the
 * owner's data (`page` and `fields`: the page of « Le site » in the inbox, and the JSON pointers of the
 * fields), so the list shrinks as the owner fills them.
 * Add an entry here whenever content/ gains a sample value.
 */
export type Placeholder = {
  /** What must be replaced, in French. */
  what: string;
  /** The file, and the field, to edit. */
  where: string;
  /** The data file (content/data/registry.ts) that holds the value, and its fields' JSON pointers. */
  page: SiteDataId;
  fields: readonly string[];
  /** True while content/ still holds the sample value, or the question is unanswered. */
  pending: boolean;
  /**
   * A question the company answers rather than a value to replace (`what` is then the question): the texts
   * are written with the most protective answer until the company confirms it.
   */
  question?: true;
};

/** The company as invented for the demonstration: its values are checked against these. */
const sample = {
  siren: '812 345 676',
  legalName: 'Azur Technique Services SARL',
  street: '18 chemin de Saint-Claude',
  director: 'Laurent Moretti',
  domain: 'azur-technique-services.fr',
  nafCode: '3312Z – Réparation de machines et équipements mécaniques',
};

/** Addresses of the example domains (RFC 2606), which belong to no one. */
const exampleAddress = (value: string) => /\.example(?:[/:]|$)/.test(value.trim());

/** ARCEP's blocks reserved for fiction (decision 2018-0881): numbers that ring no one. */
const fictionPhone = /^0(?:4[\s\u00a0\u202f]*65[\s\u00a0\u202f]*71|6[\s\u00a0\u202f]*39[\s\u00a0\u202f]*98)/;
/** "[Nom de l’hébergeur]": a value still to fill in. */
const bracketed = (value: string) => /^\[.*\]$/.test(value.trim());
const digits = (value: string) => value.replace(/\D/g, '');

/** A mediator still to fill in: a bracketed name or address, or a website or e-mail on an example domain. */
export function isSampleMediator(mediator: { name: string; address: string; website: string; email: string }) {
  return [mediator.name, mediator.address].some(bracketed) || [mediator.website, mediator.email].some(exampleAddress);
}

/** An insurer still to fill in: a bracketed name, address or policy number. */
export function isSampleInsurance(insurance: { insurer: string; address: string; policy: string }) {
  return [insurance.insurer, insurance.address, insurance.policy].some(bracketed);
}

/**
 * The go-live list of some data: `placeholders` below is that of the committed data; the inbox can show
 * the list of the data being edited. The sample reviews stop counting once a real review is published
 * (`reviews`, the published ones: the home page then shows those instead).
 */
export function placeholdersOf(
  data: SiteData,
  reviews: readonly PublishedReview[] = publishedReviews,
): readonly Placeholder[] {
  const site = siteOf(data);
  const company = data['mise-en-ligne'];
  const entry = (page: SiteDataId, fields: readonly string[], what: string, pending: boolean, where?: string) => ({
    what,
    where:
      where ?? `content/data/${page}.json (${fields.map((field) => field.slice(1).replace(/\//g, '.')).join(', ')})`,
    page,
    fields,
    pending,
  });
  const question = (fields: readonly string[], what: string, pending: boolean): Placeholder => ({
    ...entry('mise-en-ligne', fields, what, pending),
    question: true,
  });
  return [
    entry(
      'mise-en-ligne',
      ['/legalName', '/legalForm', '/capital'],
      'Raison sociale, forme juridique et capital',
      site.legalName === sample.legalName,
    ),
    entry(
      'mise-en-ligne',
      ['/siren', '/nic', '/rcsCity'],
      'SIREN, NIC et greffe (d’où le SIRET, le RCS et le numéro de TVA)',
      digits(site.siren) === digits(sample.siren),
    ),
    entry(
      'coordonnees',
      ['/address', '/geo'],
      'Adresse du siège et coordonnées GPS',
      site.address.street === sample.street,
    ),
    entry('coordonnees', ['/phone'], 'Téléphone (numéro ARCEP réservé à la fiction)', fictionPhone.test(site.phone)),
    entry(
      'coordonnees',
      ['/emergencyPhone'],
      'Ligne d’urgence (numéro ARCEP réservé à la fiction)',
      fictionPhone.test(site.emergencyPhone),
    ),
    entry(
      'coordonnees',
      ['/email', '/privacyEmail'],
      'Adresses e-mail et nom de domaine',
      [site.email, site.privacyEmail].some((email) => email.endsWith(`@${sample.domain}`)),
      'content/data/coordonnees.json (email, privacyEmail) et la variable NEXT_PUBLIC_SITE_URL',
    ),
    entry('mise-en-ligne', ['/nafCode'], 'Code NAF (APE)', site.nafCode === sample.nafCode),
    entry('mise-en-ligne', ['/director'], 'Directeur de la publication', site.director.name === sample.director),
    entry(
      'mise-en-ligne',
      ['/host'],
      'Hébergeur : nom, adresse, téléphone, site',
      [site.host.name, site.host.address, site.host.phone].some(bracketed) || site.host.website.includes('.example'),
    ),
    entry(
      'mise-en-ligne',
      ['/insurance'],
      'Assurance responsabilité civile professionnelle et décennale : nom et adresse de l’assureur, numéro de contrat',
      isSampleInsurance(site.insurance),
    ),
    entry('mise-en-ligne', ['/mediator'], 'Médiateur de la consommation', isSampleMediator(site.mediator)),
    entry(
      'accueil',
      ['/testimonials'],
      'Témoignages d’exemple : ils disparaissent de l’accueil avec le premier vrai avis publié depuis « Avis » de la boîte de réception',
      data.accueil.testimonials.some((item) => item.sample) && reviews.length === 0,
    ),
    entry(
      'mise-en-ligne',
      ['/priceListConfirmed'],
      'Taux horaire, frais de déplacement au kilomètre et décompte du temps de la grille tarifaire',
      !company.priceListConfirmed,
    ),
    entry(
      'mise-en-ligne',
      ['/minimumChargeConfirmed'],
      'Temps de travail sur place compris dans le prix « à partir de » d’une intervention de maintenance ou de réparation',
      !company.minimumChargeConfirmed,
    ),
    entry(
      'mise-en-ligne',
      ['/sessionLengthConfirmed'],
      'Durée d’une séance de conseil',
      !company.sessionLengthConfirmed,
    ),
    entry(
      'mise-en-ligne',
      ['/goLive'],
      'Date de mise en ligne du site (elle date la première version publiée des CGV)',
      !company.goLive.confirmed,
    ),
    question(
      ['/satisfactionClaim'],
      `Détenez-vous la preuve que vos clients sont satisfaits (une enquête de satisfaction), que demande « Plus de ${site.clients} clients satisfaits » ? Si oui, proofHeld: true ; sinon, satisfied: false, et le site écrit « Plus de ${site.clients} clients ».`,
      company.satisfactionClaim.satisfied && !company.satisfactionClaim.proofHeld,
    ),
    question(
      ['/accessibilityAuditOrdered'],
      'Avez-vous commandé à un prestataire indépendant l’audit complet d’accessibilité (RGAA) pour la mise en ligne, comme l’annonce la page Accessibilité ? Les exigences d’accessibilité s’appliquent au site dès sa mise en ligne (article L. 412-13 du Code de la consommation). Si oui, accessibilityAuditOrdered: true.',
      !company.accessibilityAuditOrdered,
    ),
    question(
      ['/mailProvidersInEuUnderContract'],
      'Le relais qui envoie les e-mails du récepteur (SMTP_URL) et la boîte e-mail qui reçoit les demandes de devis sont-ils tous deux dans l’Union européenne, chez des prestataires avec qui vous avez signé un contrat de sous-traitance (article 28 du RGPD), comme le promet la politique de confidentialité ? Si oui, mailProvidersInEuUnderContract: true ; sinon, changez de prestataire avant la mise en ligne.',
      !company.mailProvidersInEuUnderContract,
    ),
    question(
      ['/companyChoices/goodsCollectedAtOurCost'],
      'Après une rétractation, venez-vous reprendre vous-mêmes, à vos frais, les biens fournis avec une prestation, comme le disent les CGV ? Si oui, confirmed: true ; sinon, choice: false, et les CGV mettent les frais de renvoi à la charge du client.',
      !company.companyChoices.goodsCollectedAtOurCost.confirmed,
    ),
    question(
      ['/companyChoices/reusedPartsOffered'],
      'Réparez-vous des appareils électroménagers, informatiques ou de télécommunication, pour lesquels vous devez proposer des pièces de réemploi (article L. 224-109 du Code de la consommation) ? Si oui, confirmed: true ; sinon, choice: false, et la phrase sur ces pièces disparaît.',
      !company.companyChoices.reusedPartsOffered.confirmed,
    ),
  ];
}

/** The go-live list of the committed data. */
export const placeholders: readonly Placeholder[] = placeholdersOf(siteData);

/** The placeholders still to replace. */
export const pendingPlaceholders = placeholders.filter((placeholder) => placeholder.pending);
