import type { Metadata } from 'next';
import { Icon } from '@/components/ui/icon';
import { pageMetadata } from '@/components/seo/page-metadata';
import { contact } from '@/content/contact';
import { consentTexts } from '@/content/consent';
import { fullAddress, maps } from '@/content/site';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { PageBanner } from '@/components/ui/page-banner';
import { Section } from '@/components/ui/section';
import { Access } from '@/components/contact/access';
import { ContactMap } from '@/components/contact/contact-map';
import { Coordinates } from '@/components/contact/coordinates';
import { LegalInfo } from '@/components/contact/legal-info';
import { OpeningHours } from '@/components/contact/opening-hours';
import { TownList } from '@/components/sections/town-list';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: contact.meta.title,
  description: contact.meta.description,
  path: paths.contact,
});

export default function ContactPage() {
  return (
    <>
      <PageBanner title={contact.intro.title} text={contact.intro.text} />
      <div className="bg-surface py-16">
        {/* What a visitor looks for first (the phone, the hours, the way there), the legal information last. */}
        <Container className="grid gap-8 lg:grid-cols-3">
          <Coordinates />
          <OpeningHours />
          <section aria-labelledby="cta-contact-titre" className="rounded-card bg-brand-800 p-6 text-white">
            <h2 id="cta-contact-titre" className="text-xl font-semibold">
              {contact.cta.title}
            </h2>
            <p className="mt-2 text-brand-100">{contact.cta.text}</p>
            <ButtonLink href={paths.quote} size="lg" className="mt-4 min-h-12">
              {contact.cta.button}
            </ButtonLink>
          </section>
          <div className="lg:col-span-2">
            <h2 className="mb-4 text-xl font-semibold">{contact.map.title}</h2>
            <ContactMap
              address={fullAddress}
              map={maps}
              texts={consentTexts.mapPlaceholder}
              icon={<Icon name="map-pin" className="size-10 text-brand-700" />}
            />
          </div>
          <div className="space-y-8">
            <Access />
            <LegalInfo />
          </div>
        </Container>
      </div>
      <Section id="zone" title={contact.zone.title} intro={contact.zone.text}>
        <TownList />
      </Section>
    </>
  );
}
