import { consentConfig } from '@/content/consent';

/**
 * A tiny inline script, run before the first paint: marks <html data-js> (the banner only shows where its
 * buttons work) and <html data-consent="stored"> when a valid choice is stored, so the pre-rendered
 * banner never flashes for returning visitors (see app/globals.css). The same rule as components/consent/consent-store.ts.
 */
export function ConsentBoot() {
  const script = `(function(d){d.dataset.js='';try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(
    consentConfig.storageKey,
  )})||'null'),t=c&&Date.parse(c.date);if(c&&c.version===${consentConfig.version}&&c.choices&&Date.now()-t<=${consentConfig.durationDays}*864e5&&t-Date.now()<=864e5)d.dataset.consent='stored'}catch(e){}})(document.documentElement)`;
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
