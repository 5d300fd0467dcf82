'use client';

import { useEffect } from 'react';
import { useConsent } from '@/components/consent/consent-store';

type AnalyticsProps = { src: string };

/** Loads an audience-measurement script only once the visitor has accepted the "analytics" category. */
export function Analytics({ src }: AnalyticsProps) {
  const allowed = useConsent()?.choices.analytics === true;
  useEffect(() => {
    if (!allowed || document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.body.append(script);
  }, [allowed, src]);
  return null;
}
