import { servicesPage } from '@/content/services-page';
import { paths } from '@/content/navigation';
import { ButtonLink } from '@/components/ui/button-link';
import { CtaBand } from '@/components/ui/cta-band';

export function CustomQuote() {
  const { custom } = servicesPage;
  return (
    <CtaBand id="devis-personnalise" title={custom.title} text={custom.text}>
      <ButtonLink href={paths.quote} size="lg">
        {custom.button}
      </ButtonLink>
    </CtaBand>
  );
}
