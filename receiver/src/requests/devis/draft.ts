import type { CompanyFacts } from './mentions';
import type { ContractWay, DevisClient, DevisLine, DevisTotals } from './types';

/**
 * A devis as the team prepares it (stored as JSON while it is a draft), and as it is frozen when sent: the
 * draft with its number, version, date of issue and totals. The store keeps both as they are; the rules
 * (money.ts, withdrawal.ts, mentions.ts) and the documents read them.
 */
export type DevisDraft = {
  client: DevisClient;
  /** What the job is (the service asked for, as the team words it) and its description: the devis's object. */
  subject?: string;
  description?: string;
  /** For a professional client: the facts L. 221-3 asks (withdrawal.ts). */
  professional?: { employees: number; withinMainActivity: boolean };
  way: ContractWay;
  /** « Intervention urgente demandée par le client ». */
  urgent: boolean;
  lines: DevisLine[];
  validityDays: number;
  start?: string;
  duration?: string;
  paymentTerms: string;
  depositCents?: number;
  /**
   * « Travaux relevant de la garantie décennale » ticked: the devis says the décennale attestation is attached,
   * and its mails attach it (C. assur. L. 243-2). Absent on drafts made before the box.
   */
  decennial?: boolean;
};

export type FrozenDevis = DevisDraft & {
  number: string;
  version: number;
  /** ISO UTC, the moment it was sent. */
  issuedAt: string;
  totals: DevisTotals;
  /**
   * Sent while the insurer or the mediator was a sample value (content/placeholders.ts): a demonstration
   * devis, stamped as such on its page, its PDF and its mails. Decided at sending; absent on a real devis.
   */
  demonstration?: true;
  /**
   * The company's facts at the sending (identity, address, insurer, mediator, travel prices: mentions.ts
   * CompanyFacts), so that the page, the PDF and the proof of this version never read later ones. Absent
   * from a version sent by an older receiver, which froze none: such a version reads today's facts.
   */
  company?: CompanyFacts;
};

/** What only a sent version has: given again at each sending, never part of a draft. */
const FROZEN_ONLY: ReadonlySet<string> = new Set([
  'number',
  'version',
  'issuedAt',
  'totals',
  'company',
  'demonstration',
]);

/** The draft a sent version stands for (« Modifier » makes the next version from it). */
export function draftOf(content: FrozenDevis): DevisDraft {
  return Object.fromEntries(Object.entries(content).filter(([key]) => !FROZEN_ONLY.has(key))) as DevisDraft;
}

/**
 * A sent version's content as the store keeps it (devis_versions.content, JSON), read back: the one place
 * that does, so that a change of its shape is made here. Throws if the JSON is not a frozen devis.
 */
export function parseFrozenDevis(json: string): FrozenDevis {
  const parsed: unknown = JSON.parse(json);
  const content = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<FrozenDevis>;
  const shaped =
    typeof content.number === 'string' &&
    Number.isSafeInteger(content.version) &&
    typeof content.issuedAt === 'string' &&
    Array.isArray(content.lines) &&
    typeof content.totals === 'object' &&
    typeof content.client === 'object';
  if (!shaped) throw new TypeError('devis_versions.content is not a frozen devis');
  return content as FrozenDevis;
}

/** A fault in a draft, with its French message; `field` names the form's field. */
export type DraftError = { field: string; message: string };
