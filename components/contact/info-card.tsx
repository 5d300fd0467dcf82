import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

type InfoCardProps = { id: string; title: string; icon: LucideIcon; children: ReactNode };

/** A titled white card on the contact page. */
export function InfoCard({ id, title, icon: Icon, children }: InfoCardProps) {
  return (
    <section aria-labelledby={`${id}-titre`} className="rounded-card bg-white p-6 shadow-sm ring-1 ring-brand-100">
      <h2 id={`${id}-titre`} className="flex items-center gap-2 text-xl font-semibold">
        <Icon aria-hidden="true" className="size-6 text-brand-700" />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
