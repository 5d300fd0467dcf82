import { devisVatRates, frenchTypography, NBSP, NNBSP, vatOnCents } from '../../facts';
import { forbiddenCharacter } from '../../facts';
import type { DevisLine, DevisTotals, VatTotal } from './types';

/**
 * A devis's money, on integers only (docs/devis.md, « Les montants »):
 * - a line's amount HT is its quantity (in thousandths) times its unit price HT (in cents), divided by 1 000
 *   and rounded half-up to the cent;
 * - the VAT of each rate is computed once, on the sum of that rate's line amounts HT, rounded half-up to the
 *   cent (never line by line, so the VAT shown per rate is the rate applied to the base shown);
 * - the total HT is the sum of the line amounts, the total TTC the total HT plus each rate's VAT.
 * Products are computed as BigInt, so no intermediate value loses a cent whatever the limits below.
 */

/** The limits of a devis's lines (validateLines), as the team's form states them. */
export const LINE_LIMITS = {
  maxLines: 100,
  /** A quantity, in thousandths: from 0,001 to 100 000. */
  minQuantityMilli: 1,
  maxQuantityMilli: 100_000_000,
  /** A unit price HT, in cents: from 0 to 1 000 000 €. */
  maxUnitPriceCents: 100_000_000,
  maxDesignationLength: 500,
  maxUnitLength: 20,
} as const;

/** The VAT rates a line may take, in basis points (content/devis.ts: 2000, 1000, 550). */
export const VAT_RATES_BP: readonly number[] = devisVatRates.map((rate) => bpOfPercent(rate.ratePercent));

/** n / d rounded half-up, for n >= 0 and d > 0. */
function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount beyond the safe integers');
  return Number(value);
}

/** A line's amount HT, in cents: quantity × unit price, rounded half-up to the cent. */
export function lineHtCents(line: Pick<DevisLine, 'quantityMilli' | 'unitPriceHtCents'>): number {
  return toSafeNumber(divideHalfUp(BigInt(line.quantityMilli) * BigInt(line.unitPriceHtCents), 1000n));
}

/**
 * The VAT on a base HT at a rate in basis points, rounded half-up to the cent: the site's rule too
 * (lib/format.ts vatOnCents, which the site's prices TTC use), so that a price reads the same on both.
 */
export function vatCents(baseHtCents: number, vatRateBp: number): number {
  return vatOnCents(baseHtCents, vatRateBp);
}

/** The devis's totals; the lines are expected valid (validateLines). */
export function devisTotals(lines: readonly DevisLine[]): DevisTotals {
  const lineAmounts = lines.map(lineHtCents);
  const bases = new Map<number, number>();
  lines.forEach((line, index) => {
    bases.set(line.vatRateBp, (bases.get(line.vatRateBp) ?? 0) + (lineAmounts[index] ?? 0));
  });
  const vat: VatTotal[] = [...bases.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRateBp, baseHtCents]) => ({ vatRateBp, baseHtCents, vatCents: vatCents(baseHtCents, vatRateBp) }));
  const htCents = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const ttcCents = vat.reduce((sum, rate) => sum + rate.vatCents, htCents);
  return { lineHtCents: lineAmounts, htCents, vat, ttcCents };
}

