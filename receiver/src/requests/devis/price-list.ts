import {
  devisVatRates,
  frenchTypography,
  priceListLines,
  siteData,
  type PriceListLine,
  type SiteData,
} from '../../facts';
import { bpOfPercent, centsOfEuros, formatCents } from './money';
import type { DevisLine } from './types';

/** A price-list entry as a devis line the team starts from: one unit, at the standard VAT rate. */
export type PriceListDevisLine = DevisLine & Pick<PriceListLine, 'id' | 'from'>;

/** The standard rate, in basis points (20 % = 2000). */
export const STANDARD_VAT_BP = bpOfPercent(devisVatRates[0].ratePercent);

/**
 * The company's price list (content/pricing.ts, content/services.ts, through content/devis.ts) as devis
 * lines, in cents: the same amounts /services shows, never a second copy. Of the committed data unless
 * given other data (the published data, read at run time).
 */
export function priceListDevisLines(data: SiteData = siteData): PriceListDevisLine[] {
  return priceListLines(data).map((line) => ({
    id: line.id,
    priceListId: line.id,
    from: line.from,
    designation: line.designation,
    quantityMilli: 1000,
    unit: line.unit,
    unitPriceHtCents: centsOfEuros(line.unitPriceHtEuros),
    vatRateBp: STANDARD_VAT_BP,
    kind: line.kind,
  }));
}

/**
 * The lines priced below their price-list entry's starting price (« à partir de »: the team may raise it,
 * never go below), each with its French message naming the line; `index` from 0.
 */
export function belowStartingPrice(lines: readonly DevisLine[]): { index: number; message: string }[] {
  const starting = new Map(
    priceListDevisLines()
      .filter((line) => line.from)
      .map((line) => [line.id as string, line.unitPriceHtCents]),
  );
  return lines.flatMap((line, index) => {
    const floor = line.priceListId === undefined ? undefined : starting.get(line.priceListId);
    return floor !== undefined && line.unitPriceHtCents < floor
      ? [
          {
            index,
            message: frenchTypography(
              `Ligne ${index + 1} : ce tarif est « à partir de ${formatCents(floor)} HT » ; le prix unitaire ne peut pas être plus bas.`,
            ),
          },
        ]
      : [];
  });
}
