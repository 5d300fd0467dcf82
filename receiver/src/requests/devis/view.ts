import { frenchTypography, withdrawalForm } from '../../facts';
import { isEmailAddress } from '../../email';
import type { DevisDraft, DraftError, FrozenDevis } from './draft';
import { COMPANY, devisMentions, type CompanyFacts, type Mention } from './mentions';
import { devisTotals, formatCents, validateLines } from './money';
import { belowStartingPrice } from './price-list';
import type { DevisTotals } from './types';
import { withdrawalRules, type ClientStanding, type WithdrawalRules } from './withdrawal';

/**
 * A devis as its page and its PDF show it, from its frozen content (or a draft, for the team's preview): the
 * totals, the withdrawal rules of the way it is made, the mentions, and the model form where a withdrawal
 * right applies. One function, so that the page and the PDF cannot disagree.
 */

export type DevisView = {
  number: string | null;
  version: number | null;
  lines: DevisDraft['lines'];
  totals: DevisTotals;
  withdrawal: WithdrawalRules;
  mentions: Mention[];
  /** The model withdrawal form, where the right applies. */
  withdrawalForm?: typeof withdrawalForm;
};

export function standingOf(draft: Pick<DevisDraft, 'client' | 'professional'>): ClientStanding {
  const kind = draft.client.kind;
  switch (kind) {
    case 'consumer':
    case 'nonProfessional':
      return { kind };
    case 'professional':
      return {
        kind,
        employees: draft.professional?.employees ?? Number.NaN,
        withinMainActivity: draft.professional?.withinMainActivity ?? true,
      };
    default:
      throw new Error(`unknown client kind ${JSON.stringify(kind satisfies never)}`);
  }
}

export function rulesOf(draft: DevisDraft): WithdrawalRules {
  return withdrawalRules({ way: draft.way, client: standingOf(draft), urgent: draft.urgent, lines: draft.lines });
}

function view(
  draft: DevisDraft,
  number: string | null,
  version: number | null,
  issuedAt: Date,
  company: CompanyFacts,
): DevisView {
  const withdrawal = rulesOf(draft);
  return {
    number,
    version,
    lines: draft.lines,
    totals: devisTotals(draft.lines),
    withdrawal,
    mentions: devisMentions({ ...draft, number, issuedAt, withdrawal }, company),
    ...(withdrawal.modelForm ? { withdrawalForm } : {}),
  };
}

/** A sent version, as the client reads it. */
export function devisView(content: FrozenDevis, company: CompanyFacts = COMPANY): DevisView {
  return view(content, content.number, content.version, new Date(content.issuedAt), company);
}

/** A draft, as the team previews it before sending (no number yet, dated `now`). */
export function previewView(draft: DevisDraft, now: Date, company: CompanyFacts = COMPANY): DevisView {
  return view(draft, null, null, now, company);
}

const MAX_TEXT = 500;
const MAX_VALIDITY_DAYS = 365;

/** Checks a draft before it is sent: its lines (money.ts) and everything else the devis must say. */
export function validateDraft(draft: DevisDraft): DraftError[] {
  const errors: DraftError[] = validateLines(draft.lines).map((error) => ({
    field: error.line === 0 ? 'lines' : `lines.${error.line - 1}.${error.field}`,
    message: error.message,
  }));
  for (const fault of belowStartingPrice(draft.lines)) {
    if (!errors.some((error) => error.field === `lines.${fault.index}.unitPriceHtCents`)) {
      errors.push({ field: `lines.${fault.index}.unitPriceHtCents`, message: fault.message });
    }
  }
  const say = (field: string, message: string) => errors.push({ field, message: frenchTypography(message) });
  const text = (value: unknown, max = MAX_TEXT) =>
    typeof value === 'string' && value.trim() !== '' && value.length <= max;
  if (!text(draft.client.name, 200)) say('client.name', 'Indiquez le nom du client (200 caractères au plus).');
  if (typeof draft.client.email !== 'string' || !isEmailAddress(draft.client.email))
    say('client.email', 'Indiquez une adresse e-mail valide pour le client.');
  if (!text(draft.client.jobAddress)) say('client.jobAddress', 'Indiquez l’adresse du chantier.');
  if (draft.client.kind === 'professional') {
    if (!/^\d{9}$/.test(draft.client.siren ?? '')) say('client.siren', 'Indiquez le SIREN du client : neuf chiffres.');
    const facts = draft.professional;
    if (!facts || !Number.isSafeInteger(facts.employees) || facts.employees < 0) {
      say('professional.employees', 'Indiquez le nombre de salariés du client.');
    }
  }
  if (!['distance', 'hors-etablissement', 'etablissement'].includes(draft.way)) {
    say('way', 'Indiquez comment le contrat est conclu.');
  }
  if (!Number.isSafeInteger(draft.validityDays) || draft.validityDays < 1 || draft.validityDays > MAX_VALIDITY_DAYS) {
    say('validityDays', `La durée de validité va de 1 à ${MAX_VALIDITY_DAYS} jours.`);
  }
  if (!text(draft.paymentTerms)) say('paymentTerms', 'Indiquez les modalités de paiement (500 caractères au plus).');
  if (draft.subject !== undefined && !text(draft.subject, 200))
    say('subject', 'L’objet du devis compte 200 caractères au plus.');
  if (draft.description !== undefined && draft.description.length > 5000) {
    say('description', 'La description compte 5 000 caractères au plus.');
  }
  for (const field of ['start', 'duration'] as const) {
    const value = draft[field];
    if (value !== undefined && !text(value, 200)) say(field, 'Ce champ compte 200 caractères au plus.');
  }
  if (draft.depositCents !== undefined && errors.length === 0) {
    const ttc = devisTotals(draft.lines).ttcCents;
    if (!Number.isSafeInteger(draft.depositCents) || draft.depositCents <= 0 || draft.depositCents > ttc) {
      say('depositCents', `L’acompte va de 0,01 € au total TTC du devis, ${formatCents(ttc)}.`);
    }
  }
  return errors;
}