/** A percentage as content/ writes it (20, 5.5) in basis points (2000, 550), the unit of a devis's VAT rates. */
export function bpOfPercent(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/** Euros as content/ writes them (150, 0.5) to cents; refuses an amount finer than the cent. */
export function centsOfEuros(euros: number): number {
  const cents = Math.round(euros * 100);
  if (Math.abs(cents - euros * 100) > 1e-6) throw new RangeError(`${euros} € is not a whole number of cents`);
  return cents;
}

/** Groups of three digits, separated by a narrow no-break space: 1234567 -> "1 234 567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NNBSP);
}

/** "1 234,56 €", "0,50 €": cents as the devis prints them, from the integer (never through a float). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = Math.trunc(absolute / 100);
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}${groupThousands(String(euros))},${rest}${NBSP}€`;
}

/** "1,5", "2", "0,125": a quantity in thousandths. */
export function formatQuantity(quantityMilli: number): string {
  const whole = groupThousands(String(Math.trunc(quantityMilli / 1000)));
  const rest = String(quantityMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${whole},${rest}` : whole;
}

/** "20 %", "5,5 %": a rate in basis points. */
export function formatRate(vatRateBp: number): string {
  const whole = Math.trunc(vatRateBp / 100);
  const rest = String(vatRateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${rest ? `${whole},${rest}` : whole}${NBSP}%`;
}

/** The message about a character the rule refuses (lib/text-characters.ts) in a team's text. */
export function invisibleCharacterIn(what: string): string {
  return `${what} contient un caractère invisible ou de contrôle (souvent venu d’un copier-coller) : supprimez-le.`;
}

export type LineError = { line: number; field: keyof DevisLine | 'lines'; message: string };

const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

/**
 * Checks lines before they are stored or totalled: their count, each quantity, price, rate, kind and text,
 * with a French message per fault (the line numbered from 1). Empty: the lines are valid.
 */
export function validateLines(lines: readonly DevisLine[]): LineError[] {
  const errors: LineError[] = [];
  const say = (line: number, field: LineError['field'], message: string) =>
    errors.push({ line, field, message: frenchTypography(message) });
  if (lines.length === 0) say(0, 'lines', 'Le devis doit compter au moins une ligne.');
  if (lines.length > LINE_LIMITS.maxLines) {
    say(0, 'lines', `Le devis ne peut pas compter plus de ${LINE_LIMITS.maxLines} lignes.`);
  }
  lines.forEach((line, index) => {
    const n = index + 1;
    const designation = typeof line.designation === 'string' ? line.designation.trim() : '';
    if (!designation) say(n, 'designation', `Ligne ${n} : indiquez la désignation.`);
    else if (designation.length > LINE_LIMITS.maxDesignationLength) {
      say(n, 'designation', `Ligne ${n} : la désignation dépasse ${LINE_LIMITS.maxDesignationLength} caractères.`);
    } else if (forbiddenCharacter(designation, 'several')) {
      say(n, 'designation', `Ligne ${n} : ${invisibleCharacterIn('la désignation')}`);
    }
    const unit = typeof line.unit === 'string' ? line.unit.trim() : '';
    if (!unit) say(n, 'unit', `Ligne ${n} : indiquez l’unité.`);
    else if (unit.length > LINE_LIMITS.maxUnitLength) {
      say(n, 'unit', `Ligne ${n} : l’unité dépasse ${LINE_LIMITS.maxUnitLength} caractères.`);
    } else if (forbiddenCharacter(unit, 'one') === 'line-break') {
      say(n, 'unit', `Ligne ${n} : l’unité tient sur une ligne, sans retour à la ligne.`);
    } else if (forbiddenCharacter(unit, 'one')) {
      say(n, 'unit', `Ligne ${n} : ${invisibleCharacterIn('l’unité')}`);
    }
    if (!isIntegerIn(line.quantityMilli, LINE_LIMITS.minQuantityMilli, LINE_LIMITS.maxQuantityMilli)) {
      say(
        n,
        'quantityMilli',
        `Ligne ${n} : la quantité doit être comprise entre ${formatQuantity(LINE_LIMITS.minQuantityMilli)} et ${formatQuantity(LINE_LIMITS.maxQuantityMilli)}, avec trois décimales au plus.`,
      );
    }
    if (!isIntegerIn(line.unitPriceHtCents, 0, LINE_LIMITS.maxUnitPriceCents)) {
      say(
        n,
        'unitPriceHtCents',
        `Ligne ${n} : le prix unitaire HT doit être compris entre ${formatCents(0)} et ${formatCents(LINE_LIMITS.maxUnitPriceCents)}, au centime près.`,
      );
    }
    if (!VAT_RATES_BP.includes(line.vatRateBp)) {
      say(
        n,
        'vatRateBp',
        `Ligne ${n} : le taux de TVA doit être l’un de ceux-ci : ${VAT_RATES_BP.map(formatRate).join(', ')}.`,
      );
    }
    if (line.kind !== 'service' && line.kind !== 'goods') {
      say(n, 'kind', `Ligne ${n} : indiquez s’il s’agit d’une prestation ou d’une fourniture.`);
    }
  });
  return errors;
}
