import { NBSP } from './characters';

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** The site's time zone: dates are those of the company, in Antibes. */
export const SITE_TIME_ZONE = 'Europe/Paris';

/** Day, month and year of `date` in Paris. */
function parisParts(date: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_TIME_ZONE,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { day: get('day'), month: get('month'), year: get('year') };
}

/** "21 novembre 2026", "1er décembre 2026". */
export function formatFrenchDate(date: Date): string {
  const { day, month, year } = parisParts(date);
  return `${day === 1 ? '1er' : day}${NBSP}${MONTHS[month - 1]}${NBSP}${year}`;
}

export function parisYear(date: Date): number {
  return parisParts(date).year;
}

/** "150 €" (no-break space, no decimals when whole). */
export function formatPrice(euros: number): string {
  return new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: Number.isInteger(euros) ? 0 : 2,
  })
    .format(euros)
    .replace(/\u202f|\s/g, NBSP);
}

/** "04 65 71 23 45" -> "tel:+33465712345". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+33${digits.replace(/^0/, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
