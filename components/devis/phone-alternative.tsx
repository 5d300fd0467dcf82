import { Icon } from '@/components/ui/icon';
import { quote } from '@/content/quote';
import { site } from '@/content/site';
import { cn } from '@/lib/cn';
import { telHref } from '@/lib/format';

/** Asking by phone: always on the page, with or without JavaScript. */
export function PhoneAlternative() {
  return (
    <section aria-labelledby="devis-telephone-titre" className="rounded-card bg-brand-800 p-6 text-white">
      <h2 id="devis-telephone-titre" className="text-xl font-semibold">
        {quote.phone.title}
      </h2>
      <p className="mt-2 text-brand-100">{quote.phone.text}</p>
      <a
        href={telHref(site.phone)}
        className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent-400 px-4 text-lg font-bold text-ink hover:bg-accent-300"
      >
        <Icon name="phone" className="size-5" />
        {site.phone}
      </a>
      <p className="mt-3 flex items-center gap-2 text-sm text-brand-100">
        <Icon name="clock" className="size-4 shrink-0" />
        {site.shortHours}
      </p>
    </section>
  );
}

/** The phone in one line, above the form on phones (where the full block comes after it). */
export function PhoneAlternativeShort({ className }: { className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <span className="font-semibold">{quote.phone.title}</span>
      <a
        href={telHref(site.phone)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 font-bold whitespace-nowrap text-white hover:bg-brand-800"
      >
        <Icon name="phone" className="size-5" />
        {site.phone}
      </a>
    </p>
  );
}
