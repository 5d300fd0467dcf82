/**
 * Cookie consent (CNIL recommendation of 17 September 2020): nothing but necessary storage before a
 * choice; the choice is kept `durationDays` days, then asked again. Read by the banner, the map, the
 * footer link and the cookie policy, so what the policy says is what the banner does.
 *
 * Kept apart from the texts (content/consent.ts, re-exported there) so that the browser code
 * (components/consent/consent-store.ts) ships these few constants and nothing else of content/.
 */
export const consentConfig = {
  /** localStorage key holding { version, date, choices }. */
  storageKey: 'ats-consent',
  /** Bump to ask every visitor again (for instance when a new third party is added). */
  version: 1,
  /** About 6 months (CNIL): after that the banner asks again. */
  durationDays: 182,
  durationLabel: '6 mois',
} as const;

/**
 * No audience measurement is installed. To add one, set NEXT_PUBLIC_ANALYTICS_SRC to its script URL at
 * build time (and update the cookie policy and the CSP): it loads only after consent to "analytics".
 */
export const analyticsScript: string | undefined = process.env.NEXT_PUBLIC_ANALYTICS_SRC?.trim() || undefined;

export type ConsentCategoryId = 'necessary' | 'maps' | 'analytics';
