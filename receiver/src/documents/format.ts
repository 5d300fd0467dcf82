import { NBSP, NNBSP } from '../facts';

/**
 * How the devis writes its figures: always two decimals for money (« 1 234,56 € », a narrow no-break space
 * between thousands, a no-break space before the sign), thousandths of a quantity as a French decimal
 * (« 1,5 »), basis points as a percentage (« 5,5 % »).
 */
const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function frenchSpaces(parts: Intl.NumberFormatPart[]): string {
  return parts.map((part) => (part.type === 'group' ? NNBSP : part.type === 'literal' ? NBSP : part.value)).join('');
}

/** 123456 -> "1 234,56 €"; -500 -> "-5,00 €". Integer cents only: the amount is exact. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`An amount in cents must be an integer: ${cents}`);
  return frenchSpaces(euros.formatToParts(cents / 100));
}

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

/** 1500 -> "1,5"; 12000 -> "12"; 1234000 -> "1 234". */
export function formatQuantity(quantityMilli: number): string {
  return frenchSpaces(decimal.formatToParts(quantityMilli / 1000));
}

/** 2000 -> "20 %"; 550 -> "5,5 %". */
export function formatRate(vatRateBp: number): string {
  return `${frenchSpaces(decimal.formatToParts(vatRateBp / 100))}${NBSP}%`;
}
