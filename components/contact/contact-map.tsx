'use client';

import type { ReactNode } from 'react';
import type { ConsentTexts } from '@/content/consent';
import { buttonClasses } from '@/components/ui/button-link';
import { saveConsent, useConsent } from '@/components/consent/consent-store';

type ContactMapProps = {
  address: string;
  map: { embed: string; link: string; title: string };
  texts: ConsentTexts['mapPlaceholder'];
  /** The placeholder's icon, rendered on the server (app/contact/page.tsx): the icon library stays out of the page's JavaScript. */
  icon: ReactNode;
};

/**
 * The Google Maps embed sets third-party cookies, so it loads only with consent to the "maps" category.
 * Before that, a placeholder of the same size gives the address, a plain link to the map and a button
 * that loads it (and records that consent).
 */
export function ContactMap({ address, map, texts, icon }: ContactMapProps) {
  const consent = useConsent();
  const allowed = consent?.choices.maps === true;

  // Records consent to the maps category (other choices unchanged); the map then loads.
  const showMap = () => saveConsent({ analytics: consent?.choices.analytics ?? false, maps: true });

  return (
    <div className="aspect-[4/5] w-full overflow-hidden rounded-card bg-brand-50 ring-1 ring-brand-100 sm:aspect-[16/9]">
      {allowed ? (
        <iframe
          src={map.embed}
          title={map.title}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="size-full border-0"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center">
          {icon}
          <p className="font-semibold">{texts.title}</p>
          <p className="max-w-md text-sm text-ink-muted">{texts.text}</p>
          <p className="text-sm font-medium">{address}</p>
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-4">
            <button type="button" className={buttonClasses('secondary', 'md')} onClick={showMap}>
              {texts.button}
            </button>
            <a
              href={map.link}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-semibold text-brand-700 underline underline-offset-2"
            >
              {texts.link}
              <span className="sr-only">{texts.newWindow}</span>
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
