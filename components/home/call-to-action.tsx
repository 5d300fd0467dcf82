import { Phone } from 'lucide-react';
import { home } from '@/content/home';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';

export function CallToAction() {
  const { finalCta } = home;
  return (
    <section aria-labelledby="cta-titre" className="bg-brand-800 py-16 text-white sm:py-20">
      <Container className="text-center">
        <h2 id="cta-titre" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {finalCta.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{finalCta.text}</p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <ButtonLink href="/devis/" size="lg">
            {finalCta.primary}
          </ButtonLink>
          <ButtonLink href={telHref(site.phone)} variant="outline-light" size="lg">
            <Phone aria-hidden="true" className="size-5" />
            {site.phone}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
