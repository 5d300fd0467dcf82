/**
 * The rule that says whether a stored cookie choice still holds, shared by the consent store (browser
 * code) and the inline script that runs before the first paint (`consentBootScript`, which must say the
 * same). Pure functions: the settings come from content/consent-config.ts.
 */

export type ConsentSettings = {
  /** localStorage key holding { version, date, choices }. */
  storageKey: string;
  /** What a stored choice must carry to hold (see `consentVersion`). */
  version: string;
  /** How long a choice holds, in days. */
  durationDays: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The version a choice is stored with: the revision of the consent texts and the optional tools offered
 * when the visitor chose ("2:maps", "2:analytics+maps"). A tool added later changes it, so an earlier
 * "Tout accepter" never covers that tool: the banner asks again.
 */
export function consentVersion(revision: number, optionalTools: readonly string[]): string {
  return `${revision}:${[...optionalTools].sort().join('+')}`;
}

/**
 * True when a stored value (already parsed) holds at `now`: same version, a date no older than the
 * duration and not in the future (a day of clock skew allowed), and choices present.
 */
export function isConsentValid(value: unknown, settings: ConsentSettings, now: number): boolean {
  if (!value || typeof value !== 'object') return false;
  const { version, date, choices } = value as { version?: unknown; date?: unknown; choices?: unknown };
  const time = typeof date === 'string' ? Date.parse(date) : Number.NaN;
  if (version !== settings.version || Number.isNaN(time) || !choices) return false;
  return now - time <= settings.durationDays * DAY_MS && time - now <= DAY_MS;
}

/**
 * The inline script run before the first paint: marks <html data-js> (the banner only shows where its
 * buttons work) and <html data-consent="stored"> when a valid choice is stored, so the pre-rendered banner
 * never flashes for returning visitors. The same rule as `isConsentValid`, written small.
 */
export function consentBootScript(settings: ConsentSettings): string {
  const key = JSON.stringify(settings.storageKey);
  const version = JSON.stringify(settings.version);
  return `(function(d){d.dataset.js='';try{var c=JSON.parse(localStorage.getItem(${key})||'null'),t=c&&Date.parse(c.date);if(c&&c.version===${version}&&c.choices&&Date.now()-t<=${settings.durationDays}*864e5&&t-Date.now()<=864e5)d.dataset.consent='stored'}catch(e){}})(document.documentElement)`;
}
