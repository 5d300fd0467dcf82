import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { paths } from '@/content/navigation';
import { site } from '@/content/site';
import { terminationEffects, terminationForm, terminationPage } from '@/content/termination';
import { terminationEndpoint, terminationFormAction } from '@/content/termination-delivery';
import { telHref } from '@/lib/format';
import { TerminationEffects } from '@/components/resiliation/termination-effects';
import { TerminationForm } from '@/components/resiliation/termination-form';
import { Container } from '@/components/ui/container';
import { PageBanner } from '@/components/ui/page-banner';

export const metadata: Metadata = pageMetadata({
  title: terminationPage.meta.title,
  description: terminationPage.meta.description,
  path: paths.termination,
});

/** « Résilier un contrat » (C. conso. L. 215-1-1, décret 2023-417): docs/resilier-un-contrat.md. */
export default function ResilierUnContratPage() {
  return (
    <>
      <PageBanner title={terminationPage.intro.title} text={terminationPage.intro.text} />
      <div className="bg-surface py-12 sm:py-16">
        <Container className="grid grid-cols-1 gap-8 lg:grid-cols-3 lg:items-start">
          <section
            aria-labelledby="resiliation-formulaire-titre"
            className="rounded-card bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:p-8 lg:col-span-2"
          >
            <h2 id="resiliation-formulaire-titre" className="text-2xl font-bold tracking-tight">
              {terminationPage.formTitle}
            </h2>
            <p className="mt-3 text-ink-muted">{terminationPage.steps}</p>
            <TerminationForm
              content={terminationForm}
              endpoint={terminationEndpoint}
              action={terminationFormAction}
              phone={{ display: site.phone, href: telHref(site.phone), hours: site.shortHours }}
              effects={{
                maintenance: <TerminationEffects paragraphs={terminationEffects.maintenance} />,
                devis: <TerminationEffects paragraphs={terminationEffects.devis} />,
              }}
            />
            <p className="mt-8 border-t border-brand-100 pt-6 text-sm text-ink-muted">{terminationPage.privacy}</p>
          </section>
          <aside className="rounded-card bg-white p-5 text-ink shadow-sm ring-1 ring-brand-100 sm:p-8">
            <h2 className="text-lg font-semibold">{terminationPage.other.title}</h2>
            <p className="mt-2 text-ink-muted">{terminationPage.other.text}</p>
          </aside>
        </Container>
      </div>
    </>
  );
}
