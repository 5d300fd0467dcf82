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
};

/** A fault in a draft, with its French message; `field` names the form's field. */
export type DraftError = { field: string; message: string };
