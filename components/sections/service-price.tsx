import type { Service } from '@/content/services';
import { exclTax, inclTax } from '@/content/pricing';
import { cn } from '@/lib/cn';

type ServicePriceProps = { label: string; service: Pick<Service, 'priceFrom' | 'per'>; className?: string };

/**
 * The starting price of a service, for consumers first: the TTC amount large, then the HT amount beside it,
 * smaller: « À partir de <TTC> TTC (<HT> HT) », with « par séance » or the like when the price has a unit.
 * Both stay.
 */
export function ServicePrice({ label, service, className }: ServicePriceProps) {
  const per = service.per ? ` par ${service.per}` : '';
  return (
    <p className={cn('text-ink-muted', className)}>
      {label}{' '}
      <strong className="text-2xl font-bold whitespace-nowrap text-brand-700">{inclTax(service.priceFrom)}</strong>
      {per} <span className="text-sm whitespace-nowrap">({exclTax(service.priceFrom)})</span>
    </p>
  );
}
