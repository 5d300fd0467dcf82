import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { home } from '@/content/home';
import { CallToAction } from '@/components/sections/call-to-action';
import { Hero } from '@/components/home/hero';
import { ServiceCards } from '@/components/home/service-cards';
import { Testimonials } from '@/components/home/testimonials';
import { WhyUs } from '@/components/home/why-us';
import { JsonLd } from '@/components/seo/json-ld';
import { localBusinessJsonLd } from '@/components/seo/local-business';

export const metadata: Metadata = pageMetadata({
  title: home.meta.title,
  description: home.meta.description,
  path: '/',
});

export default function HomePage() {
  return (
    <>
      <JsonLd data={localBusinessJsonLd()} />
      <Hero />
      <ServiceCards />
      <WhyUs />
      <Testimonials />
      <CallToAction />
    </>
  );
}
