import type { ReactNode } from 'react';
import { Container } from './container';

type CtaBandProps = {
  /** Used for the heading id and aria-labelledby. */
  id: string;
  title: string;
  text: string;
  /** The buttons. */
  children: ReactNode;
};

/** A full-width brand band with a title, a sentence and calls to action. */
export function CtaBand({ id, title, text, children }: CtaBandProps) {
  const headingId = `${id}-titre`;
  return (
    <section aria-labelledby={headingId} className="bg-brand-800 py-16 text-white sm:py-20">
      <Container className="text-center">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">{children}</div>
      </Container>
    </section>
  );
}
