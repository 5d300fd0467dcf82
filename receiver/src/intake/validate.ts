import { FormatRegistry } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import CFB from 'cfb';
import { fileTypeFromFile } from 'file-type';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { isEmailAddress } from '../email';
import {
  QUOTE_FILE_TYPES,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_MAX_LENGTHS,
  quoteRequestSchema,
  type QuoteFileType,
  type QuoteFormat,
  type QuoteRefusalCode,
  type QuoteRequest,
  type QuoteRequestField,
  type TerminationRefusalCode,
  type TerminationRequestField,
} from '../facts';
import { printable } from '../printable';
import { CONTROL, normaliseLineEnds } from '../requests/characters';
import { messages, type FieldName } from './messages';

/**
 * The rules the form enforces, checked again against the quote contract's request schema
 * (content/quote-contract.ts): a refusal carries its status, its stable code, the French sentence the
 * visitor reads and the field it is about. Nothing here touches the disk or the database except reading
 * the uploaded temp file.
 */

export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly french: string,
    /**
     * The answer's machine code (content/quote-contract.ts, content/termination-contract.ts), also noted in
     * the logs (never a field value).
     */
    readonly code: QuoteRefusalCode | TerminationRefusalCode,
    readonly field?: QuoteRequestField | TerminationRequestField,
  ) {
    super(field ? `${code}:${field}` : code);
  }
}

/** The request's fields, in the contract's order. */
export const REQUEST_FIELDS = Object.keys(quoteRequestSchema.properties) as QuoteRequestField[];
/** Fields the receiver reads; any other field is ignored (docs/recevoir-les-demandes.md). */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set<string>([...REQUEST_FIELDS, QUOTE_HONEYPOT_FIELD]);

/** The request field of that name, if it is one (a refusal's answer names it). */
export function requestField(name: string): QuoteRequestField | undefined {
  return (REQUEST_FIELDS as string[]).includes(name) ? (name as QuoteRequestField) : undefined;
}

/** A request's fields once checked. */
export type QuoteFields = QuoteRequest;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The first name is the only text a visitor chooses that reaches another address (the confirmation's
 * greeting): letters (accents included), spaces, apostrophes and hyphens only, so no link or message can
 * be sent from the company's domain to a stranger's address.
 */
const FIRST_NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u;

/** The contract's formats, as the receiver checks them. */
const FORMATS: Record<QuoteFormat, (value: string) => boolean> = {
  'first-name': (value) => FIRST_NAME.test(value),
  email: isEmailAddress,
  phone: isPlausiblePhone,
  'request-id': isRequestId,
};
for (const [name, check] of Object.entries(FORMATS)) FormatRegistry.Set(name, check);

/** A UUID check shared with the early duplicate look-up. */
export function isRequestId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/** The French sentence of a field's refusal. */
function frenchFor(code: QuoteRefusalCode, requestField: QuoteRequestField): string {
  // requestId has no sentence of its own but messages.requestId: a blank one is a `request-id` fault.
  const field = requestField as FieldName;
  switch (code) {
    case 'required':
      return messages.required(field);
    case 'too-long':
      return messages.tooLong(field, QUOTE_MAX_LENGTHS[field as keyof typeof QUOTE_MAX_LENGTHS]);
    case 'line-break':
      return messages.lineBreak(field);
    case 'control-character':
      return messages.controlCharacter(field);
    case 'option':
      return messages.badOption(field);
    case 'first-name':
      return messages.firstName;
    case 'email':
      return messages.email;
    case 'phone':
      return messages.phone;
    default:
      return messages.requestId;
  }
}

/** The refusal code of each kind of fault, by the schema keyword that failed. */
function codeOf(fault: ValueError, value: string): QuoteRefusalCode {
  if (value === '') return fault.schema.format === 'request-id' ? 'request-id' : 'required';
  if (fault.type === ValueErrorType.StringMaxLength) return 'too-long';
  if (fault.type === ValueErrorType.StringPattern) return CONTROL.test(value) ? 'control-character' : 'line-break';
  if (fault.type === ValueErrorType.StringFormat) return fault.schema.format as QuoteFormat;
  return 'option';
}

/**
 * Checks the fields against the contract's request schema; the first fault (in the schema's order of
 * fields, then of keywords: length, one line, format) is refused with its code.
 */
