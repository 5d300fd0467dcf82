import { useSyncExternalStore } from 'react';
import { consentConfig, optionalCategories } from '@/content/consent-config';
import { isConsentValid } from '@/lib/consent';

/**
 * The visitor's cookie choices, kept in localStorage as { version, date, choices } for
 * consentConfig.durationDays days (then asked again). No choice, an outdated version or an expired date
 * all read as `null`: nothing optional may load. Components read it through `useConsent()`.
 */
export type ConsentChoices = { maps: boolean; analytics: boolean };
export type StoredConsent = { version: string; date: string; choices: ConsentChoices };

const CHANGE_EVENT = 'consent:change';
const OPEN_EVENT = 'consent:open';

/** Fallback when localStorage is unavailable: the choice holds until the page is left. */
let memory: StoredConsent | null = null;

export const REFUSE_ALL: ConsentChoices = { maps: false, analytics: false };
/** Everything the banner offers: a category it does not offer is not accepted. */
export const ACCEPT_ALL: ConsentChoices = {
  maps: optionalCategories.includes('maps'),
  analytics: optionalCategories.includes('analytics'),
};

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(consentConfig.storageKey);
  } catch {
    return null; // storage disabled: behave as if no choice was made (nothing optional loads)
  }
}

/** Parses a stored value; `null` when absent, malformed, of another version or older than the duration. */
export function parseConsent(raw: string | null, now: number): StoredConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredConsent;
    if (!isConsentValid(value, consentConfig, now)) return null;
    return {
      version: value.version,
      date: value.date,
      choices: { maps: value.choices.maps === true, analytics: value.choices.analytics === true },
    };
  } catch {
    return null;
  }
}

export function saveConsent(choices: ConsentChoices): void {
  const value: StoredConsent = { version: consentConfig.version, date: new Date().toISOString(), choices };
  try {
    window.localStorage.setItem(consentConfig.storageKey, JSON.stringify(value));
  } catch {
    // storage disabled: the choice holds for this page only
    memory = value;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

let cache: { raw: string | null; value: StoredConsent | null } | undefined;

function getSnapshot(): StoredConsent | null {
  const raw = readRaw();
  if (!cache || cache.raw !== raw) cache = { raw, value: parseConsent(raw, Date.now()) };
  return cache.value ?? memory;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** The current consent: `undefined` while unknown (pre-rendered HTML), `null` when none is valid. */
export function useConsent(): StoredConsent | null | undefined {
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}

/** Asks the banner to open its settings (the footer's "Gérer les cookies" link). */
export function openConsentSettings(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onConsentSettingsRequest(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}
