import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { quote, quoteForm } from '@/content/quote';
import { serviceParam } from '@/content/quick-actions';
import { services } from '@/content/services';
import { quoteEndpoint } from '@/content/quote-delivery';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { PhoneAlternative, PhoneAlternativeShort } from '@/components/devis/phone-alternative';
import { PrivacyNotice } from '@/components/devis/privacy-notice';
import { QuoteForm } from '@/components/devis/quote-form';
import { QuotePromise, QuotePromiseShort } from '@/components/devis/quote-promise';
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
      {/* The quote page is the one without the phones' call and quote bar (globals.css). */}
      <div className="bg-surface py-12 sm:py-16" data-no-action-bar="">
        <Container className="grid grid-cols-1 gap-8 lg:grid-cols-3 lg:items-start">
          <section
            aria-labelledby="devis-formulaire-titre"
            className="rounded-card bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8 lg:col-span-2"
          >
            <h2 id="devis-formulaire-titre" className="text-2xl font-bold tracking-tight">
              {quote.form.title}
            </h2>
            {/* On phones the promise and the phone come after the form: their short versions come first. */}
            <div className="mt-4 space-y-3 border-b border-brand-100 pb-5 lg:hidden">
              <QuotePromiseShort />
              <PhoneAlternativeShort />
            </div>
            <QuoteForm
              content={quoteForm}
              endpoint={quoteEndpoint}
              phone={{ display: site.phone, href: telHref(site.phone), hours: site.shortHours }}
              preselect={{ field: 'serviceType', param: serviceParam, values: services.map((service) => service.id) }}
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
