import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Container } from './container';

type SectionProps = {
  /** Used for the heading id and aria-labelledby. */
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  tone?: 'white' | 'surface';
  className?: string;
};

const tones = { white: 'bg-white', surface: 'bg-surface' } as const;

/** A page section with its h2, labelled by it. */
export function Section({ id, title, intro, children, tone = 'white', className }: SectionProps) {
  const headingId = `${id}-titre`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-16 sm:py-20', tones[tone], className)}>
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-ink-muted">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </Container>
    </section>
  );
}
