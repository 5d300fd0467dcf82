import { createHash } from 'node:crypto';
import {
  isIsoDay,
  TERMINATION_MAX_LENGTHS,
  TERMINATION_RECEIVER_PATH,
  terminationAnswerSchema,
  terminationMessages,
  terminationRefusalSchema,
  terminationRequestSchema,
  type TerminationRequest,
  type TerminationRequestField,
} from '../facts';
import { checkFields, defineForm, fieldFaults, formFields, knownFields, Refusal, sharedFormats } from './form-intake';

/**
 * « Résilier un contrat » as a public form (form-intake.ts): its contract (content/termination-contract.ts),
 * its sentences (content/form-messages.ts), its limits (no file), its formats; and its one rule beyond the
 * schema, the signature date of a maintenance contract, never in the future.
 */

/**
 * What identifies the contract is repeated in the acknowledgment sent to the address typed: letters, digits,
 * spaces and the punctuation of references and postal addresses, but no « @ » nor « : », so that no address
 * or link can be written there and sent from the company's domain.
 */
const CONTRACT_REFERENCE = /^[\p{L}\p{M}\p{N} '’,.°#()/_-]+$/u;

const m = terminationMessages;

export const terminationForm = defineForm({
  path: TERMINATION_RECEIVER_PATH,
  schema: terminationRequestSchema,
  answerSchema: terminationAnswerSchema,
  refusalSchema: terminationRefusalSchema,
  messages: m,
  maxLengths: TERMINATION_MAX_LENGTHS,
  formats: {
    ...sharedFormats(m),
    'contract-reference': { check: (value) => CONTRACT_REFERENCE.test(value), message: () => m.contractReference },
    // An empty optional date is allowed: only a given one must be a real day.
    date: { check: (value) => value === '' || isIsoDay(value), message: m.date },
  },
  // No file; its fields only (the reason the longest).
  limits: {
    files: 1,
    fileSize: 1,
    fields: 20,
    parts: 21,
    fieldSize: TERMINATION_MAX_LENGTHS.reason * 4 + 1024,
    fieldNameSize: 100,
    headerPairs: 100,
  },
  rateLimitPrefix: 'termination:',
});

export const TERMINATION_FIELDS = formFields(terminationForm) as TerminationRequestField[];
export const TERMINATION_KNOWN_FIELDS = knownFields(terminationForm);

/** Is a maintenance contract's signature date after the day received (it may be left empty)? */
function startsInFuture(fields: { contractType?: string; contractStart?: string }, receivedDay: string): boolean {
  return fields.contractType === 'maintenance' && (fields.contractStart ?? '') > receivedDay;
}

/**
 * The fields once checked, trimmed. A maintenance contract needs its signature date, a day not after
 * `receivedDay`; an accepted devis has none (a date sent with it is dropped).
 */
export function validateTermination(raw: Map<string, string>, receivedDay: string): TerminationRequest {
  const valid = checkFields(terminationForm, raw) as TerminationRequest;
  // The signature date is optional (the client may not have it; the company does): only a future one is refused.
  if (startsInFuture(valid, receivedDay)) {
    throw new Refusal(400, m.contractStartFuture, 'contract-start', 'contractStart');
  }
  return {
    ...valid,
    contractStart: valid.contractType === 'maintenance' ? valid.contractStart : '',
    requestId: valid.requestId.toLowerCase(),
  };
}

/** Each faulty field's French sentence (its first fault), none when the fields are valid. */
export type TerminationFaults = Partial<Record<TerminationRequestField, string>>;

/**
 * Every faulty field at once, for the page answered without JavaScript (termination-pages.tsx), which shows
 * each message beside its field: the same rules and sentences as `validateTermination`.
 */
export function terminationFaults(raw: Map<string, string>, receivedDay: string): TerminationFaults {
  const faults: TerminationFaults = fieldFaults(terminationForm, raw);
  const trimmed = { contractType: raw.get('contractType')?.trim(), contractStart: raw.get('contractStart')?.trim() };
  if (faults.contractStart === undefined && startsInFuture(trimmed, receivedDay)) {
    faults.contractStart = m.contractStartFuture;
  }
  return faults;
}

/** What a termination says, as a hash: a retry with the same id must carry the same. */
export function terminationHash(fields: TerminationRequest): string {
  const ordered = Object.entries(fields)
    .filter(([key]) => key !== 'requestId')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex');
}
