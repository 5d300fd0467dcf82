import { days, deName, formatPrice, percent, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { electronicContractKeep, terms } from './legal-facts';
import { siteData, type SiteData } from './data/values';
import { ratesOf, vat } from './pricing';
import { servicesOf, type ServiceId } from './services';
import { site } from './site';
import { withdrawalFormAddressee, withdrawalFormOf, type WithdrawalAddressee } from './withdrawal-form';

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
    attestation: `En acceptant ce devis, vous certifiez que les travaux portent sur ${homeConditions}, et qu’ils remplissent les conditions du taux réduit de ${percent(vat.homeWorksRate)} de TVA (article 279-0 bis du Code général des impôts).`,
  },
  {
    id: 'energyRenovation',
    ratePercent: vat.energyRenovationRate,
    label: percent(vat.energyRenovationRate),
    condition: `Travaux d’amélioration de la qualité énergétique (isolation, chauffage ou production d’eau chaude performants, régulation…) portant sur ${homeConditions}, et les travaux induits qui leur sont indissociablement liés, dans les limites de l’article 278-0 bis A.`,
    legalBasis: 'article 278-0 bis A du Code général des impôts',
    attestation: `En acceptant ce devis, vous certifiez que les travaux de rénovation énergétique portent sur ${homeConditions}, et qu’ils remplissent les conditions du taux réduit de ${percent(vat.energyRenovationRate)} de TVA (article 278-0 bis A du Code général des impôts).`,
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
 * order with no gap (receiver/src/store/devis-sending.ts). Changing the prefix or the digits changes only
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

/**
 * The company's price list as devis lines, read from content/pricing.ts and content/services.ts (the same
 * amounts /services shows): each service's starting price, the hourly rate, the travel beyond the included
 * distance. The receiver turns them into lines in cents (requests/devis/price-list.ts). Of the committed data
 * unless given other data (the published data, read at run time).
 */
export function priceListLines(data: SiteData = siteData): PriceListLine[] {
  const rates = ratesOf(data);
  const city = deName(data.coordonnees.address.city);
  return typeset([
    ...servicesOf(data).map((service): PriceListLine => ({
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
 * choice (receiver/src/requests/devis/withdrawal.ts, docs/devis.md). They speak of « l’exécution du
 * contrat », never of « travaux », since a devis may be for advice as well as for works.
 */
export const withdrawalTexts = typeset({
  rightFromConclusion: `Vous disposez d’un délai de ${withdrawalDays} pour vous rétracter de ce contrat, sans avoir à donner de motif ni à payer de pénalité. Ce délai court à compter du jour de la conclusion du contrat, c’est-à-dire de votre acceptation du devis (article L. 221-18 du Code de la consommation).`,
  rightFromGoodsReceipt: `Vous disposez d’un délai de ${withdrawalDays} pour vous rétracter de ce contrat, sans avoir à donner de motif ni à payer de pénalité. Ce contrat comprenant la fourniture de biens, le délai court à compter du jour où vous, ou un tiers que vous désignez, recevez le dernier bien ; vous pouvez aussi vous rétracter dès la conclusion du contrat (article L. 221-18 du Code de la consommation).`,
  periodEnd:
    'Le délai expire à la fin de son dernier jour ; s’il expire un samedi, un dimanche ou un jour férié ou chômé, il est prolongé jusqu’au premier jour ouvrable suivant (article L. 221-19 du Code de la consommation).',
  how: 'Pour exercer ce droit, notifiez-nous votre décision de vous rétracter par une déclaration dénuée d’ambiguïté : en ligne par le lien de votre devis, par e-mail ou par courrier, au moyen du formulaire de rétractation joint ou sous une autre forme. Nous accusons réception sans délai de votre rétractation, par e-mail (article L. 221-21 du Code de la consommation).',
  earlyStartBox: `Je demande expressément que l’exécution du contrat commence avant la fin du délai de rétractation de ${withdrawalDays}. Si je me rétracte après ce début, je paierai un montant proportionnel à ce qui m’aura été fourni jusqu’à la communication de ma décision de me rétracter (article L. 221-25 du Code de la consommation). Je reconnais perdre mon droit de rétractation une fois le contrat entièrement exécuté (article L. 221-28, 1°, du Code de la consommation).`,
  /** What an early start costs, on the devis itself (its PDF and its page), wherever the right applies. */
  earlyStartCost: `Si vous demandez expressément que l’exécution du contrat commence avant la fin du délai de rétractation, puis vous vous rétractez, vous nous devez un montant proportionnel à ce qui vous a été fourni jusqu’à la communication de votre décision de vous rétracter (article L. 221-25 du Code de la consommation). Vous perdez votre droit de rétractation une fois le contrat entièrement exécuté à votre demande (article L. 221-28, 1°, du Code de la consommation).`,
  /** Services only: the period runs from the conclusion, so its end is a date the client can count to. */
  noEarlyStart: `Sans demande expresse de votre part, l’exécution du contrat ne commence pas avant la fin du délai de rétractation de ${withdrawalDays}.`,
  /**
   * With goods: the period runs from their receipt, which is the day they are fitted, so « not before the end
   * of the period » would be circular; the wait is counted from the conclusion instead.
   */
  noEarlyStartGoods: `Les équipements vous sont remis le jour de leur pose : c’est de ce jour que court le délai de rétractation. Sans demande expresse de votre part, nous ne commençons l’exécution du contrat, pose comprise, qu’après un délai de ${withdrawalDays} à compter de sa conclusion ; vous gardez ensuite votre droit de rétractation pendant ${withdrawalDays} à compter de la pose.`,
  noneAtPremises:
    'Ce contrat est conclu dans nos locaux : le Code de la consommation ne prévoit pas de droit de rétractation pour un tel contrat.',
  noneProfessional:
    'Ce contrat est conclu entre professionnels : le droit de rétractation du Code de la consommation ne s’applique pas (article L. 221-3 du Code de la consommation).',
  noneNonProfessional:
    'Le droit de rétractation est réservé aux consommateurs : vous concluez ce contrat en tant que non-professionnel (personne morale qui n’agit pas à des fins professionnelles), il n’ouvre donc pas de droit de rétractation (articles liminaire et L. 221-18 du Code de la consommation).',
  noneUrgent:
    'Ce contrat porte sur des travaux d’entretien ou de réparation à réaliser en urgence à votre domicile, que vous avez expressément sollicités : il n’ouvre pas de droit de rétractation (article L. 221-28, 8°, du Code de la consommation). Il est limité aux pièces de rechange et aux travaux strictement nécessaires pour répondre à l’urgence ; tout autre travail fait l’objet d’un devis distinct.',
  paymentWait: `Aucun paiement ni acompte, sous quelque forme que ce soit, ne peut être reçu avant l’expiration d’un délai de ${days(terms.offPremisesPaymentDelayDays)} à compter de la conclusion du contrat (article L. 221-10 du Code de la consommation).`,
  paymentUrgent:
    'Travaux urgents expressément sollicités à votre domicile : le paiement peut être reçu dès la conclusion du contrat, dans la limite des pièces de rechange et des travaux strictement nécessaires pour répondre à l’urgence (article L. 221-10, 4°, du Code de la consommation).',
});

/**
 * The devis editor's choices of who the client is and how the contract is made, with the help the team
 * reads beside each: a wrong choice changes the client's rights (receiver/src/inbox/devis-form.ts reads them
 * as `Record`s keyed by the client's kind and the contract's way, so that none is left without its words).
 */
export const devisEditorTexts = typeset({
  clientKindLegend: 'Le client est',
  clientKinds: {
    consumer: {
      label: 'un particulier',
      help: 'Une personne qui agit pour ses besoins personnels, hors de toute activité professionnelle : elle a les droits du consommateur (rétractation, médiateur).',
    },
    nonProfessional: {
      label: 'un non-professionnel (syndicat de copropriétaires, association)',
      help: 'Une personne morale qui n’agit pas à des fins professionnelles : ni droit de rétractation ni médiateur de la consommation, et le devis ne la traite pas en professionnel.',
    },
    professional: {
      label: 'un professionnel',
      help: 'Une entreprise ou un indépendant, pour les besoins de son activité : indiquez son SIREN, son nombre de salariés et si les travaux sortent de son activité principale ; ces deux faits sont imprimés sur le devis.',
    },
  },
  wayLegend: 'Conclusion du contrat',
  wayIntro:
    'Choisissez d’après le lieu et le moment où le client accepte le devis. Un mauvais choix prive le devis des informations que la loi impose : le client pourrait alors se rétracter jusqu’à 12 mois de plus et ne rien devoir pour le travail déjà fait.',
  ways: {
    distance: {
      label: 'À distance (envoyé par lien)',
      help: 'Le client accepte en ligne, par le lien reçu par e-mail, sans que nous l’ayons rencontré juste avant. S’il accepte aussitôt après une visite chez lui ou une rencontre hors de nos locaux, choisissez « Hors établissement ».',
    },
    'hors-etablissement': {
      label: 'Hors établissement (chez le client)',
      help: `Le client accepte en votre présence chez lui ou ailleurs que dans nos locaux (vous lui tendez le téléphone), ou juste après que vous l’avez rencontré hors de nos locaux, même en ligne (article L. 221-1 du Code de la consommation). Aucun paiement ni acompte ne peut alors être reçu avant le ${terms.offPremisesPaymentDelayDays + 1}e jour qui suit la conclusion.`,
    },
    etablissement: {
      label: 'Dans nos locaux',
      help: 'Seulement si le client accepte le devis sur place, dans nos locaux. Un devis accepté ailleurs, même quelques heures après une visite à nos locaux, est à distance ou hors établissement.',
    },
  },
  urgent: {
    label: 'Intervention urgente demandée par le client',
    help: 'Seulement si le client vous a expressément demandé de venir d’urgence chez lui pour un entretien ou une réparation : le devis n’ouvre alors pas de droit de rétractation et peut être payé dès son acceptation, mais il doit se limiter aux pièces et travaux strictement nécessaires pour répondre à l’urgence (article L. 221-28, 8°, du Code de la consommation). Tout autre travail fait l’objet d’un devis distinct.',
  },
});

/**
 * When a deposit may be paid off premises (L. 221-10): the same words in the « Paiement » mention and beside
 * the deposit in the PDF's conditions.
 */
export const depositNotBefore = typeset(
  `payable au plus tôt le ${terms.offPremisesPaymentDelayDays + 1}e jour après la conclusion du contrat (article L. 221-10 du Code de la consommation)`,
);

/**
 * The acknowledgment of a withdrawal sent to the client (receiver/src/delivery/devis-client-mails.ts): when
 * and how the money comes back, what happens to goods already fitted, what an early start leaves due. The
 * refund's last day ({date}) is computed from the withdrawal's day.
 */
export const withdrawalAcknowledgmentTexts = typeset({
  received:
    'Nous avons bien reçu votre rétractation du contrat ci-dessous, exercée en ligne. Conservez ce message : il en est la preuve (article L. 221-21 du Code de la consommation).',
  refund: `Nous vous remboursons toutes les sommes que vous nous avez versées au plus tard le {date}, soit ${days(terms.refundDays)} après votre rétractation, par le même moyen de paiement que celui que vous avez utilisé, sauf si vous acceptez expressément un autre moyen, sans frais pour vous (article L. 221-24 du Code de la consommation).`,
  goods: `Si des équipements vous ont déjà été remis, nous les reprenons à nos frais, à une date convenue avec vous dans les ${days(terms.goodsReturnDays)} qui suivent votre rétractation (article L. 221-23 du Code de la consommation).`,
  earlyStart:
    'Vous aviez demandé que l’exécution du contrat commence avant la fin du délai de rétractation : le montant proportionnel à ce qui vous a été fourni jusqu’à votre rétractation reste dû (article L. 221-25 du Code de la consommation). Nous vous en adresserons le détail.',
});

/** Devis to a professional: the commercial code's terms that a devis to a consumer never carries. */
export const devisProfessionalTerms = {
  /** The longest payment term the parties may agree, from the invoice's date (C. com. L. 441-10, I). */
  maxPaymentDays: 60,
} as const;

/** The sentences only a professional's devis carries (receiver/src/requests/devis/mentions.ts). */
export const devisProfessionalTexts = typeset({
  /** {employees} is the headcount the team typed, {activity} says whether the works are within the main activity. */
  declared: 'Vous nous avez déclaré employer {employees} ; {activity}.',
  withinActivity: 'les travaux entrent dans le champ de votre activité principale',
  outsideActivity: 'les travaux n’entrent pas dans le champ de votre activité principale',
  paymentMax: `Délai de paiement convenu ci-dessus, sans pouvoir dépasser ${days(devisProfessionalTerms.maxPaymentDays)} à compter de la date d’émission de la facture (article L. 441-10 du Code de commerce).`,
  latePayment: `Tout retard de paiement entraîne de plein droit, sans rappel préalable, des pénalités de retard égales à ${terms.latePaymentRateMultiplier} fois le taux d’intérêt légal, dues à compter du jour suivant la date d’échéance, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de ${formatPrice(terms.recoveryFeeEuros)} (articles L. 441-10 et D. 441-5 du Code de commerce).`,
  indicativeSchedule: 'Délais d’exécution donnés à titre indicatif, sauf date ferme indiquée au présent devis.',
});

/**
 * How long an accepted devis and its proof are kept, in the mails' and the link's words (a consumer's
 * contract concluded electronically; the period starts once the contract is performed, D. 213-2), with the
 * company's e-mail address to ask for a copy (the one published, when the receiver writes it).
 */
export const devisKeepSentence = (email: string) =>
  typeset(
    `Un devis accepté en ligne pour ${formatPrice(devisTerms.electronicContractKeep.thresholdEuros)} TTC ou plus est conservé avec sa preuve d’acceptation jusqu’à l’exécution complète des prestations, puis pendant ${years(devisTerms.electronicContractKeep.years)} ; vous pouvez en obtenir une copie à tout moment, sur simple demande à ${email} (articles L. 213-1, D. 213-1 et D. 213-2 du Code de la consommation).`,
  );

/**
 * The model withdrawal form (Code de la consommation, annexe à l'article R. 221-1), with the company's
 * name, address and e-mail where the model asks for them: it goes with every devis that carries a
 * withdrawal right, on its page, in its PDF and in the acceptance mail. A function of the company's facts: a
 * sent devis names those frozen at its sending (receiver/src/requests/devis/view.ts).
 */
export function withdrawalForm(company: WithdrawalAddressee) {
  const model = withdrawalFormOf(company);
  return typeset({
    title: 'Formulaire de rétractation',
    // The model's wording is written once, in content/withdrawal-form.ts (the CGV read it too).
    intro: model.instruction,
    addressee: withdrawalFormAddressee(model),
    fields: model.fields,
    footnote: model.footnote,
    basis: 'Annexe à l’article R. 221-1 du Code de la consommation',
  });
}

/** The devis's withdrawal form: its title, the model's words and the company's details. */
export type DevisWithdrawalForm = ReturnType<typeof withdrawalForm>;
