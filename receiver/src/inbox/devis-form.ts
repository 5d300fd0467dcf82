import { devisTerms, frenchTypography } from '../facts';
import type { DevisDraft, DraftError } from '../requests/devis/draft';
import { normaliseLineEnds } from '../facts';
import { devisTotals, formatCents, formatQuantity, LINE_LIMITS } from '../requests/devis/money';
import { priceListDevisLines, type PriceListDevisLine } from '../requests/devis/price-list';
import { CLIENT_KINDS, type DevisLine, type DevisTotals } from '../requests/devis/types';
import { validateDraft } from '../requests/devis/view';
import { CONTRACT_WAYS, LINE_KINDS, VAT_CHOICES } from './devis-choices';

/**
 * The devis editor's form (ui/devis-editor-page.tsx) as plain strings, and the draft it stands for. The page
 * shows the values, never the draft, so that a refused form comes back with exactly what was typed; a draft
 * becomes values to edit (amounts in French: « 1 234,56 »), and values become a draft with a French message
 * per field that cannot be read (a quantity « deux ») before the devis's own rules (validateDraft) speak.
 */

export type LineValues = {
  designation: string;
  quantity: string;
  unit: string;
  price: string;
  vat: string;
  kind: string;
  /** The price-list entry the line came from (a hidden field), or empty. */
  source: string;
};

export type DevisFormValues = {
  name: string;
  email: string;
  phone: string;
  jobAddress: string;
  clientKind: string;
  siren: string;
  employees: string;
  /** « En dehors de son activité principale » ticked. */
  outsideActivity: boolean;
  subject: string;
  description: string;
  way: string;
  urgent: boolean;
  /** « Travaux relevant de la garantie décennale » ticked. */
  decennial: boolean;
  validityDays: string;
  start: string;
  duration: string;
  paymentTerms: string;
  deposit: string;
  lines: LineValues[];
};

/** A field's error, keyed by its form name (`lines.2.price`). */
export type FieldErrors = Record<string, string>;

/** 150000 -> "1500,00": cents as the team types them (no thousands separator, to read back as typed). */
function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function quantityText(milli: number): string {
  const rest = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${Math.trunc(milli / 1000)},${rest}` : String(Math.trunc(milli / 1000));
}

/** "1 234,5" -> 123450 (in `scale` units: 100 for cents, 1000 for thousandths); undefined if unreadable. */
export function parseDecimal(text: string, decimals: number): number | undefined {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`).test(compact)) return undefined;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

export function lineValues(line: DevisLine): LineValues {
  return {
    designation: line.designation,
    quantity: quantityText(line.quantityMilli),
    unit: line.unit,
    price: centsText(line.unitPriceHtCents),
    vat: String(line.vatRateBp),
    kind: line.kind,
    source: line.priceListId ?? '',
  };
}

export function valuesOf(draft: DevisDraft): DevisFormValues {
  return {
    name: draft.client.name,
    email: draft.client.email,
    phone: draft.client.phone,
    jobAddress: draft.client.jobAddress,
    clientKind: draft.client.kind,
    siren: draft.client.siren ?? '',
    employees: draft.professional ? String(draft.professional.employees) : '',
    outsideActivity: draft.professional ? !draft.professional.withinMainActivity : false,
    subject: draft.subject ?? '',
    description: draft.description ?? '',
    way: draft.way,
    urgent: draft.urgent,
    decennial: draft.decennial === true,
    validityDays: String(draft.validityDays),
    start: draft.start ?? '',
    duration: draft.duration ?? '',
    paymentTerms: draft.paymentTerms,
    deposit: draft.depositCents === undefined ? '' : centsText(draft.depositCents),
    lines: draft.lines.map(lineValues),
  };
}

