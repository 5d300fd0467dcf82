import {
  devisTerms,
  devisVatRates,
  formatFrenchDate,
  frenchTypography,
  isoDay,
  paths,
  rates,
  site,
  siteUrl,
  terms,
  withoutProtocol,
  days,
  deName,
  type Site,
} from '../../facts';
import { centsOfEuros, formatCents, vatCents } from './money';
import { STANDARD_VAT_BP } from './price-list';
import type { DevisClient, DevisLine } from './types';
import { addDays, type WithdrawalRules } from './withdrawal';

/**
 * The mentions a devis carries, as data that its page and its PDF render in this order: each with its
 * label, its paragraphs (built from content/ and from the devis) and its legal basis (docs/devis.md, « Les
 * mentions »). The company's facts are a parameter, defaulting to content/'s, so that a test changes one and
 * reads it back.
 */

export type MentionId =
  | 'number'
  | 'date'
  | 'company'
  | 'legalForm'
  | 'registration'
  | 'vatNumber'
  | 'insurance'
  | 'client'
  | 'prices'
  | 'travel'
  | 'free'
  | 'validity'
  | 'schedule'
  | 'payment'
  | 'replacedParts'
  | 'vatCertification'
  | 'withdrawal'
  | 'cgv'
  | 'mediator';

export type Mention = { id: MentionId; label: string; paragraphs: string[]; basis: string };

/**
 * The site's facts a devis reads (content/site.ts), frozen into each version at its sending (view.ts
 * frozenCompany): a fact added here is frozen with the others.
 */
export const COMPANY_SITE_KEYS = [
  'name',
  'legalName',
  'legalForm',
  'capital',
  'rcs',
  'siren',
  'siret',
  'vatNumber',
  'address',
  'phone',
  'email',
  'insurance',
  'mediator',
] as const satisfies readonly (keyof Site)[];

/** The company's facts a devis reads. */
export type CompanyFacts = {
  site: Pick<Site, (typeof COMPANY_SITE_KEYS)[number]>;
  /** Travel included up to this distance from the head office; beyond, this much HT per kilometre. */
  travel: { includedKm: number; perKmHtCents: number };
  free: boolean;
  /** The CGV's public address. */
  cgvUrl: string;
  /** The site's public address (the PDF's header). */
  siteUrl: string;
};

export const COMPANY: CompanyFacts = {
  site,
  travel: { includedKm: terms.travelIncludedKm, perKmHtCents: centsOfEuros(rates.travelPerKmEuros) },
  free: devisTerms.free,
  cgvUrl: `${siteUrl}${paths.terms}`,
  siteUrl,
};

/** What a devis says beyond its lines' totals, as the team fills it. */
export type MentionInput = {
  /** Null on a draft: the number is given at the first sending. */
  number: string | null;
  issuedAt: Date;
  validityDays: number;
  client: DevisClient;
  lines: readonly DevisLine[];
  /** « Semaine du 7 décembre 2026 », « dès l’accord », as the team writes it; absent: to be agreed. */
  start?: string;
  /** « 2 jours », as the team writes it. */
  duration?: string;
  /** « À réception de facture, par virement », as the team writes it. */
  paymentTerms: string;
  depositCents?: number;
  withdrawal: WithdrawalRules;
};

const euros = (value: number) => `${new Intl.NumberFormat('fr-FR').format(value)} €`;

/** The last day of validity: the day of issue plus the validity, in Paris. */
export function validUntilDay(issuedAt: Date, validityDays: number): string {
  return addDays(isoDay(issuedAt), validityDays);
}

