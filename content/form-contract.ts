import { Type, type TSchema } from '@sinclair/typebox';

/**
 * What the receiver's two form contracts share (content/quote-contract.ts for « Demander un devis »,
 * content/termination-contract.ts for « Résilier un contrat »): the patterns of their text fields, the
 * refusal codes about a request as a whole, and the shape of a refusal.
 */

/** Fields that may end up in a mail header (From name, Reply-To, subject): one line, no control character. */
export const SINGLE_LINE = '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$';
/**
 * Free text (a description, a reason): no control character but tabs and line breaks (CR and LF: a form
 * sends CRLF). A NUL or an escape would hide what follows it in a page, a mail or a spreadsheet.
 */
export const MULTI_LINE = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$';

/** The refusal codes of a request as a whole, the same for both forms. */
export const REQUEST_REFUSAL_CODES = [
  'not-multipart',
  'malformed',
  'too-many-fields',
  'body-too-large',
  'origin',
  'rate-limited',
  'replay-mismatch',
  'not-found',
  'method',
] as const;

const literals = <T extends string>(values: readonly T[]): TSchema =>
  Type.Union(values.map((value) => Type.Literal(value)));

/** Every refusal (4xx) and failure (5xx): the French sentence the form shows, its code, the field if one. */
export function refusalSchema<Code extends string, Field extends string>(codes: readonly Code[], fields: Field[]) {
  return Type.Object({
    error: Type.String({ minLength: 1 }),
    code: Type.Unsafe<Code>(literals(codes)),
    field: Type.Optional(Type.Unsafe<Field>(literals(fields))),
  });
}
