import { servicesPage } from '@/content/services-page';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';

export function CustomQuote() {
  const { custom } = servicesPage;
  return (
    <section aria-labelledby="devis-personnalise-titre" className="bg-brand-800 py-16 text-white">
      <Container className="text-center">
        <h2 id="devis-personnalise-titre" className="text-3xl font-bold tracking-tight">
          {custom.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{custom.text}</p>
        <ButtonLink href="/devis/" size="lg" className="mt-8">
          {custom.button}
        </ButtonLink>
      </Container>
    </section>
  );
}
