import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { quote, quoteForm } from '@/content/quote';
import { quoteSuccessWithoutConfirmation } from '@/content/quote-confirmation';
import { quoteEndpoint } from '@/content/quote-delivery';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { PhoneAlternative } from '@/components/devis/phone-alternative';
import { PrivacyNotice } from '@/components/devis/privacy-notice';
import { QuoteForm } from '@/components/devis/quote-form';
import { QuotePromise } from '@/components/devis/quote-promise';
import { Container } from '@/components/ui/container';
import { PageBanner } from '@/components/ui/page-banner';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: quote.meta.title,
  description: quote.meta.description,
  path: paths.quote,
});

export default function DevisPage() {
  return (
    <>
      <PageBanner title={quote.intro.title} text={quote.intro.text} />
      <div className="bg-surface py-12 sm:py-16">
        <Container className="grid grid-cols-1 gap-8 lg:grid-cols-3 lg:items-start">
          <section
            aria-labelledby="devis-formulaire-titre"
            className="rounded-card bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8 lg:col-span-2"
          >
            <h2 id="devis-formulaire-titre" className="text-2xl font-bold tracking-tight">
              {quote.form.title}
            </h2>
            <QuoteForm
              content={quoteForm}
              endpoint={quoteEndpoint}
              phone={{ display: site.phone, href: telHref(site.phone), hours: site.shortHours }}
              successWithoutConfirmation={quoteSuccessWithoutConfirmation}
            />
            <PrivacyNotice />
          </section>
          <div className="space-y-6">
            <QuotePromise />
            <PhoneAlternative />
          </div>
        </Container>
      </div>
    </>
  );
}
