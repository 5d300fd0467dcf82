'use client';

import Script from 'next/script';
import { useConsent } from '@/lib/consent';

type AnalyticsProps = { src: string };

/** Loads an audience-measurement script only once the visitor has accepted the "analytics" category. */
export function Analytics({ src }: AnalyticsProps) {
  const consent = useConsent();
  if (consent?.choices.analytics !== true) return null;
  return <Script src={src} strategy="afterInteractive" />;
}
