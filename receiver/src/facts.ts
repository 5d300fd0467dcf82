/**
 * Every fact the receiver shares with the site, imported from content/ and lib/ in this one module so a
 * move on that side is fixed here only. Nothing below restates a value: the form and the receiver read
 * the same constants.
 */
import type { Closure } from '@/lib/closures';
import { site } from '@/content/site';

export {
  QUOTE_FILE_FIELD,
  QUOTE_FILE_TYPES,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILE_LABEL,
  QUOTE_MAX_LENGTHS,
  QUOTE_RECEIVER_PATH,
  QUOTE_REQUEST_ID_FIELD,
} from '@/content/quote-settings';
export type { QuoteFileType } from '@/content/quote-settings';
export {
  QUOTE_FORMATS,
  QUOTE_REFUSAL_CODES,
  quoteAnswerSchema,
  quoteRefusalSchema,
  quoteRequestSchema,
} from '@/content/quote-contract';
export type {
  QuoteAnswer,
  QuoteFormat,
  QuoteRefusal,
  QuoteRefusalCode,
  QuoteRequest,
  QuoteRequestField,
} from '@/content/quote-contract';
export { locationOptions, quoteForm, serviceTypeOptions } from '@/content/quote';
export type { QuoteOption } from '@/content/quote';
export { site, siteOf, siteUrl } from '@/content/site';
/** The owner's data (content/data/): the facts above derive from it (siteOf, ratesOf, priceListLines). */
export { siteData } from '@/content/data/values';
export type { SiteData } from '@/content/data/values';
export { isClosureDay } from '@/lib/closures';
export type { Closure };
/**
 * The company's exceptional closures as built (content/site.ts): the default of the rules that skip their
 * days (requests/deadline.ts); the receiver passes the published ones (store/site-data.ts).
 */
