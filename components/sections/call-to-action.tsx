import { Icon } from '@/components/ui/icon';
import { paths } from '@/content/navigation';
import { home } from '@/content/home';
import { site } from '@/content/site';
import { telHref } from '@/lib/format';
import { ButtonLink } from '@/components/ui/button-link';
import { CtaBand } from '@/components/ui/cta-band';

export function CallToAction() {
  const { finalCta } = home;
  return (
    <CtaBand id="cta" title={finalCta.title} text={finalCta.text}>
      <ButtonLink href={paths.quote} size="lg">
        {finalCta.primary}
      </ButtonLink>
      <ButtonLink href={telHref(site.phone)} variant="outline-light" size="lg">
        <Icon name="phone" className="size-5" />
        {site.phone}
      </ButtonLink>
    </CtaBand>
  );
}
