/**
 * The devis's data, shared by its rules (requests/devis/), its storage (store/) and its documents
 * (documents/). Money is in integer cents; a VAT rate in basis points (2000 = 20 %); a quantity in
 * thousandths (1 500 = 1,5), so that every computation is on integers.
 */

/** How the contract is made; the withdrawal rules follow from it. */
export type ContractWay = 'distance' | 'hors-etablissement' | 'etablissement';

export type LineKind = 'service' | 'goods';

/** A line's kind as the team's pages and the devis's PDF name it, in the editor's order. */
export const LINE_KIND_LABELS: Record<LineKind, string> = { service: 'Prestation', goods: 'Fourniture' };

export interface DevisLine {
  designation: string;
  quantityMilli: number;
  unit: string;
  unitPriceHtCents: number;
  vatRateBp: number;
  kind: LineKind;
  /** The price-list entry the line was made from (price-list.ts), if any: a starting price is its floor. */
  priceListId?: string;
}

export interface VatTotal {
  vatRateBp: number;
  baseHtCents: number;
  vatCents: number;
}

export interface DevisTotals {
  /** Each line's amount excluding VAT, in the lines' order. */
  lineHtCents: number[];
  htCents: number;
  /** One entry per rate used, by increasing rate. */
  vat: VatTotal[];
  ttcCents: number;
}

/**
 * Who the client is, for the law: a consumer (a person acting for their own needs), a non-professional (a
 * legal person not acting for professional purposes: a syndicat de copropriétaires, an association), or a
 * professional. Stored in the devis's JSON; every rule that depends on it is a `Record<ClientKind, …>` or an
 * exhaustive switch, so that a new kind cannot compile while some place ignores it.
 */
export type ClientKind = 'consumer' | 'nonProfessional' | 'professional';

export const CLIENT_KINDS: readonly ClientKind[] = ['consumer', 'nonProfessional', 'professional'];

export interface DevisClient {
  name: string;
  email: string;
  phone: string;
  /** Where the job is done (street, postcode, town). */
  jobAddress: string;
  kind: ClientKind;
  /** Nine digits, professionals only. */
  siren?: string;
}
