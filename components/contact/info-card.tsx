import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/ui/icon';

type InfoCardProps = { id: string; title: string; icon: IconName; children: ReactNode };

/** A titled white card on the contact page. */
export function InfoCard({ id, title, icon, children }: InfoCardProps) {
  return (
    <section aria-labelledby={`${id}-titre`} className="rounded-card bg-white p-6 shadow-sm ring-1 ring-brand-100">
      <h2 id={`${id}-titre`} className="flex items-center gap-2 text-xl font-semibold">
        <Icon name={icon} className="size-6 text-brand-700" />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
