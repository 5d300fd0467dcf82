import CFB from 'cfb';
import { fileTypeFromFile } from 'file-type';
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { QUOTE_FILE_TYPES, quoteMessages as messages, type QuoteFileType } from '../facts';
import { printable } from '../printable';
import { Refusal } from './form-intake';
import type { QuoteFields } from './quote-form';

/**
 * The quote's own rules, beside those every public form shares (form-intake.ts): the phone number's format,
 * the attachment's type, content and name, and what makes a retry the same request. Nothing here touches
 * the disk or the database except reading the uploaded temp file.
 */

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
