import { consentVersion } from '@/lib/consent';
import { buildEnv } from '@/lib/build-env';

/**
 * Cookie consent (CNIL recommendation of 17 September 2020): nothing but necessary storage before a
 * choice; the choice is kept `durationDays` days, then asked again. Read by the banner, the map, the
 * footer link and the cookie policy, so what the policy says is what the banner does.
 *
 * Kept apart from the texts (content/consent.ts, re-exported there) so that the browser code
 * (components/consent/consent-store.ts) ships these few constants and nothing else of content/.
 */

/**
 * No audience measurement is installed. To add one, set NEXT_PUBLIC_ANALYTICS_SRC to its script URL at
 * build time (and update the cookie policy and the CSP): the banner then offers the "analytics" category,
 * the script loads only after consent to it, and every earlier choice is asked again (see `version`).
 */
export const analyticsScript: string | undefined = buildEnv.analyticsSrc;

export type ConsentCategoryId = 'necessary' | 'maps' | 'analytics';
export type OptionalCategoryId = Exclude<ConsentCategoryId, 'necessary'>;

/** The optional categories the banner offers: the map, and audience measurement only when a tool is set. */
export const optionalCategories: readonly OptionalCategoryId[] = analyticsScript ? ['maps', 'analytics'] : ['maps'];

/** Bump to ask every visitor again (a change in what the banner says, say). */
export const consentRevision = 2;

export const consentConfig = {
  /** localStorage key holding { version, date, choices }. */
  storageKey: 'ats-consent',
  /**
   * The revision and the optional tools offered ("2:maps"): a choice stored under another version is asked
   * again, so accepting everything never covers a tool added afterwards.
   */
  version: consentVersion(consentRevision, optionalCategories),
  /** About 6 months (CNIL): after that the banner asks again. */
  durationDays: 182,
  durationLabel: '6 mois',
} as const;
