import { Type, type Static } from '@sinclair/typebox';
import { MULTI_LINE, REQUEST_REFUSAL_CODES, refusalSchema, SINGLE_LINE } from './form-contract';
import { locationOptions, serviceTypeOptions, type QuoteOption } from './quote';
import { QUOTE_MAX_LENGTHS, QUOTE_REQUEST_ID_FIELD } from './quote-settings';

/**
 * The quote endpoint's contract, defined once as TypeBox schemas: JSON Schema objects that give both the
 * TypeScript types (`Static<…>`) and the runtime check. The receiver checks a request against
 * `quoteRequestSchema` (receiver/src/intake/form-intake.ts) and answers with `quoteAnswerSchema` or
 * `quoteRefusalSchema` (its Fastify route schemas); the form's hook reads the answers through their types
 * only (`import type`: no byte of TypeBox reaches the browser); the receiver's tests check every answer
 * against them. docs/recevoir-les-demandes.md (« Le contrat ») describes the same in French.
 *
 * Each field's rules are the schema's keywords, and each keyword has its refusal code: a missing or blank
 * value is `required`, `maxLength` is `too-long`, `pattern` (one line, no control character) is
 * `line-break` (`control-character` when the value holds a control character other than a line break: a
 * NUL, an escape…), a value outside the list is `option`, and a `format` is refused under its own name
 * (`first-name`, `email`, `phone`, `request-id`: the receiver implements these formats).
 */

const text = (maxLength: number, rules: { pattern?: string; format?: QuoteFormat } = {}) =>
  Type.String({ minLength: 1, maxLength, ...rules });

const oneOf = (options: readonly QuoteOption[]) => Type.Union(options.map((option) => Type.Literal(option.value)));

/** The formats the request's fields use, implemented by the receiver (each is also a refusal code). */
export const QUOTE_FORMATS = ['first-name', 'email', 'phone', 'request-id'] as const;
export type QuoteFormat = (typeof QUOTE_FORMATS)[number];

/**
 * A request's fields, trimmed, as the receiver checks them (the file and the anti-spam field are read
 * apart). The order of the properties is the order in which a request's faults are reported.
 */
export const quoteRequestSchema = Type.Object({
  firstName: text(QUOTE_MAX_LENGTHS.firstName, { pattern: SINGLE_LINE, format: 'first-name' }),
  lastName: text(QUOTE_MAX_LENGTHS.lastName, { pattern: SINGLE_LINE }),
  email: text(QUOTE_MAX_LENGTHS.email, { pattern: SINGLE_LINE, format: 'email' }),
  phone: text(QUOTE_MAX_LENGTHS.phone, { pattern: SINGLE_LINE, format: 'phone' }),
  serviceType: oneOf(serviceTypeOptions),
  location: oneOf(locationOptions),
  description: text(QUOTE_MAX_LENGTHS.description, { pattern: MULTI_LINE }),
  [QUOTE_REQUEST_ID_FIELD]: Type.String({ minLength: 1, format: 'request-id' }),
});
export type QuoteRequest = Static<typeof quoteRequestSchema>;
export type QuoteRequestField = keyof QuoteRequest;

/** The success answer (201 a new request, 200 a replay): `confirmation` says a confirmation mail will go. */
export const quoteAnswerSchema = Type.Object({ reference: Type.String(), confirmation: Type.Boolean() });
export type QuoteAnswer = Static<typeof quoteAnswerSchema>;

/**
 * Every refusal's machine code, stable: the form may rely on it, the tests assert it. The French sentence
 * beside it (`error`) may change; the code does not.
 */
export const QUOTE_REFUSAL_CODES = [
  // A field (the answer names it in `field`).
  'required',
  'too-long',
  'line-break',
  'control-character',
  'option',
  ...QUOTE_FORMATS,
  'duplicate-field',
  // The attachment.
  'file-field',
  'file-count',
  'file-name',
  'file-empty',
  'file-too-large',
  'file-extension',
  'file-content',
  // The request as a whole.
  ...REQUEST_REFUSAL_CODES,
  // The receiver's side (5xx).
  'server',
  'unavailable',
] as const;
export type QuoteRefusalCode = (typeof QUOTE_REFUSAL_CODES)[number];

/** Every refusal (4xx) and failure (5xx): the French sentence the form shows, its code, the field if one. */
export const quoteRefusalSchema = refusalSchema(
  QUOTE_REFUSAL_CODES,
  Object.keys(quoteRequestSchema.properties) as QuoteRequestField[],
);
export type QuoteRefusal = Static<typeof quoteRefusalSchema>;
