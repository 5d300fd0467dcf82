import { days, deName, formatPrice, percent, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { electronicContractKeep, terms } from './legal-facts';
import { rates, vat } from './pricing';
import { services, type ServiceId } from './services';
import { site } from './site';
import { withdrawalForm as modelWithdrawalForm, withdrawalFormAddressee } from './withdrawal-form';

/**
 * The devis the team writes in the inbox and the client accepts online: its rates, its delays, its number
 * and the sentences it carries. The receiver reads this module through receiver/src/facts.ts; the rules
 * that use it are in receiver/src/requests/devis/ (docs/devis.md). Figures already stated elsewhere (the
 * VAT rates, the validity, the withdrawal period, the prices) are read from their one place, never copied.
 */

export type DevisVatRateId = 'standard' | 'homeWorks' | 'energyRenovation';

export type DevisVatRate = {
  id: DevisVatRateId;
  /** In %, from content/pricing.ts. */
  ratePercent: number;
  /** "20 %", "5,5 %". */
  label: string;
  /** When the rate applies, for the team choosing it. */
  condition: string;
  /** The article of the Code général des impôts. */
  legalBasis: string;
  /**
   * The client's certification that the reduced rate's conditions are met, printed on the devis the client
   * accepts (CGI art. 279-0 bis, 278-0 bis A: a mention on the devis or the invoice since 1 March 2025, in
   * place of the former attestation form). Absent: none needed.
   */
  attestation?: string;
};

const homeConditions =
  'des locaux à usage d’habitation achevés depuis plus de deux ans, sans que les travaux, sur une période de deux ans, n’aboutissent à la production d’un immeuble neuf ni n’augmentent de plus de 10 % la surface de plancher';

/** The VAT rates a devis line may take, by increasing rate in the team's list: the standard one first. */
export const devisVatRates = typeset([
  {
    id: 'standard',
    ratePercent: vat.standardRate,
    label: percent(vat.standardRate),
    condition:
      'Taux normal : toutes les prestations et fournitures qui ne remplissent pas les conditions d’un taux réduit, et toutes celles vendues à un professionnel pour ses locaux professionnels.',
    legalBasis: 'article 278 du Code général des impôts',
  },
  {
    id: 'homeWorks',
    ratePercent: vat.homeWorksRate,
    label: percent(vat.homeWorksRate),
    condition: `Travaux d’amélioration, de transformation, d’aménagement ou d’entretien portant sur ${homeConditions}, et les fournitures et équipements posés à cette occasion par l’entreprise.`,
    legalBasis: 'article 279-0 bis du Code général des impôts',
    attestation: `Le client certifie que les travaux portent sur ${homeConditions}, et qu’ils remplissent les conditions du taux réduit de ${percent(vat.homeWorksRate)} de TVA (article 279-0 bis du Code général des impôts).`,
  },
  {
    id: 'energyRenovation',
    ratePercent: vat.energyRenovationRate,
    label: percent(vat.energyRenovationRate),
    condition: `Travaux d’amélioration de la qualité énergétique (isolation, chauffage ou production d’eau chaude performants, régulation…) portant sur ${homeConditions}, et les travaux induits qui leur sont indissociablement liés, dans les limites de l’article 278-0 bis A.`,
    legalBasis: 'article 278-0 bis A du Code général des impôts',
    attestation: `Le client certifie que les travaux de rénovation énergétique portent sur ${homeConditions}, et qu’ils remplissent les conditions du taux réduit de ${percent(vat.energyRenovationRate)} de TVA (article 278-0 bis A du Code général des impôts).`,
  },
] as const satisfies readonly DevisVatRate[]);

/** The devis's fixed figures. */
export const devisTerms = {
  /** A devis is valid this many days from its date (a setting of each devis; this is its default). */
  validityDays: site.quote.validityDays,
  /** The devis costs the client nothing. */
  free: site.quote.free,
  /** The consumer's withdrawal period, in days (C. conso. L. 221-18). */
  withdrawalDays: terms.withdrawalDays,
  /** Off-premises: no payment nor deposit before this many days from the contract (C. conso. L. 221-10). */
  offPremisesPaymentDelayDays: terms.offPremisesPaymentDelayDays,
  /** L. 221-3: a professional with at most this many employees may have the consumer's rights off premises. */
  smallBusinessMaxEmployees: terms.smallBusinessMaxEmployees,
  /**
   * A contract concluded electronically for this amount TTC or more is kept this long, with access for the
   * client (C. conso. L. 213-1, D. 213-1).
   */
  electronicContractKeep,
  /** Deposit that may be asked for large jobs, in % of the devis (the CGV's figure). */
  depositPercent: terms.depositPercent,
  /**
   * The team's reminders about a sent devis, each sent once to the member the request is assigned to: not
   * opened by the client after this many working days, not answered after this many, and its validity
   * ending in this many calendar days.
   */
  reminders: { notOpenedWorkingDays: 3, notAnsweredWorkingDays: 7, expiringInDays: 3 },
  /**
   * How long the client's link answers (docs/devis.md, « La durée du lien »): a devis not accepted, this many
   * days after its last valid day; an accepted one without a withdrawal right, this many days after the
   * acceptance; a withdrawn one, this many days after the withdrawal (the refund's delay, L. 221-24). The
   * withdrawal period's own length, so that every link lives as long as the period it may have to serve.
   */
  linkExtraDays: terms.withdrawalDays,
} as const;

/** How a payment was received (« Paiement reçu » on an accepted devis); the keys are stored, never renamed. */
export const devisPaymentMeans = {
  cheque: 'Chèque',
  virement: 'Virement',
  especes: 'Espèces',
  carte: 'Carte bancaire',
} as const;

export type DevisPaymentMean = keyof typeof devisPaymentMeans;

/** What a new devis proposes before the team changes it (the validity is devisTerms.validityDays). */
export const devisDefaults = typeset({
  paymentTerms: 'À réception de la facture, par virement ou par chèque.',
});

/**
 * The devis's number: "DEV-2026-0001", the year of its first sending and its rank in that year, given in
 * order with no gap (receiver/src/store/devis-queries.ts). Changing the prefix or the digits changes only
 * the numbers given from then on.
 */
export const devisNumberFormat = { prefix: 'DEV', digits: 4 } as const;

export function formatDevisNumber(year: number, rank: number): string {
  return `${devisNumberFormat.prefix}-${year}-${String(rank).padStart(devisNumberFormat.digits, '0')}`;
}

/**
 * Where the client opens their devis: `${siteUrl}${DEVIS_CLIENT_PATH}/<secret>`, a page the receiver serves
 * on its public listener behind nginx (deploy/render.ts publishes the path), never under the inbox's path.
 */
export const DEVIS_CLIENT_PATH = '/votre-devis';

/** The units the team picks from (a typed unit is allowed too). */
export const devisUnits = ['forfait', 'heure', 'km', 'unité', 'm', 'm²', 'séance'] as const;

export type PriceListLine = {
  id: `service:${ServiceId}` | 'hourly' | 'travel';
  designation: string;
  unit: string;
  /** HT, in euros, as content/pricing.ts states it. */
  unitPriceHtEuros: number;
  /** A starting price: the team may raise it, never go below. */
  from: boolean;
  kind: 'service';
};

const city = deName(site.address.city);

/**
 * The company's price list as devis lines, read from content/pricing.ts and content/services.ts (the same
 * amounts /services shows): each service's starting price, the hourly rate, the travel beyond the included
 * distance. The receiver turns them into lines in cents (requests/devis/price-list.ts).
 */
export function priceListLines(): PriceListLine[] {
  return typeset([
    ...services.map((service): PriceListLine => ({
      id: `service:${service.id}`,
      designation: service.per ? `${service.title}, par ${service.per}` : service.title,
      unit: service.per ? 'séance' : 'forfait',
      unitPriceHtEuros: service.priceFrom,
      from: true,
      kind: 'service',
    })),
    {
      id: 'hourly',
      designation: 'Main-d’œuvre',
      unit: 'heure',
      unitPriceHtEuros: rates.hourlyEuros,
      from: false,
      kind: 'service',
    },
    {
      id: 'travel',
      designation: `Déplacement au-delà de ${terms.travelIncludedKm} km ${city}, par kilomètre supplémentaire (aller et retour)`,
      unit: 'km',
      unitPriceHtEuros: rates.travelPerKmEuros,
      from: false,
      kind: 'service',
    },
  ]);
}

const withdrawalDays = days(terms.withdrawalDays);

/**
 * The withdrawal sentences, as the devis, its page and its mails show them; which ones apply is the rule's
 * choice (receiver/src/requests/devis/withdrawal.ts, docs/devis.md).
 */
export const withdrawalTexts = typeset({
  rightFromConclusion: `Vous disposez d’un délai de ${withdrawalDays} pour vous rétracter de ce contrat, sans avoir à donner de motif ni à payer de pénalité. Ce délai court à compter du jour de la conclusion du contrat, c’est-à-dire de votre acceptation du devis (article L. 221-18 du Code de la consommation).`,
  rightFromGoodsReceipt: `Vous disposez d’un délai de ${withdrawalDays} pour vous rétracter de ce contrat, sans avoir à donner de motif ni à payer de pénalité. Ce contrat comprenant la fourniture de biens, le délai court à compter du jour où vous, ou un tiers que vous désignez, recevez le dernier bien ; vous pouvez aussi vous rétracter dès la conclusion du contrat (article L. 221-18 du Code de la consommation).`,
  periodEnd:
    'Le délai expire à la fin de son dernier jour ; s’il expire un samedi, un dimanche ou un jour férié ou chômé, il est prolongé jusqu’au premier jour ouvrable suivant (article L. 221-19 du Code de la consommation).',
  how: 'Pour exercer ce droit, notifiez-nous votre décision de vous rétracter par une déclaration dénuée d’ambiguïté : en ligne par le lien de votre devis, par e-mail ou par courrier, au moyen du formulaire de rétractation joint ou sous une autre forme. Nous accusons réception sans délai de votre rétractation, par e-mail (article L. 221-21 du Code de la consommation).',
  earlyStartBox: `Je demande expressément que les travaux commencent avant la fin du délai de rétractation de ${withdrawalDays}. Si je me rétracte après leur début, je paierai un montant correspondant au service fourni jusqu’à ce que je communique ma décision de me rétracter (article L. 221-25 du Code de la consommation). Je reconnais que je perdrai mon droit de rétractation une fois les travaux entièrement exécutés (article L. 221-28, 1°, du Code de la consommation).`,
  noEarlyStart: `Sans demande expresse de votre part, les travaux ne commencent pas avant la fin du délai de rétractation de ${withdrawalDays}.`,
  noneAtPremises:
    'Ce contrat est conclu dans nos locaux : le Code de la consommation ne prévoit pas de droit de rétractation pour un tel contrat.',
  noneProfessional:
    'Ce contrat est conclu entre professionnels : le droit de rétractation du Code de la consommation ne s’applique pas (article L. 221-3 du Code de la consommation).',
  noneUrgent:
    'Ce contrat porte sur des travaux d’entretien ou de réparation à réaliser en urgence à votre domicile, que vous avez expressément sollicités : il n’ouvre pas de droit de rétractation (article L. 221-28, 8°, du Code de la consommation). Il est limité aux pièces de rechange et aux travaux strictement nécessaires pour répondre à l’urgence ; tout autre travail fait l’objet d’un devis distinct.',
  paymentWait: `Aucun paiement ni acompte, sous quelque forme que ce soit, ne peut être reçu avant l’expiration d’un délai de ${days(terms.offPremisesPaymentDelayDays)} à compter de la conclusion du contrat (article L. 221-10 du Code de la consommation).`,
  paymentUrgent:
    'Travaux urgents expressément sollicités à votre domicile : le paiement peut être reçu dès la conclusion du contrat, dans la limite des pièces de rechange et des travaux strictement nécessaires pour répondre à l’urgence (article L. 221-10, 4°, du Code de la consommation).',
});

/** How long an accepted devis and its proof are kept, in the docs' and the mails' words. */
export const devisKeepSentence = typeset(
  `Un devis accepté en ligne pour ${formatPrice(devisTerms.electronicContractKeep.thresholdEuros)} TTC ou plus est conservé ${years(devisTerms.electronicContractKeep.years)} avec sa preuve d’acceptation, et vous pouvez en obtenir une copie à tout moment pendant cette durée (articles L. 213-1 et D. 213-1 du Code de la consommation).`,
);

/**
 * The model withdrawal form (Code de la consommation, annexe à l'article R. 221-1), with the company's
 * name, address and e-mail where the model asks for them: it goes with every devis that carries a
 * withdrawal right, on its page, in its PDF and in the acceptance mail.
 */
export const withdrawalForm = typeset({
  title: 'Formulaire de rétractation',
  // The model's wording is written once, in content/withdrawal-form.ts (the CGV read it too).
  intro: modelWithdrawalForm.instruction,
  addressee: withdrawalFormAddressee,
  fields: modelWithdrawalForm.fields,
  footnote: modelWithdrawalForm.footnote,
  basis: 'Annexe à l’article R. 221-1 du Code de la consommation',
});