/** The form's fields as posted (`lines.N.field` for each line, N from 0, at most 100 lines read). */
export function valuesFromBody(body: Record<string, unknown>): DevisFormValues {
  // Line ends as LF (the form's body parser does it already, form-body.ts; a caller may pass another body).
  const text = (name: string) => (typeof body[name] === 'string' ? normaliseLineEnds(body[name] as string) : '');
  const indexes = new Set<number>();
  for (const key of Object.keys(body)) {
    const match = /^lines\.(\d{1,2})\.designation$/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    jobAddress: text('jobAddress'),
    clientKind: text('clientKind'),
    siren: text('siren'),
    employees: text('employees'),
    outsideActivity: text('outsideActivity') !== '',
    subject: text('subject'),
    description: text('description'),
    way: text('way'),
    urgent: text('urgent') !== '',
    decennial: text('decennial') !== '',
    validityDays: text('validityDays'),
    start: text('start'),
    duration: text('duration'),
    paymentTerms: text('paymentTerms'),
    deposit: text('deposit'),
    lines: [...indexes]
      .sort((a, b) => a - b)
      .map((index) => ({
        designation: text(`lines.${index}.designation`),
        quantity: text(`lines.${index}.quantity`),
        unit: text(`lines.${index}.unit`),
        price: text(`lines.${index}.price`),
        vat: text(`lines.${index}.vat`),
        kind: text(`lines.${index}.kind`),
        source: text(`lines.${index}.source`),
      })),
  };
}

/** validateDraft's field names, as the form names its fields. */
function formField(field: string): string {
  return field
    .replace(/^client\.kind$/, 'clientKind')
    .replace(/^client\./, '')
    .replace(/^professional\.employees$/, 'employees')
    .replace(/^depositCents$/, 'deposit')
    .replace(/\.quantityMilli$/, '.quantity')
    .replace(/\.unitPriceHtCents$/, '.price')
    .replace(/\.vatRateBp$/, '.vat');
}

/**
 * The draft the values stand for, and the faults found: the form's own (a number that cannot be read) and,
 * with `complete`, every fault validateDraft finds (before a preview or a sending; saving a line added to an
 * unfinished devis asks only for readable values).
 */
