import type { Service } from '@/content/services';
import { startingPriceParts } from '@/content/pricing';
import { cn } from '@/lib/cn';

type ServicePriceProps = { label: string; service: Pick<Service, 'priceFrom' | 'per'>; className?: string };

const amountClasses = 'text-xl font-bold whitespace-nowrap text-brand-700';

/** The starting price of a service, excluding and including tax, both amounts stressed alike. */
export function ServicePrice({ label, service, className }: ServicePriceProps) {
  const price = startingPriceParts(service);
  return (
    <p className={cn('text-ink-muted', className)}>
      {label} <strong className={amountClasses}>{price.exclTax}</strong>
      {price.between}
      <strong className={amountClasses}>{price.inclTax}</strong>
    </p>
  );
}
