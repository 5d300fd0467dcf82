import type { Metadata } from 'next';
import { home } from '@/content/home';
import { CallToAction } from '@/components/home/call-to-action';
import { Hero } from '@/components/home/hero';
import { ServiceCards } from '@/components/home/service-cards';
import { Testimonials } from '@/components/home/testimonials';
import { WhyUs } from '@/components/home/why-us';

export const metadata: Metadata = {
  title: { absolute: home.meta.title },
  description: home.meta.description,
  alternates: { canonical: '/' },
};

export default function HomePage() {
  return (
    <>
      <Hero />
      <ServiceCards />
      <WhyUs />
      <Testimonials />
      <CallToAction />
    </>
  );
}
