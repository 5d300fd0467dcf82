import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { analyticsScript, consentCategories, consentTexts } from '@/content/consent';
import { site, siteUrl } from '@/content/site';
import { Analytics } from '@/components/consent/analytics';
import { ConsentBanner } from '@/components/consent/consent-banner';
import { ConsentBoot } from '@/components/consent/consent-boot';
import { ActionBar } from '@/components/layout/action-bar';
import { ClosureNotice } from '@/components/layout/closure-notice';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { default: site.name, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
  openGraph: { type: 'website', locale: 'fr_FR', siteName: site.name },
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  themeColor: '#113f73',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The inline consent script sets data attributes on <html> before hydration.
    <html lang="fr" suppressHydrationWarning>
      <body className="flex min-h-screen flex-col">
        <ConsentBoot />
        <SkipLink />
        <ConsentBanner
          texts={consentTexts}
          categories={consentCategories}
          closeIcon={<Icon name="x" className="size-5" />}
        />
        <SiteHeader />
        <ClosureNotice />
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <ActionBar />
        {analyticsScript ? <Analytics src={analyticsScript} /> : null}
      </body>
    </html>
  );
}
