import { Type, type Static } from '@sinclair/typebox';
import { MULTI_LINE, REQUEST_REFUSAL_CODES, refusalSchema, SINGLE_LINE } from './form-contract';
import { QUOTE_REQUEST_ID_FIELD } from './quote-settings';
import { TERMINATION_CONTRACT_TYPES, TERMINATION_MAX_LENGTHS } from './termination-settings';

/**
 * The termination endpoint's contract (POST /api/resiliation), as TypeBox schemas, like the quote's
 * (content/quote-contract.ts): the receiver checks a request against `terminationRequestSchema` and answers
 * with `terminationAnswerSchema` or `terminationRefusalSchema`; the form reads the answers through their
 * types only. The keywords map to refusal codes as for the quote: blank `required`, `maxLength` `too-long`,
 * `pattern` `line-break` (or `control-character`), a value outside the list `option`, a `format` its own
 * name. The optional fields (company, the dates, the reason) may be empty.
 */

/** The formats the termination's fields use, implemented by the receiver (each is also a refusal code). */
export const TERMINATION_FORMATS = ['first-name', 'email', 'request-id', 'contract-reference', 'date'] as const;
export type TerminationFormat = (typeof TERMINATION_FORMATS)[number];

const text = (maxLength: number, rules: { pattern?: string; format?: TerminationFormat } = {}) =>
  Type.String({ minLength: 1, maxLength, ...rules });
const optional = (maxLength: number, rules: { pattern?: string; format?: TerminationFormat } = {}) =>
  Type.String({ maxLength, ...rules });

/** The request's fields, trimmed, in the order its faults are reported. */
export const terminationRequestSchema = Type.Object({
  lastName: text(TERMINATION_MAX_LENGTHS.lastName, { pattern: SINGLE_LINE }),
  firstName: text(TERMINATION_MAX_LENGTHS.firstName, { pattern: SINGLE_LINE, format: 'first-name' }),
  company: optional(TERMINATION_MAX_LENGTHS.company, { pattern: SINGLE_LINE }),
  email: text(TERMINATION_MAX_LENGTHS.email, { pattern: SINGLE_LINE, format: 'email' }),
  contractType: Type.Union(TERMINATION_CONTRACT_TYPES.map((value) => Type.Literal(value))),
  contractReference: text(TERMINATION_MAX_LENGTHS.contractReference, {
    pattern: SINGLE_LINE,
    format: 'contract-reference',
  }),
  contractStart: optional(10, { format: 'date' }),
  desiredDate: optional(10, { format: 'date' }),
  reason: optional(TERMINATION_MAX_LENGTHS.reason, { pattern: MULTI_LINE }),
  [QUOTE_REQUEST_ID_FIELD]: Type.String({ minLength: 1, format: 'request-id' }),
});
export type TerminationRequest = Static<typeof terminationRequestSchema>;
export type TerminationRequestField = keyof TerminationRequest;

/**
 * The success answer (201 new, 200 a replay): the reference, whether an acknowledgment mail goes, and the
 * effective date (an ISO day; empty for a request set aside as spam).
 */
export const terminationAnswerSchema = Type.Object({
  reference: Type.String(),
  confirmation: Type.Boolean(),
  effectiveDate: Type.String(),
});
export type TerminationAnswer = Static<typeof terminationAnswerSchema>;

/** Every refusal's stable machine code. */
export const TERMINATION_REFUSAL_CODES = [
  'required',
  'too-long',
  'line-break',
  'control-character',
  'option',
  ...TERMINATION_FORMATS,
  /** A maintenance contract's signature date in the future (it may be left empty). */
  'contract-start',
  'duplicate-field',
  ...REQUEST_REFUSAL_CODES,
  'server',
] as const;
export type TerminationRefusalCode = (typeof TERMINATION_REFUSAL_CODES)[number];

export const terminationRefusalSchema = refusalSchema(
  TERMINATION_REFUSAL_CODES,
  Object.keys(terminationRequestSchema.properties) as TerminationRequestField[],
);
export type TerminationRefusal = Static<typeof terminationRefusalSchema>;
