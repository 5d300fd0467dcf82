import { typeset } from '@/lib/typography';

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
  /** Browsing data (server logs, audience measurement). */
  browsingDataMonths: 13,
  /** Consent to marketing e-mails, unless withdrawn earlier. */
  marketingConsentYears: 3,
} as const;

/** Maximum cookie lifetimes (cookie policy). */
export const cookieLifetimes = {
  necessaryMonths: 12,
  analyticsMonths: 13,
  functionalityMonths: 12,
  /** No persistent cookie is kept longer (CNIL). */
  persistentMaxMonths: 13,
} as const;

/** Time to answer a data-protection request (RGPD art. 12.3). */
export const privacyResponseMonths = 1;

/** Terms of sale (CGV). */
export const terms = {
  /** Deposit that may be asked for large jobs, in % of the quote. */
  depositPercent: 30,
  /** Travel beyond this distance from the head office may be billed. */
  travelIncludedKm: 30,
  /** Late-payment penalty for professional clients: this many times the legal interest rate. */
  latePaymentRateMultiplier: 3,
  /** Fixed recovery fee for professional clients, in euros (C. com. L441-10, D441-5). */
  recoveryFeeEuros: 40,
  /** Consumer withdrawal period, in days (C. conso. L221-18). */
  withdrawalDays: 14,
  /** Refund after a withdrawal, at the latest, in days (C. conso. L221-24). */
  refundDays: 14,
  /** Off-premises contract with a consumer: no payment before this many days (C. conso. L221-10). */
  offPremisesPaymentDelayDays: 7,
  /** Professionals with at most this many employees get the withdrawal right off premises (C. conso. L221-3). */
  smallBusinessMaxEmployees: 5,
  /** A cancellation this many hours or less before the intervention is late. */
  lateCancellationHours: 48,
  /** Late-cancellation fee for professional clients, in % of the quote. */
  lateCancellationFeePercent: 30,
  /** Complaints in writing within this many days of the service. */
  complaintDays: 8,
  /** Contractual warranty on our work, from completion. */
  warrantyYears: 1,
  /** Legal guarantee of conformity for goods sold to consumers (C. conso. L217-3). */
  conformityGuaranteeYears: 2,
  /** Action for hidden defects, from their discovery (C. civ. 1648). */
  hiddenDefectsYears: 2,
  /** Builders' liability (C. civ. 1792, 1792-4-1). */
  decennialYears: 10,
  /** Without an agreed date, a service to a consumer is performed within this many days (C. conso. L216-1). */
  consumerDefaultPerformanceDays: 30,
  /** A consumer refers to the mediator within this many years of the written complaint (C. conso. L612-2). */
  mediationDelayYears: 1,
  paymentMethods: typeset([
    'virement bancaire',
    'chèque',
    'carte bancaire',
    'espèces, dans la limite fixée par l’article D112-3 du Code monétaire et financier',
  ]),
} as const;

/** The French data-protection authority (complaints, cookie guidance). */
export const cnil = typeset({
  name: 'Commission nationale de l’informatique et des libertés (CNIL)',
  address: '3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
  website: 'https://www.cnil.fr/',
  websiteLabel: 'cnil.fr',
  complaintUrl: 'https://www.cnil.fr/fr/plaintes',
  cookieGuidanceUrl: 'https://www.cnil.fr/fr/cookies-et-autres-traceurs',
});
