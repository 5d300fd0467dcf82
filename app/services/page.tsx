import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { services } from '@/content/services';
import { servicesPage } from '@/content/services-page';
import { Container } from '@/components/ui/container';
import { PageBanner } from '@/components/ui/page-banner';
import { Section } from '@/components/ui/section';
import { CustomQuote } from '@/components/services/custom-quote';
import { PriceList } from '@/components/services/price-list';
import { ServiceDetail } from '@/components/services/service-detail';
import { TownList } from '@/components/sections/town-list';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: servicesPage.meta.title,
  description: servicesPage.meta.description,
  path: paths.services,
});

export default function ServicesPage() {
  return (
    <>
      <PageBanner title={servicesPage.intro.title} text={servicesPage.intro.text} />
      <Container className="space-y-24 py-16 sm:py-24">
        {services.map((service, index) => (
          <ServiceDetail key={service.id} service={service} reversed={index % 2 === 1} />
        ))}
      </Container>
      <PriceList />
      <CustomQuote />
      <Section id="zones" title={servicesPage.towns.title} intro={servicesPage.towns.text} tone="surface">
        <TownList />
      </Section>
    </>
  );
}
