import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';

type LegalCardProps = { children: ReactNode };

/** The white card on a light band that holds a legal text, or the list of the CGV's versions. */
export function LegalCard({ children }: LegalCardProps) {
  return (
    <div className="bg-surface py-12 sm:py-16">
      <Container>
        <div className="-mx-4 max-w-3xl bg-white px-4 py-8 leading-relaxed wrap-break-word text-ink shadow-sm ring-1 ring-brand-100 sm:mx-auto sm:rounded-card sm:p-10">
          {children}
        </div>
      </Container>
    </div>
  );
}
