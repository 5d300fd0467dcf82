import { rm } from 'node:fs/promises';
import {
  QUOTE_FILE_FIELD,
  QUOTE_MAX_LENGTHS,
  QUOTE_RECEIVER_PATH,
  quoteAnswerSchema,
  quoteMessages,
  quoteRefusalSchema,
  quoteRequestSchema,
  type QuoteFileType,
  type QuoteRequest,
} from '../facts';
import { writeTempFile, type TempFile } from '../store/storage';
import { checkFields, defineForm, Refusal, sharedFormats } from './form-intake';
import { fileTypeOfName, isPlausiblePhone, sanitiseFileName } from './validate';

/**
 * « Demander un devis » as a public form (form-intake.ts): its contract (content/quote-contract.ts), its
 * sentences (content/form-messages.ts), its limits, its formats, and its one file (a photo, a plan), read
 * into a temp file here, checked by validate.ts and stored by store-request.ts. The route: quote-route.ts.
 */

/** The file of a request, in a temp file until the request is stored. */
export type Upload = { temp: TempFile; type: QuoteFileType; name: string };

const m = quoteMessages;

export const quoteForm = defineForm<Upload>({
  path: QUOTE_RECEIVER_PATH,
  schema: quoteRequestSchema,
  answerSchema: quoteAnswerSchema,
  refusalSchema: quoteRefusalSchema,
  messages: m,
  maxLengths: QUOTE_MAX_LENGTHS,
  formats: { ...sharedFormats(m), phone: { check: isPlausiblePhone, message: () => m.phone } },
  // No limits of its own: the multipart plugin's are this form's (multipart.ts).
  file: {
    read: async (part, previous, dirs) => {
      if (part.fieldname !== QUOTE_FILE_FIELD) throw new Refusal(400, m.fileField, 'file-field');
      if (previous) throw new Refusal(400, m.fileCount, 'file-count');
      // A file part without any file name (not even the empty one of a plain HTML form): refused.
      if (typeof part.filename !== 'string') throw new Refusal(400, m.fileName, 'file-name');
      // An empty file input sent by a plain HTML form: no file.
      if (part.filename === '') {
        part.file.resume();
        await new Promise((resolve) => part.file.once('close', resolve));
        return undefined;
      }
      const type = fileTypeOfName(part.filename);
      // Busboy stops passing bytes at the limit but reads the part to its end: refuse at once instead.
      const temp = await writeTempFile(dirs, part.file, () => new Refusal(413, m.fileTooLarge, 'file-too-large'));
      if (temp.size === 0) {
        await rm(temp.path, { force: true });
        throw new Refusal(400, m.fileEmpty, 'file-empty');
      }
      return { temp, type, name: sanitiseFileName(part.filename) };
    },
    discard: (upload) => rm(upload.temp.path, { force: true }),
    refusal: (error, errors) => {
      if (error instanceof errors.FilesLimitError) return new Refusal(400, m.fileCount, 'file-count');
      if (error instanceof errors.RequestFileTooLargeError) return new Refusal(413, m.fileTooLarge, 'file-too-large');
      return undefined;
    },
  },
  rateLimitPrefix: '',
});

/** A request's fields once checked. */
export type QuoteFields = QuoteRequest;

/** Checks the fields against the contract (form-intake.ts); the form id in lower case. */
export function validateFields(raw: Map<string, string>): QuoteFields {
  const valid = checkFields(quoteForm, raw) as QuoteFields;
  return { ...valid, requestId: valid.requestId.toLowerCase() };
}
