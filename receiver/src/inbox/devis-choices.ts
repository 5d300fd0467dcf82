import { devisEditorTexts, devisVatRates, frenchTypography, NBSP } from '../facts';
import { bpOfPercent, formatCents } from '../requests/devis/money';
import { priceListDevisLines, type PriceListDevisLine } from '../requests/devis/price-list';
import {
  CLIENT_KINDS,
  LINE_KIND_LABELS,
  type ClientKind,
  type ContractWay,
  type LineKind,
} from '../requests/devis/types';

/**
 * The choices the devis editor offers (inbox/ui/devis-editor-page.tsx), each with its words from content/:
 * the ways a contract is made, the client's kinds, the lines' kinds, the VAT rates and the price list.
 */

type Labelled = { label: string; help: string };

/** Each way's label and help (content/devis.ts): a way added to ContractWay cannot compile without its words. */
const WAY_TEXTS: Record<ContractWay, Labelled> = devisEditorTexts.ways;

export const CONTRACT_WAYS: ({ value: ContractWay } & Labelled)[] = (
  ['distance', 'hors-etablissement', 'etablissement'] as const
).map((value) => ({ value, ...WAY_TEXTS[value] }));

/** Each client kind's label and help (content/devis.ts), in the editor's order. */
const CLIENT_KIND_TEXTS: Record<ClientKind, Labelled> = devisEditorTexts.clientKinds;

export const CLIENT_KIND_CHOICES: ({ value: ClientKind } & Labelled)[] = CLIENT_KINDS.map((value) => ({
  value,
  ...CLIENT_KIND_TEXTS[value],
}));

export const LINE_KINDS = Object.entries(LINE_KIND_LABELS).map(([value, label]) => ({
  value: value as LineKind,
  label,
}));

/** The VAT rates the team chooses from (content/devis.ts), as basis points and labels. */
export const VAT_CHOICES = devisVatRates.map((rate) => ({
  value: String(bpOfPercent(rate.ratePercent)),
  label: rate.label,
  condition: rate.condition,
}));

/** The price list (content/) as the editor's choices: the id and « Main-d’œuvre – 55,00 € HT / heure ». */
export function priceListChoices(priceList: readonly PriceListDevisLine[] = priceListDevisLines()) {
  return priceList.map((line) => ({
    id: line.id,
    label: frenchTypography(
      `${line.designation} – ${line.from ? 'à partir de ' : ''}${formatCents(line.unitPriceHtCents)}${NBSP}HT / ${line.unit}`,
    ),
    line,
  }));
}
