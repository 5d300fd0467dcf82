import { FormatRegistry } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { createHash } from 'node:crypto';
import {
  isIsoDay,
  QUOTE_HONEYPOT_FIELD,
  TERMINATION_MAX_LENGTHS,
  terminationRequestSchema,
  type TerminationFormat,
  type TerminationRefusalCode,
  type TerminationRequest,
  type TerminationRequestField,
} from '../facts';
import { CONTROL, normaliseLineEnds } from '../requests/characters';
import { terminationMessages, type TerminationFieldName } from './termination-messages';
import { Refusal } from './validate';

/**
 * The termination form's rules (content/termination-contract.ts), checked again by the receiver as the
 * quote's are (validate.ts, whose formats first-name, email and request-id this file shares): the first fault
 * is refused with its code, its field and its French sentence.
 */

export const TERMINATION_FIELDS = Object.keys(terminationRequestSchema.properties) as TerminationRequestField[];
export const TERMINATION_KNOWN_FIELDS: ReadonlySet<string> = new Set<string>([
  ...TERMINATION_FIELDS,
  QUOTE_HONEYPOT_FIELD,
]);

/**
 * What identifies the contract is repeated in the acknowledgment sent to the address typed: letters, digits,
 * spaces and the punctuation of references and postal addresses, but no « @ » nor « : », so that no address
 * or link can be written there and sent from the company's domain.
 */
const CONTRACT_REFERENCE = /^[\p{L}\p{M}\p{N} '’,.°#()/_-]+$/u;

FormatRegistry.Set('contract-reference', (value) => CONTRACT_REFERENCE.test(value));
// An empty optional date is allowed: only a given one must be a real day.
FormatRegistry.Set('date', (value) => value === '' || isIsoDay(value));

function codeOf(fault: ValueError, value: string): TerminationRefusalCode {
  if (value === '') return fault.schema.format === 'request-id' ? 'request-id' : 'required';
  if (fault.type === ValueErrorType.StringMaxLength) return 'too-long';
  if (fault.type === ValueErrorType.StringPattern) return CONTROL.test(value) ? 'control-character' : 'line-break';
  if (fault.type === ValueErrorType.StringFormat) return fault.schema.format as TerminationFormat;
  return 'option';
}

function frenchFor(code: TerminationRefusalCode, field: TerminationRequestField): string {
  const name = field as TerminationFieldName;
  const m = terminationMessages;
  switch (code) {
    case 'required':
      return m.required(name);
    case 'too-long':
      return m.tooLong(name, TERMINATION_MAX_LENGTHS[name as keyof typeof TERMINATION_MAX_LENGTHS]);
    case 'line-break':
      return m.lineBreak(name);
    case 'control-character':
      return m.controlCharacter(name);
    case 'option':
      return m.badOption(name);
    case 'first-name':
      return m.firstName;
    case 'email':
      return m.email;
    case 'contract-reference':
      return m.contractReference;
    case 'date':
      return m.date(name);
    default:
      return m.requestId;
  }
}

/**
 * The fields once checked, trimmed. A maintenance contract needs its signature date, a day not after
 * `receivedDay`; an accepted devis has none (a date sent with it is dropped).
 */
export function validateTermination(raw: Map<string, string>, receivedDay: string): TerminationRequest {
  const fields = cleanFields(raw);
  const fault = Value.Errors(terminationRequestSchema, fields).First();
  if (fault) {
    const field = fault.path.slice(1) as TerminationRequestField;
    const code = codeOf(fault, fields[field] ?? '');
    throw new Refusal(400, frenchFor(code, field), code, field);
  }
  const valid = fields as TerminationRequest;
  // The signature date is optional (the client may not have it; the company does): only a future one is refused.
  if (valid.contractType === 'maintenance' && valid.contractStart > receivedDay) {
    throw new Refusal(400, terminationMessages.contractStartFuture, 'contract-start', 'contractStart');
  }
  return {
    ...valid,
    contractStart: valid.contractType === 'maintenance' ? valid.contractStart : '',
    requestId: valid.requestId.toLowerCase(),
  };
}

function cleanFields(raw: Map<string, string>): Record<string, string> {
  return Object.fromEntries(
    // CRLF from the browser becomes LF before any rule reads it (requests/characters.ts).
    TERMINATION_FIELDS.map((name) => [name, normaliseLineEnds(raw.get(name) ?? '').trim()]),
  );
}

/** Each faulty field's French sentence (its first fault), none when the fields are valid. */
export type TerminationFaults = Partial<Record<TerminationRequestField, string>>;

/**
 * Every faulty field at once, for the page answered without JavaScript (termination-pages.tsx), which shows
 * each message beside its field: the same rules and sentences as `validateTermination`.
 */
export function terminationFaults(raw: Map<string, string>, receivedDay: string): TerminationFaults {
  const fields = cleanFields(raw);
  const faults: TerminationFaults = {};
  for (const fault of Value.Errors(terminationRequestSchema, fields)) {
    const field = fault.path.slice(1) as TerminationRequestField;
    if (faults[field] === undefined) faults[field] = frenchFor(codeOf(fault, fields[field] ?? ''), field);
  }
  const start = fields.contractStart ?? '';
  if (faults.contractStart === undefined && fields.contractType === 'maintenance' && start > receivedDay) {
    faults.contractStart = terminationMessages.contractStartFuture;
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
