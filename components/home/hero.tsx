import { Icon } from '@/components/ui/icon';
import { paths } from '@/content/navigation';
import { home } from '@/content/home';
import { photos } from '@/content/images';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { Photo } from '@/components/ui/photo';

export function Hero() {
  const { hero } = home;
  return (
    <section aria-labelledby="hero-titre" className="relative isolate overflow-hidden bg-brand-900">
      <Photo
        photo={photos.hero}
        layout="hero"
        priority
        className="absolute inset-0 -z-10 size-full object-cover opacity-30"
      />
      <Container className="py-20 sm:py-28 lg:py-32">
        <p className="font-semibold text-accent-300">{hero.eyebrow}</p>
        <h1 id="hero-titre" className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-6xl">
          {hero.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-brand-100">{hero.text}</p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <ButtonLink href={paths.quote} size="lg">
            {hero.primaryCta}
            <Icon name="arrow-right" className="size-5" />
          </ButtonLink>
          <ButtonLink href={paths.services} variant="outline-light" size="lg">
            {hero.secondaryCta}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
