import CFB from 'cfb';
import { fileTypeFromFile } from 'file-type';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { isEmailAddress } from '../email';
import {
  locationOptions,
  QUOTE_FILE_TYPES,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_MAX_LENGTHS,
  QUOTE_REQUEST_ID_FIELD,
  serviceTypeOptions,
  type QuoteFileType,
} from '../facts';
import { messages, type FieldName } from './messages';

/**
 * The rules the form enforces, checked again: a refusal carries the French sentence the visitor reads
 * and a status code. Nothing here touches the disk or the database except reading the uploaded temp file.
 */

export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly french: string,
    /** A short English code for the logs (which never carry the field values). */
    readonly code: string,
  ) {
    super(code);
  }
}

export const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'description'] as const;
export const SELECT_FIELDS = ['serviceType', 'location'] as const;
/** Fields the receiver reads; any other field is ignored (docs/recevoir-les-demandes.md). */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  ...TEXT_FIELDS,
  ...SELECT_FIELDS,
  QUOTE_REQUEST_ID_FIELD,
  QUOTE_HONEYPOT_FIELD,
]);

/** A request's fields once checked: every text and select field, and its id. */
export type QuoteFields = Record<(typeof TEXT_FIELDS)[number] | (typeof SELECT_FIELDS)[number], string> & {
  requestId: string;
};

const OPTIONS: Record<(typeof SELECT_FIELDS)[number], readonly string[]> = {
  serviceType: serviceTypeOptions.map((option) => option.value),
  location: locationOptions.map((option) => option.value),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Fields that may end up in a mail header (From name, Reply-To, subject): one line only. */
const SINGLE_LINE: readonly FieldName[] = ['firstName', 'lastName', 'email', 'phone'];
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * The first name is the only text a visitor chooses that reaches another address (the confirmation's
 * greeting): letters (accents included), spaces, apostrophes and hyphens only, so no link or message can
 * be sent from the company's domain to a stranger's address.
 */
const FIRST_NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u;

/** A UUID check shared with the early duplicate look-up. */
export function isRequestId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

export function validateFields(raw: Map<string, string>): QuoteFields {
  const value = (name: string) => (raw.get(name) ?? '').trim();
  const fields = {} as Record<FieldName, string>;

  for (const name of [...TEXT_FIELDS, ...SELECT_FIELDS]) {
    const text = value(name);
    if (!text) throw new Refusal(400, messages.required(name), `required:${name}`);
    fields[name] = text;
  }
  for (const name of TEXT_FIELDS) {
    const max = QUOTE_MAX_LENGTHS[name];
    if ([...fields[name]].length > max) throw new Refusal(400, messages.tooLong(name, max), `too-long:${name}`);
  }
  for (const name of SINGLE_LINE) {
    if (CONTROL.test(fields[name])) throw new Refusal(400, messages.lineBreak(name), `control:${name}`);
  }
  for (const name of SELECT_FIELDS) {
    if (!OPTIONS[name].includes(fields[name])) throw new Refusal(400, messages.badOption(name), `option:${name}`);
  }
  if (!FIRST_NAME.test(fields.firstName)) throw new Refusal(400, messages.firstName, 'first-name');
  if (!isEmailAddress(fields.email)) throw new Refusal(400, messages.email, 'email');
  if (!isPlausiblePhone(fields.phone)) throw new Refusal(400, messages.phone, 'phone');

  const requestId = value(QUOTE_REQUEST_ID_FIELD);
  if (!isRequestId(requestId)) throw new Refusal(400, messages.requestId, 'request-id');

  // CRLF from the browser becomes LF: one convention in the database, the mails and the export.
  const description = fields.description.replace(/\r\n?/g, '\n');
  return { ...fields, description, requestId: requestId.toLowerCase() } as QuoteFields;
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
  const clean = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/["<>|:*?]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  if ([...clean].length <= 120) return clean || 'piece-jointe';
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot) : '';
  return [...clean.slice(0, dot > 0 ? dot : undefined)].slice(0, 120 - extension.length).join('') + extension;
}