export function draftFromValues(
  values: DevisFormValues,
  complete: boolean,
  /** The company's price list (the published one, store/site-data.ts); the one built in by default. */
  priceList: readonly PriceListDevisLine[] = priceListDevisLines(),
): { draft: DevisDraft; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const say = (field: string, message: string) => {
    errors[field] ??= frenchTypography(message);
  };
  const trimmed = (value: string) => value.trim();
  const priceListIds = new Set<string>(priceList.map((line) => line.id));
  const lines: DevisLine[] = values.lines.map((line, index) => {
    const n = index + 1;
    // An unfinished line (its price not typed yet) may be saved; the preview asks for every number.
    const read = (text: string, decimals: number) =>
      !complete && text.trim() === '' ? 0 : parseDecimal(text, decimals);
    const quantityMilli = read(line.quantity, 3);
    if (quantityMilli === undefined)
      say(`lines.${index}.quantity`, `Ligne ${n} : indiquez la quantité en chiffres (2 ou 2,5).`);
    // Beyond the limits even an unfinished draft is refused: its totals could not be computed (no safe integer).
    else if (quantityMilli > LINE_LIMITS.maxQuantityMilli) {
      say(
        `lines.${index}.quantity`,
        `Ligne ${n} : la quantité va jusqu’à ${formatQuantity(LINE_LIMITS.maxQuantityMilli)}.`,
      );
    }
    const unitPriceHtCents = read(line.price, 2);
    if (unitPriceHtCents === undefined) {
      say(`lines.${index}.price`, `Ligne ${n} : indiquez le prix unitaire HT en euros (120 ou 120,50).`);
    } else if (unitPriceHtCents > LINE_LIMITS.maxUnitPriceCents) {
      say(
        `lines.${index}.price`,
        `Ligne ${n} : le prix unitaire HT va jusqu’à ${formatCents(LINE_LIMITS.maxUnitPriceCents)}.`,
      );
    }
    const vatRateBp = Number(line.vat);
    if (!VAT_CHOICES.some((choice) => choice.value === line.vat))
      say(`lines.${index}.vat`, `Ligne ${n} : choisissez un taux de TVA.`);
    const kind = LINE_KINDS.find((choice) => choice.value === line.kind)?.value;
    if (!kind) say(`lines.${index}.kind`, `Ligne ${n} : choisissez prestation ou fourniture.`);
    return {
      designation: trimmed(line.designation),
      quantityMilli: quantityMilli ?? 0,
      unit: trimmed(line.unit),
      unitPriceHtCents: unitPriceHtCents ?? 0,
      vatRateBp: Number.isSafeInteger(vatRateBp) ? vatRateBp : 0,
      kind: kind ?? 'service',
      ...(priceListIds.has(line.source) ? { priceListId: line.source } : {}),
    };
  });
  const way = CONTRACT_WAYS.find((choice) => choice.value === values.way)?.value;
  if (!way) say('way', 'Indiquez comment le contrat est conclu.');
  const clientKind = CLIENT_KINDS.find((kind) => kind === values.clientKind);
  if (!clientKind) {
    say('clientKind', 'Indiquez si le client est un particulier, un non-professionnel ou un professionnel.');
  }
  const professional = clientKind === 'professional';
  const validityDays = /^\d{1,4}$/.test(values.validityDays.trim()) ? Number(values.validityDays.trim()) : Number.NaN;
  if (Number.isNaN(validityDays)) say('validityDays', 'Indiquez la durée de validité en jours (30, par exemple).');
  const employees = /^\d{1,7}$/.test(values.employees.trim()) ? Number(values.employees.trim()) : Number.NaN;
  if (professional && Number.isNaN(employees))
    say('employees', 'Indiquez le nombre de salariés du client, en chiffres.');
  const deposit = values.deposit.trim() === '' ? undefined : parseDecimal(values.deposit, 2);
  if (values.deposit.trim() !== '' && deposit === undefined) {
    say('deposit', 'Indiquez l’acompte en euros TTC (300 ou 300,50), ou laissez le champ vide.');
  }
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const siren = values.siren.replace(/[\s\u00a0\u202f]/g, '');
  const draft: DevisDraft = {
    client: {
      name: trimmed(values.name),
      email: trimmed(values.email),
      phone: trimmed(values.phone),
      jobAddress: trimmed(values.jobAddress),
      kind: clientKind ?? 'consumer',
      ...(professional ? { siren } : {}),
    },
    ...(professional ? { professional: { employees, withinMainActivity: !values.outsideActivity } } : {}),
    ...(optional(values.subject) ? { subject: optional(values.subject) } : {}),
    ...(optional(values.description) ? { description: values.description.trim() } : {}),
    way: way ?? 'distance',
    urgent: values.urgent,
    ...(values.decennial ? { decennial: true } : {}),
    lines,
    validityDays: Number.isNaN(validityDays) ? devisTerms.validityDays : validityDays,
    ...(optional(values.start) ? { start: optional(values.start) } : {}),
    ...(optional(values.duration) ? { duration: optional(values.duration) } : {}),
    paymentTerms: trimmed(values.paymentTerms),
    ...(deposit !== undefined ? { depositCents: deposit } : {}),
  };
  if (complete) {
    for (const fault of validateDraft(draft) as DraftError[]) {
      const field = formField(fault.field);
      // A number the form could not read already has its message; the rule's would speak of the 0 put in.
      if (!errors[field]) say(field, fault.message);
    }
  }
  return { draft, errors };
}

/**
 * A stored draft's totals for its editor, or `out-of-range` when they cannot be computed: a draft saved
 * before saving checked the limits may hold a quantity or a price beyond them (« montant hors limites »), and
 * its editor must still open so that the team corrects it.
 */
export function draftTotals(draft: DevisDraft): DevisTotals | 'out-of-range' {
  try {
    return devisTotals(draft.lines);
  } catch (error) {
    if (error instanceof RangeError) return 'out-of-range';
    throw error;
  }
}

/** A line of the price list, by its id, as form values. */
export function priceListLine(
  id: string,
  priceList: readonly PriceListDevisLine[] = priceListDevisLines(),
): LineValues | undefined {
  const found = priceList.find((line) => line.id === id);
  return found && lineValues(found);
}

/** An empty line, at the standard rate, a service. */
export function blankLine(): LineValues {
  return {
    designation: '',
    quantity: '1',
    unit: 'forfait',
    price: '',
    vat: VAT_CHOICES[0]?.value ?? '',
    kind: 'service',
    source: '',
  };
}
