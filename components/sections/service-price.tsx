import { formatPrice } from '@/lib/format';
import { cn } from '@/lib/cn';

type ServicePriceProps = { label: string; amount: number; unit: string; className?: string };

/** The label, the formatted starting price and its unit ("À partir de … HT"). */
export function ServicePrice({ label, amount, unit, className }: ServicePriceProps) {
  return (
    <p className={cn('text-ink-muted', className)}>
      {label} <strong className="text-2xl font-bold text-brand-700">{formatPrice(amount)}</strong> {unit}
    </p>
  );
}
