import {
  cgvVersionOn,
  depositNotBefore,
  devisProfessionalTexts,
  devisTerms,
  devisVatRates,
  formatFrenchDate,
  formatPrice,
  frenchTypography,
  isoDay,
  ratesOf,
  siteData,
  siteOf,
  siteUrl,
  terms,
  withoutProtocol,
  days,
  deName,
  formatFrenchDay,
  type CgvVersionEntry,
  type Site,
  type SiteData,
  addDays,
} from '../../facts';
import { bpOfPercent, centsOfEuros, devisTotals, formatCents } from './money';
import type { DevisClient, DevisLine } from './types';
import { type WithdrawalRules } from './withdrawal';
import { clientParagraphs, offersMediator, scheduleDefault, travelPrice } from './client-mentions';

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
  /** The site's address: the CGV's dated pages are under it (cgvVersionOn(day).href). */
  siteUrl: string;
  /**
   * The CGV's versions a devis is governed by (cgvVersionOn of its day): the published ones in the receiver
   * (store/site-data.ts publishedCgvVersions); absent, those content/ is built with. Never frozen with a
   * version: the day chooses the version, and a version is never removed.
   */
  cgvVersions?: readonly CgvVersionEntry[];
};

/**
 * The company's facts a new devis reads, from the site's data (content/data/): a function of the data, so
 * that the receiver can read the published data too.
 */
export function companyFactsOf(data: SiteData, cgvVersions?: readonly CgvVersionEntry[]): CompanyFacts {
  return {
    site: siteOf(data),
    travel: { includedKm: terms.travelIncludedKm, perKmHtCents: centsOfEuros(ratesOf(data).travelPerKmEuros) },
    free: devisTerms.free,
    siteUrl,
    ...(cgvVersions ? { cgvVersions } : {}),
  };
}

/** The company's facts of the committed data. */
export const COMPANY: CompanyFacts = companyFactsOf(siteData);

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
  /** « Travaux relevant de la garantie décennale »: the insurance mention says the attestation is attached. */
  decennial?: boolean;
  /** For a professional client: the L. 221-3 facts the team typed, printed for the client to confirm. */
  professional?: { employees: number; withinMainActivity: boolean };
};

/** The last day of validity: the day of issue plus the validity, in Paris. */
export function validUntilDay(issuedAt: Date, validityDays: number): string {
  return addDays(isoDay(issuedAt), validityDays);
}