export function validateFields(raw: Map<string, string>): QuoteFields {
  const fields: Record<string, string> = Object.fromEntries(
    // CRLF from the browser becomes LF before any rule reads it: one convention in the database, the mails
    // and the export (requests/characters.ts).
    REQUEST_FIELDS.map((name) => [name, normaliseLineEnds(raw.get(name) ?? '').trim()]),
  );
  const fault = Value.Errors(quoteRequestSchema, fields).First();
  if (fault) {
    const field = fault.path.slice(1) as QuoteRequestField;
    const code = codeOf(fault, fields[field] ?? '');
    throw new Refusal(400, frenchFor(code, field), code, field);
  }
  const valid = fields as QuoteFields;
  return { ...valid, requestId: valid.requestId.toLowerCase() };
}

/**
 * What a request says, as a hash: a retry with the same id must carry the same content (the same fields
 * and the same file), otherwise it is another request and is refused rather than silently dropped.
 */
export function contentHash(fields: QuoteFields, fileSha256: string | undefined): string {
  const ordered = Object.entries(fields)
    .filter(([key]) => key !== 'requestId')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([ordered, fileSha256 ?? null]))
    .digest('hex');
}

/** 10 to 15 digits once spaces, dots, dashes, parentheses and one leading + are removed. */
export function isPlausiblePhone(phone: string): boolean {
  const digits = phone.replace(/[\s.\-()\u00a0\u202f]/g, '').replace(/^\+/, '');
  return /^\d{10,15}$/.test(digits);
}

/**
 * The honeypot field: filled means a robot. Robots get a success-looking answer, so its check comes before
 * every other rule (a robot must not learn which of its values were wrong).
 */
export function isSpam(raw: Map<string, string>): boolean {
  return (raw.get(QUOTE_HONEYPOT_FIELD) ?? '').trim() !== '';
}

/** The accepted type of a file name, by extension; refused when there is none. */
export function fileTypeOfName(fileName: string): QuoteFileType {
  const lower = fileName.toLowerCase();
  const type = QUOTE_FILE_TYPES.find((candidate) =>
    candidate.extensions.some((extension) => lower.endsWith(extension)),
  );
  if (!type) throw new Refusal(415, messages.fileExtension, 'file-extension');
  return type;
}

/** What file-type reports for a legacy .doc: the OLE2 compound file container, shared with .xls and .ppt. */
const CONTENT_MIME_ALIASES: Record<string, string> = { 'application/x-cfb': 'application/msword' };

/** Refuses a file whose bytes are not of the type its extension announces (a renamed .exe, a text file…). */
export async function checkFileContent(filePath: string, expected: QuoteFileType): Promise<void> {
  const detected = await fileTypeFromFile(filePath);
  const mime = detected ? (CONTENT_MIME_ALIASES[detected.mime] ?? detected.mime) : undefined;
  if (mime !== expected.mime) throw new Refusal(415, messages.fileContent(expected.label), 'file-content');
  if (detected?.mime === 'application/x-cfb' && !(await isWordDocument(filePath))) {
    throw new Refusal(415, messages.fileContent(expected.label), 'file-content');
  }
}

/**
 * An OLE2 container holds a Word document only if it has a WordDocument stream (an .xls has a Workbook, an
 * .msi its tables): read with SheetJS's compound file parser. A container it cannot read is refused.
 */
async function isWordDocument(filePath: string): Promise<boolean> {
  try {
    const container = CFB.read(await readFile(filePath), { type: 'buffer' });
    const stream = CFB.find(container, 'WordDocument');
    return stream !== null && stream.type === 2 && (stream.size ?? 0) > 0;
  } catch {
    return false;
  }
}

/**
 * The file name kept for the mail attachment: no path, no control characters, at most 120 characters,
 * the extension kept. It is only ever a label (the stored file has a generated name).
 */
export function sanitiseFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const clean = printable(base.normalize('NFC'))
    .replace(/["<>|:*?]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  if ([...clean].length <= 120) return clean || 'piece-jointe';
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot) : '';
  return [...clean.slice(0, dot > 0 ? dot : undefined)].slice(0, 120 - extension.length).join('') + extension;
}
