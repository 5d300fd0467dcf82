import { Icon } from '@/components/ui/icon';
import { quote } from '@/content/quote';

/** What the visitor gets: a free quote, answered within 24 h, valid 30 days (site.quote in content/site.ts). */
export function QuotePromise() {
  return (
    <section
      aria-labelledby="devis-promesse-titre"
      className="rounded-card bg-white p-6 shadow-sm ring-1 ring-brand-100"
    >
      <h2 id="devis-promesse-titre" className="text-xl font-semibold">
        {quote.promise.title}
      </h2>
      <ul className="mt-4 space-y-4">
        {quote.promise.items.map((item) => (
          <li key={item.title} className="flex gap-3">
            <Icon name="badge-check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <p>
              <span className="block font-semibold">{item.title}</span>
              <span className="text-sm text-ink-muted">{item.text}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The same promise in one line of ticks, above the form on phones (where the full block comes after it). */
export function QuotePromiseShort({ className }: { className?: string }) {
  return (
    <div className={className}>
      <p className="sr-only">{quote.promise.title}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
        {quote.promise.items.map((item) => (
          <li key={item.title} className="flex items-center gap-1.5">
            <Icon name="badge-check" className="size-4 shrink-0 text-brand-700" />
            {item.title}
          </li>
        ))}
      </ul>
    </div>
  );
}
