import { formatPrice, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { siteData } from './data/values';

/**
 * Legal figures of the site that are not company identity (that is content/site.ts): retention periods,
 * cookie lifetimes, terms of sale. The legal pages and their tests read them from here, so a figure is
 * changed in one place. The free quote, its 24 h answer and 30 days of validity are in `site.quote`.
 */

/** How long personal data are kept (privacy policy). */
export const retention = {
  /** Quote requests, from the last contact. */
  quoteRequestYears: 3,
  /** Client contracts and invoices. */
  contractYears: 10,
  /** The web server's logs (address, browser, pages asked for, time). */
  browsingDataMonths: 12,
  /** Consent to marketing e-mails, unless withdrawn earlier. */
  marketingConsentYears: 3,
  /** Client records (contact details, jobs done, after-sales), after the end of the relationship or the last contact. */
  clientRecordYears: 3,
  /**
   * A termination request (« Résilier un contrat »), from its effective date: the proof that the contract
   * ended, kept as long as either side may still dispute it (C. civ. 2224, five years).
   */
  terminationProofYears: 5,
} as const;

/**
 * A contract concluded electronically for this amount TTC or more (a devis accepted online) is kept with its
 * proof of acceptance until it is carried out, then this many years, the client having access to it
 * (C. conso. L. 213-1, D. 213-1 for the amount, D. 213-2 for the period). The devis, its mails and the privacy
 * policy read it here.
 */
export const electronicContractKeep = { thresholdEuros: 120, years: 10 } as const;

/** "3 ans à compter du dernier contact de votre part": the notice under the form and the policy say the same. */
export const quoteRequestRetention = typeset(
  `${years(retention.quoteRequestYears)} à compter du dernier contact de votre part`,
);

/**
 * Cookie lifetimes (cookie policy, banner). The site itself sets no cookie: it keeps the visitor's choice in
 * the browser's local storage for `consentConfig.durationLabel` (content/consent-config.ts). Google sets the
 * lifetimes of its own cookies (the map); an audience-measurement tool, if one is added, is set up so that
 * its cookies last no longer than this (CNIL).
 */
export const cookieLifetimes = {
  analyticsMonths: 13,
} as const;

/**
 * What the phone number asked by the form is for (C. conso. L. 223-1 and L. 223-2, in force since
 * 11 August 2026): said under the form and in the CGV.
 */
export const phoneUse = typeset({
  form: 'Votre numéro de téléphone ne sert qu’à vous rappeler au sujet de cette demande : nous ne faisons aucune prospection commerciale par téléphone sans votre consentement préalable (articles L. 223-1 et L. 223-2 du Code de la consommation).',
  privacy:
    'Par téléphone, nous ne vous appelons pour un rappel d’entretien ou une offre qu’avec votre consentement préalable (articles L. 223-1 et L. 223-2 du Code de la consommation).',
  cgv: 'Le numéro de téléphone que le client nous communique ne sert qu’à sa demande de devis et à l’exécution de sa commande. Nous ne lui faisons aucune prospection commerciale par téléphone sans son consentement préalable, qu’il peut retirer à tout moment (articles L. 223-1 et L. 223-2 du Code de la consommation).',
});

/** The labels of the company's identifiers, the same on the legal notice and the contact page. */
export const identifierLabels = typeset({
  legalName: 'Raison sociale',
  legalForm: 'Forme juridique',
  siren: 'SIREN',
  siret: 'SIRET (siège)',
  rcs: 'Immatriculation',
  vatNumber: 'N° de TVA intracommunautaire',
  nafCode: 'Code NAF',
});

/** Time to answer a data-protection request (RGPD art. 12.3). */
export const privacyResponseMonths = 1;

/** Cash payments (C. monét. fin. L. 112-6, D. 112-3), in euros. */
export const cashLimits = {
  /** Payer whose tax home is in France, or who acts for a business. */
  residentEuros: 1000,
  /** Private individual whose tax home is abroad. */
  nonResidentEuros: 15000,
} as const;

/** Terms of sale (CGV). */
export const terms = {
  /** Deposit that may be asked for large jobs, in % of the quote. */
  depositPercent: 30,
  /** Travel beyond this distance from the head office may be billed. */
  travelIncludedKm: 30,
  /** Late-payment penalty for professional clients: this many times the legal interest rate. */
  latePaymentRateMultiplier: 3,
  /** Fixed recovery fee for professional clients, in euros (C. com. L. 441-10, D. 441-5). */
  recoveryFeeEuros: 40,
  /** Consumer withdrawal period, in days (C. conso. L. 221-18). */
  withdrawalDays: 14,
  /** Refund after a withdrawal, at the latest, in days (C. conso. L. 221-24). */
  refundDays: 14,
  /** Goods supplied with a job come back within this many days of a withdrawal (C. conso. L. 221-23). */
  goodsReturnDays: 14,
  /** Off-premises contract with a consumer: no payment before this many days (C. conso. L. 221-10). */
  offPremisesPaymentDelayDays: 7,
  /** Professionals with at most this many employees get the withdrawal right off premises (C. conso. L. 221-3). */
  smallBusinessMaxEmployees: 5,
  /** A cancellation this many hours or less before the intervention is late. */
  lateCancellationHours: 48,
  /** Late-cancellation fee for professional clients, in % of the quote. */
  lateCancellationFeePercent: 30,
  /** Complaints in writing within this many days of the service. */
  complaintDays: 8,
  /** Contractual warranty on our work, from completion. */
  warrantyYears: 1,
  /** Legal guarantee of conformity for goods sold to consumers (C. conso. L. 217-3). */
  conformityGuaranteeYears: 2,
  /** Action for hidden defects, from their discovery (C. civ. 1648). */
  hiddenDefectsYears: 2,
  /** Builders' liability (C. civ. 1792, 1792-4-1). */
  decennialYears: 10,
  /** Good functioning of equipment elements, from acceptance of the works (C. civ. 1792-3). */
  goodFunctioningYears: 2,
  /** Perfect completion, from acceptance of the works (C. civ. 1792-6). */
  perfectCompletionYears: 1,
  /** Without an agreed date, a service to a consumer is performed within this many days (C. conso. L. 216-1). */
  consumerDefaultPerformanceDays: 30,
  /** A consumer refers to the mediator within this many years of the written complaint (C. conso. L. 612-2). */
  mediationDelayYears: 1,
  paymentMethods: typeset([
    'virement bancaire',
    'chèque',
    'carte bancaire',
    `espèces, dans la limite de ${formatPrice(cashLimits.residentEuros)} (${formatPrice(cashLimits.nonResidentEuros)} pour un particulier dont le domicile fiscal est à l’étranger et qui n’agit pas pour les besoins d’une activité professionnelle)`,
  ]),
} as const;

/** Maintenance contracts (CGV): a first term, then tacit renewal (C. conso. L. 215-1 for consumers). */
export const maintenanceContract = {
  /** First term, from signature. */
  termYears: 1,
  /** Each tacit renewal. */
  renewalYears: 1,
  /** Either party may refuse the renewal up to this long before the term. */
  noticeMonths: 1,
  /**
   * The new period's price is sent at least this long before the last day to refuse the renewal; sent later,
   * the current price stays (C. conso. R. 212-1, 3°).
   */
  priceNoticeMonths: 1,
  /** L. 215-1: the consumer is told of the right not to renew between these two bounds before the deadline. */
  reminderEarliestMonths: 3,
  reminderLatestMonths: 1,
  /** L. 215-1: advance payments refunded within this many days after a termination. */
  refundDays: 30,
  /** Termination for a serious breach left unremedied this many days after formal notice. */
  breachCureDays: 30,
} as const;

/**
 * The décennale covers only works that constitute an "ouvrage" (C. civ. 1792): every text that mentions it
 * says so with these words.
 */
export const decennial = typeset({
  works: 'travaux d’installation constituant un ouvrage',
  article: 'article 1792 du Code civil',
});

/** The French data-protection authority (complaints, cookie guidance). */
export const cnil = typeset({
  name: 'Commission nationale de l’informatique et des libertés (CNIL)',
  address: '3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
  website: 'https://www.cnil.fr/',
  websiteLabel: 'cnil.fr',
  complaintUrl: 'https://www.cnil.fr/fr/plaintes',
  cookieGuidanceUrl: 'https://www.cnil.fr/fr/cookies-et-autres-traceurs',
  browserSettingsUrl:
    'https://www.cnil.fr/fr/cookies-et-autres-traceurs/comment-se-proteger/maitriser-votre-navigateur',
});

/** The official site of the French accessibility standard (RGAA). */
export const rgaa = typeset({
  name: 'référentiel général d’amélioration de l’accessibilité (RGAA)',
  version: '4.1.2',
  website: 'https://accessibilite.numerique.gouv.fr/',
  websiteLabel: 'accessibilite.numerique.gouv.fr',
});

/** Recourse on accessibility: discrimination (Défenseur des droits) and market surveillance (DGCCRF). */
export const accessibilityAuthorities = typeset({
  defenseur: {
    name: 'Défenseur des droits',
    website: 'https://www.defenseurdesdroits.fr/',
    websiteLabel: 'defenseurdesdroits.fr',
    /** Free post: no stamp needed. */
    address: 'Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07',
  },
  marketSurveillance: {
    name: 'Direction générale de la concurrence, de la consommation et de la répression des fraudes (DGCCRF)',
    shortName: 'DGCCRF',
    reportUrl: 'https://signal.conso.gouv.fr/',
    reportLabel: 'SignalConso',
  },
});

/**
 * The RGAA audit: with ten staff or more the company is not a micro-enterprise exempt from the
 * accessibility requirements of e-commerce services (C. conso. L. 412-13, décret 2023-931), in force since
 * 28 June 2025 and so from the site's first day online: the audit is planned for the go-live
 * (content/go-live.ts), as the accessibility page says. The go-live check asks until the company confirms
 * it has ordered it (`accessibilityAuditOrdered` in content/data/mise-en-ligne.json, content/placeholders.ts).
 */
export const accessibilityAudit = { ordered: siteData['mise-en-ligne'].accessibilityAuditOrdered };

/** A wording of the legal texts (`choice`), and whether the company confirmed it (`confirmed`). */
type CompanyChoice = { choice: boolean; confirmed: boolean };

/**
 * Choices the legal texts make for the company, written the most protective way for the client until the
 * company confirms them (`confirmed: true`): the go-live check asks each question (content/placeholders.ts).
 * `choice` false takes the other wording. The answers are `companyChoices` in content/data/mise-en-ligne.json.
 */
export const companyChoices: {
  /**
   * After a withdrawal, we collect the goods supplied with a job ourselves, at our cost (C. conso. L. 221-23).
   * false: the consumer sends them back and pays the direct cost of returning them.
   */
  goodsCollectedAtOurCost: CompanyChoice;
  /**
   * We repair household, IT or telecom equipment, so we offer parts from the circular economy instead of new
   * ones (C. conso. L. 224-109, R. 224-30 and following). false: we repair none of these.
   */
  reusedPartsOffered: CompanyChoice;
} = siteData['mise-en-ligne'].companyChoices;

/**
 * The receiver's mail relay (its SMTP_URL) and the company's mailbox (QUOTE_NOTIFY_EMAIL) carry and keep every
 * quote request. The privacy policy promises that no data leaves the EU beyond the cases it names, and that
 * every processor works under a contract (RGPD art. 28): the go-live check asks until the company confirms
 * both providers are in the EU and under contract (`mailProvidersInEuUnderContract` in
 * content/data/mise-en-ligne.json, content/placeholders.ts).
 */
export const mailProviders = { inEuUnderContract: siteData['mise-en-ligne'].mailProvidersInEuUnderContract };

/** How parts are billed, with the offer of reused parts where the law asks for it: under the price list and in the CGV. */
export const partsSentence = typeset(
  `Les pièces et fournitures sont facturées en plus, au prix indiqué sur le devis.${
    companyChoices.reusedPartsOffered.choice
      ? ' Pour la réparation d’appareils électroménagers, informatiques ou de télécommunication, nous proposons, lorsqu’elles sont disponibles, des pièces issues de l’économie circulaire à la place de pièces neuves (article L. 224-109 du Code de la consommation).'
      : ''
  }`,
);

/**
 * The session cookie of the team's inbox (receiver/src/inbox/sessions.ts, receiver/src/config.ts), named in
 * the cookie policy: set only for a team member who signs in, strictly necessary, never for a visitor. Its
 * name over HTTPS (how the inbox is published), its longest life (QUOTE_SESSION_MAX_DAYS, default 7 days:
 * its Max-Age) and the idle time that ends the session on the server (QUOTE_SESSION_IDLE_HOURS, default
 * 12 hours). unit/inbox-cookie.test.ts checks these against the receiver's own values.
 */
export const inboxSessionCookie = { name: '__Host-gestion_session', maxDays: 7, idleHours: 12 } as const;
