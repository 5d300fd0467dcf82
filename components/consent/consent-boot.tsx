import { consentConfig } from '@/content/consent-config';
import { consentBootScript } from '@/lib/consent';

/**
 * A tiny inline script, run before the first paint (see `consentBootScript` in lib/consent.ts): the
 * pre-rendered banner never flashes for visitors whose choice still holds (see app/globals.css).
 */
export function ConsentBoot() {
  return <script dangerouslySetInnerHTML={{ __html: consentBootScript(consentConfig) }} />;
}
