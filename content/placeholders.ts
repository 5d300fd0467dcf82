import { goLive } from './go-live';
import { sampleReviews, satisfactionClaim } from './home';
import { accessibilityAudit, companyChoices, mailProviders } from './legal-facts';
import { minimumCharge, priceList } from './pricing';
import { sessionLength } from './services';
import { site } from './site';

/**
 * Every value of the site that is still a sample, fictitious or unknown, and must be replaced before going
 * live. The go-live check of the deployment (deploy/render.ts) refuses to deploy while one of them is
 * `pending`, printing `what` and `where`; docs/mise-en-ligne.md lists the same items.
 * Add an entry here whenever content/ gains a sample value.
 */
export type Placeholder = {
  /** What must be replaced, in French. */
  what: string;
  /** The file, and the field, to edit. */
  where: string;
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

export const placeholders: readonly Placeholder[] = [
  {
    what: 'Raison sociale, forme juridique et capital',
    where: 'content/site.ts (legalName, legalForm, capital)',
    pending: site.legalName === sample.legalName,
  },
  {
    what: 'SIREN, NIC et greffe (d’où le SIRET, le RCS et le numéro de TVA)',
    where: 'content/site.ts (registration)',
    pending: digits(site.siren) === digits(sample.siren),
  },
  {
    what: 'Adresse du siège et coordonnées GPS',
    where: 'content/site.ts (address, geo)',
    pending: site.address.street === sample.street,
  },
  {
    what: 'Téléphone (numéro ARCEP réservé à la fiction)',
    where: 'content/site.ts (phone)',
    pending: fictionPhone.test(site.phone),
  },
  {
    what: 'Ligne d’urgence (numéro ARCEP réservé à la fiction)',
    where: 'content/site.ts (emergencyPhone)',
    pending: fictionPhone.test(site.emergencyPhone),
  },
  {
    what: 'Adresses e-mail et nom de domaine',
    where: 'content/site.ts (email, privacyEmail) et la variable NEXT_PUBLIC_SITE_URL',
    pending: [site.email, site.privacyEmail].some((email) => email.endsWith(`@${sample.domain}`)),
  },
  {
    what: 'Code NAF (APE)',
    where: 'content/site.ts (nafCode)',
    pending: site.nafCode === sample.nafCode,
  },
  {
    what: 'Directeur de la publication',
    where: 'content/site.ts (director)',
    pending: site.director.name === sample.director,
  },
  {
    what: 'Hébergeur : nom, adresse, téléphone, site',
    where: 'content/site.ts (host)',
    pending:
      [site.host.name, site.host.address, site.host.phone].some(bracketed) || site.host.website.includes('.example'),
  },
  {
    what: 'Assurance responsabilité civile professionnelle et décennale : nom et adresse de l’assureur, numéro de contrat',
    where: 'content/site.ts (insurance)',
    pending: isSampleInsurance(site.insurance),
  },
  {
    what: 'Médiateur de la consommation',
    where: 'content/site.ts (mediator)',
    pending: isSampleMediator(site.mediator),
  },
  {
    what: 'Témoignages d’exemple : remplacez-les par de vrais avis, datés, avec l’accord des clients',
    where: 'content/home.ts (testimonials)',
    pending: sampleReviews,
  },
  {
    what: 'Taux horaire, frais de déplacement au kilomètre et décompte du temps de la grille tarifaire',
    where: 'content/pricing.ts (priceList)',
    pending: priceList.rows.some((row) => row.placeholder === true) || priceList.timeCounting.placeholder,
  },
  {
    what: 'Temps de travail sur place compris dans le prix « à partir de » d’une intervention de maintenance ou de réparation',
    where: 'content/pricing.ts (minimumCharge)',
    pending: minimumCharge.placeholder,
  },
  {
    what: 'Durée d’une séance de conseil',
    where: 'content/services.ts (sessionLength)',
    pending: sessionLength.placeholder,
  },
  {
    what: 'Date de mise en ligne du site (elle date la première version publiée des CGV)',
    where: 'content/go-live.ts (date)',
    pending: goLive.placeholder,
  },
  {
    what: `Détenez-vous la preuve que vos clients sont satisfaits (une enquête de satisfaction), que demande « Plus de ${site.clients} clients satisfaits » ? Si oui, proofHeld: true ; sinon, satisfied: false, et le site écrit « Plus de ${site.clients} clients ».`,
    where: 'content/home.ts (satisfactionClaim)',
    pending: satisfactionClaim.satisfied && !satisfactionClaim.proofHeld,
    question: true,
  },
  {
    what: 'Avez-vous commandé à un prestataire indépendant l’audit complet d’accessibilité (RGAA) pour la mise en ligne, comme l’annonce la page Accessibilité ? Les exigences d’accessibilité s’appliquent au site dès sa mise en ligne (article L. 412-13 du Code de la consommation). Si oui, ordered: true.',
    where: 'content/legal-facts.ts (accessibilityAudit)',
    pending: !accessibilityAudit.ordered,
    question: true,
  },
  {
    what: 'Le relais qui envoie les e-mails du récepteur (SMTP_URL) et la boîte e-mail qui reçoit les demandes de devis sont-ils tous deux dans l’Union européenne, chez des prestataires avec qui vous avez signé un contrat de sous-traitance (article 28 du RGPD), comme le promet la politique de confidentialité ? Si oui, inEuUnderContract: true ; sinon, changez de prestataire avant la mise en ligne.',
    where: 'content/legal-facts.ts (mailProviders)',
    pending: !mailProviders.inEuUnderContract,
    question: true,
  },
  {
    what: 'Après une rétractation, venez-vous reprendre vous-mêmes, à vos frais, les biens fournis avec une prestation, comme le disent les CGV ? Si oui, confirmed: true ; sinon, choice: false, et les CGV mettent les frais de renvoi à la charge du client.',
    where: 'content/legal-facts.ts (companyChoices.goodsCollectedAtOurCost)',
    pending: !companyChoices.goodsCollectedAtOurCost.confirmed,
    question: true,
  },
  {
    what: 'Réparez-vous des appareils électroménagers, informatiques ou de télécommunication, pour lesquels vous devez proposer des pièces de réemploi (article L. 224-109 du Code de la consommation) ? Si oui, confirmed: true ; sinon, choice: false, et la phrase sur ces pièces disparaît.',
    where: 'content/legal-facts.ts (companyChoices.reusedPartsOffered)',
    pending: !companyChoices.reusedPartsOffered.confirmed,
    question: true,
  },
];

/** The placeholders still to replace. */
export const pendingPlaceholders = placeholders.filter((placeholder) => placeholder.pending);
