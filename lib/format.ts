import { NBSP, NNBSP } from './characters';

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

/** What a clock on the wall in Paris reads at an instant: its calendar day and its time. */
export type ParisClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const parisFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * The one way the site and the receiver read the time in Paris (summer and winter time alike): every date
 * and time they write, and the receiver's call-back deadline, start here.
 */
export function parisClock(date: Date): ParisClock {
  const parts = parisFormat.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Day, month and year of `date` in Paris. */
function parisParts(date: Date) {
  const { day, month, year } = parisClock(date);
  return { day, month, year };
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

/** "mardi": the day of the week of `date` in Paris. */
export function frenchWeekday(date: Date): string {
  const { year, month, day } = parisParts(date);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
}

/** "9 h 30", "14 h": the time of `date` in Paris, as the site writes its opening hours. */
export function formatFrenchTime(date: Date): string {
  const { hour, minute } = parisClock(date);
  return minute === 0 ? `${hour}${NBSP}h` : `${hour}${NBSP}h${NBSP}${String(minute).padStart(2, '0')}`;
}

/** "21 novembre 2026 à 9 h 30": the one date-time format of the mails and the pages. */
export function formatFrenchDateTime(date: Date): string {
  return `${formatFrenchDate(date)} à ${formatFrenchTime(date)}`;
}

/** "2026-11-23 14:05": a Paris date and time as a spreadsheet recognises it (the CSV export, the tools). */
export function formatSheetDateTime(date: Date): string {
  const { year, month, day, hour, minute } = parisClock(date);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
}

/** "21 novembre 2026", "1er décembre 2026". */
export function formatFrenchDate(date: Date): string {
  const { day, month, year } = parisParts(date);
  return `${day === 1 ? '1er' : day}${NBSP}${MONTHS[month - 1]}${NBSP}${year}`;
}

/** An ISO day ("2026-11-21") as a Date at noon UTC: the same day in Paris, whatever the time zone. */
export function dateOfDay(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}

/** "2026-11-21" -> "21 novembre 2026". */
export function formatFrenchDay(iso: string): string {
  return formatFrenchDate(dateOfDay(iso));
}

/** "2026-11-21" -> "novembre 2026": the month of a day, as « Travaux réalisés en novembre 2026 ». */
export function formatFrenchMonth(iso: string): string {
  const [year, month] = iso.split('-');
  return `${MONTHS[Number(month) - 1]}${NBSP}${year}`;
}

export function parisYear(date: Date): number {
  return parisParts(date).year;
}

/**
 * "150 €", "1 000 €", "0,60 €": a no-break space before the sign, a narrow no-break space between thousands,
 * no decimals when whole.
 */
export function formatPrice(euros: number): string {
  return new Intl.NumberFormat('fr-FR', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(euros) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(euros) ? 0 : 2,
  })
    .formatToParts(euros)
    .map((part) => (part.type === 'group' ? NNBSP : part.type === 'literal' ? NBSP : part.value))
    .join('');
}

/**
 * The VAT on an amount in cents at a rate in basis points (2000 = 20 %, 550 = 5,5 %), rounded half-up to the
 * cent, on integers only (no float ever holds a product): the one VAT rule of the site's prices (withVat) and
 * of the devis (receiver/src/requests/devis/money.ts), docs/devis.md « Les montants ».
 */
export function vatOnCents(baseCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(baseCents) || !Number.isSafeInteger(rateBp) || baseCents < 0 || rateBp < 0) {
    throw new RangeError(`VAT of ${baseCents} cents at ${rateBp} basis points: whole non-negative numbers only`);
  }
  // (2 × base × rate + 10 000) / 20 000: base × rate / 10 000, halves up. BigInt() rather than literals, so
  // that the browser's bundle (this module reaches the site's forms) needs no BigInt syntax.
  const vat = (BigInt(2) * BigInt(baseCents) * BigInt(rateBp) + BigInt(10_000)) / BigInt(20_000);
  if (vat > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount beyond the safe integers');
  return Number(vat);
}

/**
 * The price with VAT at `ratePercent`, to the cent, by the devis's rule (vatOnCents): withVat(150, 20) = 180,
 * withVat(0.5, 20) = 0.6, withVat(1.15, 10) = 1.27. The price and the rate are read as whole cents and basis
 * points.
 */
export function withVat(euros: number, ratePercent: number): number {
  const cents = Math.round(euros * 100);
  return (cents + vatOnCents(cents, Math.round(ratePercent * 100))) / 100;
}

/** "01 23 45 67 89" -> "tel:+33123456789". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+33${digits.replace(/^0/, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** "un an", "3 ans": one is written as a word, as French prose wants ("garanties un an", "d’un an"). */
export function years(count: number): string {
  return count === 1 ? 'un an' : `${count} ans`;
}

/** "un mois", "13 mois". */
export function months(count: number): string {
  return count === 1 ? 'un mois' : `${count} mois`;
}

/** "1 jour", "14 jours". */
export function days(count: number): string {
  return `${count} ${count > 1 ? 'jours' : 'jour'}`;
}

/** "5 secondes", "1 seconde". */
export function seconds(count: number): string {
  return `${count} ${count > 1 ? 'secondes' : 'seconde'}`;
}

/** "30 %", "5,5 %". */
export function percent(value: number): string {
  return `${new Intl.NumberFormat('fr-FR').format(value)}${NBSP}%`;
}

/** "https://mediateur.example/" -> "mediateur.example": a web address as people read it. */
export function withoutProtocol(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** "de Nice", "d’Antibes": the preposition "de" before a name, elided before a vowel or a mute h. */
export function deName(name: string): string {
  return /^[aeiouyhàâäéèêëîïôöùûü]/i.test(name) ? `d’${name}` : `de ${name}`;
}

const KIB = 1024;
const MIB = 1024 * 1024;

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * A file size as the form states its limit: "12,4 Mo", "850 ko". Rounded up, so a file just over the
 * limit never reads as exactly "10 Mo".
 */
export function formatFileSize(bytes: number): string {
  if (bytes < MIB) return `${Math.max(1, Math.ceil(bytes / KIB))}${NBSP}ko`;
  return `${oneDecimal.format(Math.ceil((bytes / MIB) * 10) / 10)}${NBSP}Mo`;
}

/** Fills "{name}" placeholders of a text from content/. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/**
 * A round claim of experience that stays true: the tens of years completed since `foundedYear`, strictly
 * exceeded ("plus de 20 ans" needs 21 years). 2004 -> 20 from 2025 to 2034, 30 from 2035.
 */
export function experienceClaimYears(foundedYear: number, currentYear: number): number {
  return Math.max(0, Math.floor((currentYear - foundedYear - 1) / 10) * 10);
}

/** "Service d’urgence…" -> "service d’urgence…": a sentence that continues another. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLocaleLowerCase('fr-FR') + text.slice(1);
}