export function devisMentions(devis: MentionInput, company: CompanyFacts = COMPANY): Mention[] {
  const s = company.site;
  const address = `${s.address.street}, ${s.address.postalCode} ${s.address.city}`;
  const validUntil = formatFrenchDate(new Date(`${validUntilDay(devis.issuedAt, devis.validityDays)}T12:00:00Z`));
  const reduced = devisVatRates.filter(
    (rate) =>
      'attestation' in rate && devis.lines.some((line) => line.vatRateBp === Math.round(rate.ratePercent * 100)),
  );
  const client = devis.client;

  const mentions: Mention[] = [
    {
      id: 'number',
      label: 'Numéro',
      paragraphs: [
        devis.number ? `Devis n° ${devis.number}` : 'Devis en préparation : son numéro lui est donné à l’envoi.',
      ],
      basis:
        'Numérotation continue et sans trou, reprise sur la facture qui suivra (Code général des impôts, annexe II, article 242 nonies A)',
    },
    {
      id: 'date',
      label: 'Date',
      paragraphs: [`Établi le ${formatFrenchDate(devis.issuedAt)}`],
      basis: 'Arrêté du 24 janvier 2017 (date de rédaction du devis)',
    },
    {
      id: 'company',
      label: 'Entreprise',
      paragraphs: [`${s.legalName} (${s.name}), ${address}`, `Tél. ${s.phone} – ${s.email}`],
      basis:
        'Code de la consommation, articles L. 111-1 et R. 111-1 ; arrêté du 24 janvier 2017 (nom, raison sociale et adresse)',
    },
    {
      id: 'legalForm',
      label: 'Forme juridique et capital',
      paragraphs: [`${s.legalForm} au capital de ${euros(s.capital)}`],
      basis: 'Code de commerce, article R. 123-237',
    },
    {
      id: 'registration',
      label: 'Immatriculation',
      paragraphs: [`Immatriculée sous le numéro ${s.rcs}, siège social : ${address}`],
      basis: 'Code de commerce, article R. 123-237 (numéro SIREN, RCS et ville du greffe, siège social)',
    },
    {
      id: 'vatNumber',
      label: 'N° de TVA intracommunautaire',
      paragraphs: [`N° de TVA intracommunautaire : ${s.vatNumber}`],
      basis: 'Code général des impôts, annexe II, article 242 nonies A (repris sur le devis pour la facture)',
    },
    {
      id: 'insurance',
      label: 'Assurance professionnelle',
      paragraphs: [
        `${s.insurance.coverage}. Assureur : ${s.insurance.insurer}, contrat n° ${s.insurance.policy}. Couverture géographique : ${s.insurance.area}.`,
      ],
      basis:
        'Loi n° 96-603 du 5 juillet 1996, article 22-2 ; Code des assurances, article L. 243-2 (attestation de garantie décennale)',
    },
    {
      id: 'client',
      label: 'Client et lieu d’exécution',
      paragraphs: [
        client.kind === 'professional' && client.siren ? `${client.name}, SIREN ${client.siren}` : client.name,
        `Lieu d’exécution : ${client.jobAddress}`,
      ],
      basis: 'Arrêté du 24 janvier 2017 (nom du client, lieu d’exécution)',
    },
    {
      id: 'prices',
      label: 'Prix',
      paragraphs: [
        'Pour chaque ligne : la désignation, la quantité, l’unité, le prix unitaire hors taxes et le taux de TVA ; puis le total hors taxes, la TVA par taux et le total toutes taxes comprises, en euros.',
      ],
      basis:
        'Code de la consommation, articles L. 111-1 et L. 112-1 ; arrêté du 24 janvier 2017 (décompte détaillé, sommes HT et TTC, taux de TVA)',
    },
    {
      id: 'travel',
      label: 'Frais de déplacement',
      paragraphs: [
        `Déplacement inclus jusqu’à ${company.travel.includedKm} km ${deName(s.address.city)} ; au-delà, ${formatCents(company.travel.perKmHtCents)} HT (${formatCents(company.travel.perKmHtCents + vatCents(company.travel.perKmHtCents, STANDARD_VAT_BP))} TTC) par kilomètre supplémentaire (aller et retour), porté sur une ligne du devis.`,
      ],
      basis: 'Arrêté du 24 janvier 2017 (frais de déplacement)',
    },
    {
      id: 'free',
      label: 'Coût du devis',
      paragraphs: [
        company.free ? 'Ce devis est gratuit.' : 'Ce devis est payant, au prix indiqué avant son établissement.',
      ],
      basis: 'Arrêté du 24 janvier 2017 (caractère gratuit ou payant du devis)',
    },
    {
      id: 'validity',
      label: 'Validité',
      paragraphs: [`Devis valable ${days(devis.validityDays)}, jusqu’au ${validUntil} inclus.`],
      basis: 'Arrêté du 24 janvier 2017 (durée de validité de l’offre)',
    },
    {
      id: 'schedule',
      label: 'Date et durée d’exécution',
      paragraphs: [
        devis.start ? `Début prévu : ${devis.start}.` : 'Date de début à convenir avec le client.',
        ...(devis.duration ? [`Durée estimée : ${devis.duration}.`] : []),
        ...(devis.start
          ? []
          : [
              `À défaut de date convenue, les travaux sont réalisés dans les ${terms.consumerDefaultPerformanceDays} jours qui suivent l’acceptation (article L. 216-1 du Code de la consommation).`,
            ]),
      ],
      basis: 'Code de la consommation, articles L. 111-1, 3°, et L. 216-1',
    },
    {
      id: 'payment',
      label: 'Paiement',
      paragraphs: [
        devis.paymentTerms,
        ...(devis.depositCents
          ? [
              devis.withdrawal.payment === 'wait'
                ? `Acompte : ${formatCents(devis.depositCents)} TTC, payable au plus tôt le ${terms.offPremisesPaymentDelayDays + 1}e jour après la conclusion du contrat (article L. 221-10 du Code de la consommation).`
                : `Acompte à la commande : ${formatCents(devis.depositCents)} TTC.`,
            ]
          : []),
      ],
      basis: 'Code de la consommation, article L. 111-1 ; Code de commerce, article L. 441-10 (client professionnel)',
    },
    {
      id: 'replacedParts',
      label: 'Pièces remplacées',
      paragraphs: [
        'Le client peut conserver les pièces, éléments ou appareils remplacés ; il nous le dit avant l’intervention, et ils lui sont laissés à la fin des travaux, sauf ceux repris au titre d’une garantie ou d’un échange standard.',
      ],
      basis: 'Arrêté du 24 janvier 2017 ; Code de la consommation, article L. 111-1',
    },
    ...(reduced.length > 0
      ? [
          {
            id: 'vatCertification' as const,
            label: 'Taux réduit de TVA',
            paragraphs: reduced.map((rate) => ('attestation' in rate ? rate.attestation : '')),
            basis: reduced.map((rate) => rate.legalBasis).join(' ; '),
          },
        ]
      : []),
    {
      id: 'withdrawal',
      label: 'Droit de rétractation',
      paragraphs: devis.withdrawal.texts,
      basis: 'Code de la consommation, articles L. 221-3, L. 221-5, L. 221-10, L. 221-18 à L. 221-28',
    },
    {
      id: 'cgv',
      label: 'Conditions générales de vente',
      paragraphs: [
        `Nos conditions générales de vente s’appliquent ; elles sont jointes au devis et consultables à tout moment sur ${withoutProtocol(company.cgvUrl)}.`,
      ],
      basis: 'Code de la consommation, article L. 111-1 ; Code de commerce, article L. 441-1',
    },
    {
      id: 'mediator',
      label: 'Médiation de la consommation',
      paragraphs: [
        `En cas de litige, le client consommateur peut recourir gratuitement au médiateur de la consommation : ${s.mediator.name}, ${s.mediator.address}, ${withoutProtocol(s.mediator.website)}.`,
      ],
      basis: 'Code de la consommation, articles L. 612-1, L. 616-1 et R. 616-1',
    },
  ];
  return mentions.map((mention) => ({
    ...mention,
    label: frenchTypography(mention.label),
    paragraphs: mention.paragraphs.map(frenchTypography),
    basis: frenchTypography(mention.basis),
  }));
}
