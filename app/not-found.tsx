import type { Metadata } from 'next';
import { paths } from '@/content/navigation';
import { notFound } from '@/content/not-found';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';

// Next.js itself marks the not-found page `noindex`.
export const metadata: Metadata = {
  title: notFound.title,
  description: notFound.text,
};

export default function NotFound() {
  return (
    <Container className="py-24 text-center sm:py-32">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{notFound.title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted">{notFound.text}</p>
      <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
        <ButtonLink href={paths.home} size="lg">
          {notFound.home}
        </ButtonLink>
        <ButtonLink href={paths.contact} variant="outline" size="lg">
          {notFound.contact}
        </ButtonLink>
      </div>
    </Container>
  );
}
