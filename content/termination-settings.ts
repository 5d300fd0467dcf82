import { addMonths, daysInMonth } from '@/lib/days';
import { maintenanceContract } from './legal-facts';

/**
 * The « Résilier un contrat » form's limits, field names and the rule that gives a termination its effective
 * date (C. conso. L. 215-1-1: the acknowledgment states the date the contract ends). Kept apart from the
 * page's texts (content/termination.ts) so that the browser code and the receiver (through
 * receiver/src/facts.ts) share these values alone. docs/resilier-un-contrat.md explains the rule in French.
 */

/**
 * Where the company's own receiver takes termination requests, on the site's origin (nginx passes it to the
 * receiver, like the quote's /api/devis).
 */
export const TERMINATION_RECEIVER_PATH = '/api/resiliation';

/** The contracts a client can end online: a maintenance contract, or an accepted devis not yet carried out. */
export const TERMINATION_CONTRACT_TYPES = ['maintenance', 'devis'] as const;
export type TerminationContractType = (typeof TERMINATION_CONTRACT_TYPES)[number];

/** Longest accepted value of each text field, in characters (the form's maxLength, checked again by the receiver). */
export const TERMINATION_MAX_LENGTHS = {
  firstName: 100,
  lastName: 100,
  company: 150,
  email: 254,
  contractReference: 120,
  reason: 2000,
} as const;

/** An ISO calendar day, "2026-11-21". */
export const ISO_DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Is `value` a real calendar day written "YYYY-MM-DD" (no 31 April), between 1990 and 2100? */
export function isIsoDay(value: string): boolean {
  if (!new RegExp(ISO_DAY_PATTERN).test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** What the effective date is computed from: every day is an ISO day in Paris. */
export type TerminationDates = {
  contractType: TerminationContractType;
  /** The day the receiver received the request. */
  receivedDay: string;
  /**
   * The maintenance contract's signature, from which its yearly échéances run; the client may not know it
   * (the company has it): the day is then the earliest possible (`isEarliestEffectiveDay`).
   */
  contractStart?: string;
  /** The date the client asks for (décret 2023-417, art. D. 215-2, 4°), if any. */
  desiredDate?: string;
};

/**
 * The day a termination takes effect (the CGV, « Contrats de maintenance » and « Annulation »):
 * - a maintenance contract runs `termYears` from its signature, then is renewed by periods of `renewalYears`;
 *   a termination refuses the renewal, so it takes effect on an échéance (an anniversary of the signature),
 *   the first one at least `noticeMonths` after the day the request is received, and not before the date the
 *   client asked for;
 * - an accepted devis (a job not yet carried out) is cancelled on the day the request is received, or on the
 *   later date the client asked for.
 * A date asked for in the past counts as « as soon as possible ». A maintenance contract whose signature
 * date the client did not give ends on an échéance not known yet: the day is then the earliest one possible
 * (`noticeMonths` after the day received, or the later date asked for), said « au plus tôt », and the team
 * confirms the real one.
 */
export function terminationEffectiveDay({
  contractType,
  receivedDay,
  contractStart,
  desiredDate,
}: TerminationDates): string {
  const floor = desiredDate !== undefined && desiredDate > receivedDay ? desiredDate : receivedDay;
  if (contractType === 'devis') return floor;
  const { termYears, renewalYears, noticeMonths } = maintenanceContract;
  if (contractStart === undefined) {
    // No signature date: the earliest échéance the notice can reach, which the team confirms from the contract.
    const earliest = addMonths(receivedDay, noticeMonths);
    return earliest > floor ? earliest : floor;
  }
  // Each échéance from the signature itself (never from the previous one: 29 February stays the 29th).
  for (let period = 0; period < 1000; period += 1) {
    const term = addMonths(contractStart, (termYears + period * renewalYears) * 12);
    if (addMonths(term, -noticeMonths) >= receivedDay && term >= floor) return term;
  }
  throw new Error('no échéance found');
}

/** What a stored termination says of its contract (`undefined` for a spam row). */
export type ContractDates = { contractType: TerminationContractType | undefined; contractStart?: string | undefined };

/**
 * Whether a termination's effective day is only the earliest possible: a maintenance contract whose signature
 * date was not given. The acknowledgment, the inbox and the form say « au plus tôt », and the proof is kept one
 * renewal period longer (`terminationProofYears`), since the real day may fall that much later.
 */
export function isEarliestEffectiveDay(dates: ContractDates): boolean {
  return dates.contractType === 'maintenance' && !dates.contractStart;
}

/** How many years after its (stored) effective day a termination is kept: its proof's retention. */
export function terminationProofYears(dates: ContractDates, proofYears: number): number {
  return proofYears + (isEarliestEffectiveDay(dates) ? maintenanceContract.renewalYears : 0);
}