export function devisMentions(devis: MentionInput, company: CompanyFacts = COMPANY): Mention[] {
  const s = company.site;
  const address = `${s.address.street}, ${s.address.postalCode} ${s.address.city}`;
  const validUntil = formatFrenchDate(new Date(`${validUntilDay(devis.issuedAt, devis.validityDays)}T12:00:00Z`));
  const reduced = devisVatRates.filter(
    (rate) => 'attestation' in rate && devis.lines.some((line) => line.vatRateBp === bpOfPercent(rate.ratePercent)),
  );
  const client = devis.client;
  const totals = devisTotals(devis.lines);
  const issuedDay = isoDay(devis.issuedAt);
  const cgv = cgvVersionOn(issuedDay, company.cgvVersions);
  const professional = client.kind === 'professional';

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
      paragraphs: [`${s.legalName}, ${address}`, `Tél. ${s.phone} – ${s.email}`],
      basis:
        'Code de la consommation, articles L. 111-1 et R. 111-1 ; arrêté du 24 janvier 2017 (nom, raison sociale et adresse)',
    },
    {
      id: 'legalForm',
      label: 'Forme juridique et capital',
      paragraphs: [`${s.legalForm} au capital de ${formatPrice(s.capital)}`],
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
        `${s.insurance.coverage}. Assureur : ${s.insurance.insurer}, ${s.insurance.address}, contrat n° ${s.insurance.policy}. Couverture géographique : ${s.insurance.area}.`,
        ...(devis.decennial
          ? ['Attestation d’assurance décennale jointe au présent devis (article L. 243-2 du Code des assurances).']
          : []),
      ],
      basis:
        'Loi n° 96-603 du 5 juillet 1996, article 22-2 ; Code des assurances, article L. 243-2 (attestation de garantie décennale)',
    },
    {
      id: 'client',
      label: 'Client et lieu d’intervention',
      paragraphs: [...clientParagraphs(devis), `Lieu d’intervention : ${client.jobAddress}`],
      basis: professional
        ? 'Arrêté du 24 janvier 2017 (nom du client, lieu d’exécution) ; Code de la consommation, article L. 221-3 (effectif et activité principale du client professionnel)'
        : 'Arrêté du 24 janvier 2017 (nom du client, lieu d’exécution)',
    },
    {
      id: 'prices',
      label: 'Prix',
      paragraphs: [
        `Prix total : ${formatCents(totals.ttcCents)} TTC (${formatCents(totals.htCents)} HT), détaillé ligne par ligne ci-dessus. Prix ferme pour les prestations décrites ; tout travail supplémentaire fera l’objet d’un devis complémentaire.`,
      ],
      basis:
        'Code de la consommation, articles L. 111-1 et L. 112-1 ; arrêté du 24 janvier 2017 (décompte détaillé, sommes HT et TTC, taux de TVA)',
    },
    {
      id: 'travel',
      label: 'Frais de déplacement',
      paragraphs: [
        `Déplacement inclus jusqu’à ${company.travel.includedKm} km ${deName(s.address.city)} ; au-delà, ${travelPrice(devis.lines, company.travel.perKmHtCents)}, facturé seulement s’il figure sur une ligne du présent devis.`,
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
        devis.start ? `Début prévu : ${devis.start}.` : 'Date de début à convenir avec vous.',
        ...(devis.duration ? [`Durée estimée : ${devis.duration}.`] : []),
        ...(devis.start ? [] : scheduleDefault(client.kind)),
        ...(professional ? [devisProfessionalTexts.indicativeSchedule] : []),
      ],
      basis: professional
        ? 'Code de la consommation, article L. 111-1, 3° ; conditions générales de vente (délais indicatifs entre professionnels)'
        : client.kind === 'consumer'
          ? 'Code de la consommation, articles L. 111-1, 3°, et L. 216-1'
          : 'Code de la consommation, article L. 111-1, 3°',
    },
    {
      id: 'payment',
      label: 'Paiement',
      paragraphs: [
        devis.paymentTerms,
        ...(devis.depositCents
          ? [
              devis.withdrawal.payment === 'wait'
                ? `Acompte : ${formatCents(devis.depositCents)} TTC, ${depositNotBefore}.`
                : `Acompte à la commande : ${formatCents(devis.depositCents)} TTC.`,
            ]
          : []),
        ...(professional ? [devisProfessionalTexts.paymentMax, devisProfessionalTexts.latePayment] : []),
      ],
      basis: professional
        ? 'Code de commerce, articles L. 441-10 et D. 441-5 (délai de paiement, pénalités de retard, indemnité forfaitaire pour frais de recouvrement)'
        : 'Code de la consommation, article L. 111-1',
    },
    {
      id: 'replacedParts',
      label: 'Pièces remplacées',
      paragraphs: [
        'Vous pouvez conserver les pièces, éléments ou appareils remplacés : dites-le-nous avant l’intervention, et nous vous les laissons à la fin des travaux, sauf ceux repris au titre d’une garantie ou d’un échange standard.',
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
        `Nos conditions générales de vente en vigueur au ${formatFrenchDay(issuedDay)}, date du présent devis (version du ${formatFrenchDay(cgv.date)}), s’appliquent. Elles sont jointes au présent devis et restent consultables sur ${withoutProtocol(`${company.siteUrl}${cgv.href}`)}. Les conditions particulières du présent devis prévalent sur elles.`,
      ],
      basis: 'Code de la consommation, article L. 111-1 ; Code de commerce, article L. 441-1',
    },
    ...(offersMediator(client.kind)
      ? [
          {
            id: 'mediator' as const,
            label: 'Médiation de la consommation',
            paragraphs: [
              `En cas de litige, si vous êtes consommateur, vous pouvez recourir gratuitement au médiateur de la consommation : ${s.mediator.name}, ${s.mediator.address}, ${withoutProtocol(s.mediator.website)}.`,
            ],
            basis: 'Code de la consommation, articles L. 612-1, L. 616-1 et R. 616-1',
          },
        ]
      : []),
  ];
  return mentions.map((mention) => ({
    ...mention,
    label: frenchTypography(mention.label),
    paragraphs: mention.paragraphs.map(frenchTypography),
    basis: frenchTypography(mention.basis),
  }));
}