export const closures: readonly Closure[] = site.closures;
export { isPublicHoliday } from '@/lib/holidays';
export { cgvPdfTexts, decennialAttestationFile, proofTexts } from '@/content/devis-documents';
export type { CgvVersionEntry } from '@/content/legal/cgv-version';
export type { Block as LegalBlock, CgvSnapshot, Inline as LegalInline } from '@/content/legal/types';
export { demoDevis } from '@/content/demo';
export { isSampleInsurance, isSampleMediator } from '@/content/placeholders';
export { dateOfDay, fillTemplate, formatFrenchDay } from '@/lib/format';
export { addDays, addMonths, addYears, isoDay, isoDayOf } from '@/lib/days';
/** The site's brand colours, for the documents the receiver draws (the devis's PDF). */
export { colors as siteColours } from '@/lib/design-tokens';
export { maintenanceContract, privacyResponseMonths, retention } from '@/content/legal-facts';
export { frenchTypography, typeset, NBSP, NNBSP } from '@/lib/typography';
export {
  formatFileSize,
  formatFrenchDate,
  formatFrenchDateTime,
  formatFrenchTime,
  formatPrice,
  formatSheetDateTime,
  frenchWeekday,
  lowerFirst,
  parisClock,
  SITE_TIME_ZONE,
  vatOnCents,
  withoutProtocol,
} from '@/lib/format';
export type { ParisClock } from '@/lib/format';
export { responsePromise } from '@/content/commitments';
export { responseWorkingDays } from '@/content/commitments';
export { daysOf, WEEK_DAYS } from '@/lib/hours';
export type { OpeningRule, WeekDay } from '@/lib/hours';
export { days, deName, months, percent, years } from '@/lib/format';
export {
  TERMINATION_CONTRACT_TYPES,
  TERMINATION_MAX_LENGTHS,
  TERMINATION_RECEIVER_PATH,
  isEarliestEffectiveDay,
  isIsoDay,
  terminationEffectiveDay,
  terminationProofYears,
} from '@/content/termination-settings';
export type { TerminationContractType } from '@/content/termination-settings';
export {
  TERMINATION_FORMATS,
  TERMINATION_REFUSAL_CODES,
  terminationAnswerSchema,
  terminationRefusalSchema,
  terminationRequestSchema,
} from '@/content/termination-contract';
export type {
  TerminationAnswer,
  TerminationFormat,
  TerminationRefusal,
  TerminationRefusalCode,
  TerminationRequest,
  TerminationRequestField,
} from '@/content/termination-contract';
export {
  effectiveDayText,
  legitimateReason,
  terminationContractLabels,
  terminationEffects,
  terminationForm,
  terminationMailTexts,
  terminationPlainPages,
} from '@/content/termination';
export {
  DEVIS_CLIENT_PATH,
  depositNotBefore,
  devisDefaults,
  devisEditorTexts,
  devisKeepSentence,
  devisNumberFormat,
  devisProfessionalTerms,
  devisProfessionalTexts,
  devisPaymentMeans,
  devisTerms,
  devisUnits,
  devisVatRates,
  formatDevisNumber,
  priceListLines,
  withdrawalAcknowledgmentTexts,
  withdrawalForm,
  withdrawalTexts,
} from '@/content/devis';
export type {
  DevisPaymentMean,
  DevisVatRate,
  DevisVatRateId,
  DevisWithdrawalForm,
  PriceListLine,
} from '@/content/devis';
export { fullAddress } from '@/content/site';
export { paths } from '@/content/navigation';
export { cgvVersionOn, cgvVersions, cgvVersionsOf } from '@/content/legal/cgv-version';
export { CGV_VERSIONS_DIR, snapshotDates } from '@/lib/cgv-snapshots';
export { rates, ratesOf } from '@/content/pricing';
export { terms } from '@/content/legal-facts';
export type { Site } from '@/content/types';
export { devisClientLimits, devisClientTexts, devisCodeRules } from '@/content/devis-client';
export { devisClientLinkTexts } from '@/content/devis-client-links';
export { devisAnswerTexts, devisCodeCaps } from '@/content/devis-answers';
export { devisClientMailTexts } from '@/content/devis-client-mails';
export { telHref } from '@/lib/format';
export { formatSiren } from '@/lib/identifiers';
/** The site's facts the managers edit in « Le site » (inbox/site-routes.ts): the pages, their schemas, their check. */
export { reviewsDataFile, siteDataPages } from '@/content/data/registry';
export type { SiteDataId } from '@/content/data/registry';
export { checkData } from '@/lib/data-check';
/** « Photos » in « Le site »: the places, their alt texts' data file, the upload's limits and messages. */
export { photosData, photosDataFile } from '@/content/data/registry';
export {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_LABEL as PHOTO_MAX_LABEL_TEXT,
  photoPlaces,
  photoUploadMessages,
} from '@/content/photo-upload';
export { ORIGINAL_EXTENSIONS } from '@/lib/photo';
/** What the public forms' refusals say (form-intake.ts): one builder, each form's words. */
export { quoteMessages, terminationMessages } from '@/content/form-messages';
export type { FormMessages } from '@/content/form-messages';
export { terminationSummaryLines } from '@/content/termination-summary';
/** The one rule about the characters of a text (lib/text-characters.ts): the receiver's forms, pages, PDF and tools, and the site's data. */
export {
  CONTROL,
  forbiddenCharacter,
  normaliseLineEnds,
  printable,
  printableText,
  visible,
  withoutInvisible,
} from '@/lib/text-characters';
export type { DataInput } from '@/content/data/schemas';
/** The clients' reviews (docs/avis.md): the rules' numbers, the page and mail texts. */
export { reviewRules } from '@/content/review-rules';
export type { RefusalReasonId } from '@/content/review-rules';
export { REVIEW_CLIENT_PATH, REVIEW_OPT_OUT_PATH, reviewMailTexts, reviewPageTexts } from '@/content/review-client';
