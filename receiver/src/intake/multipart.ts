import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rm } from 'node:fs/promises';
import {
  QUOTE_FILE_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_LENGTHS,
  TERMINATION_MAX_LENGTHS,
  type QuoteFileType,
} from '../facts';
import { terminationMessages } from './termination-messages';
import { TERMINATION_FIELDS, TERMINATION_KNOWN_FIELDS } from './termination-validate';
import { messages } from './messages';
import { writeTempFile, type Layout, type TempFile } from '../store/storage';
import { fileTypeOfName, KNOWN_FIELDS, Refusal, requestField, sanitiseFileName } from './validate';

/**
 * The quote form's multipart body: the plugin with the form's limits, the reading of its parts (the known
 * fields into a map, the one file into a temp file), the plugin's errors in the visitor's words, and the
 * draining of the body after a refusal.
 */

/** Multipart limits: a file of at most the stated size, one file, and room for the form's fields only. */
export const MULTIPART_LIMITS = {
  fileSize: QUOTE_MAX_FILE_BYTES,
  files: 1,
  fields: 20,
  parts: 21,
  // In bytes: the longest field (description) in 4-byte UTF-8 characters, with some room.
  fieldSize: QUOTE_MAX_LENGTHS.description * 4 + 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

/**
 * After a refusal in the middle of the body, how much more of it is read (and thrown away) so the client
 * reads the answer instead of a reset connection. Past that the connection is closed after the answer.
 */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The file of a request, in a temp file until the request is stored. */
export type Upload = { temp: TempFile; type: QuoteFileType; name: string };

type PartsIterator = AsyncIterableIterator<Multipart>;

/** @fastify/multipart with the form's limits; it decorates the app with `multipartErrors`. */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  },
  { name: 'multipart' },
);

/**
 * Reads every part: the known fields into `fields`, the file into a temp file. Throws a Refusal on the
 * first bad part, after reading (and dropping) what is left of the body so the client gets the answer.
 */
export async function readQuoteBody(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Map<string, string>,
  dirs: Layout,
): Promise<Upload | undefined> {
  const parts = request.parts();
  try {
    return await readParts(request.server, parts, fields, dirs);
  } catch (error) {
    // Refused before the end of the body. Refusals that come before the body is read (origin, rate
    // limit, content type) need none of this: Node reads and drops the rest of the body itself.
    await drainAfterRefusal(request, parts);
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw error;
  }
}

async function readParts(
  app: FastifyInstance,
  parts: PartsIterator,
  fields: Map<string, string>,
  dirs: Layout,
): Promise<Upload | undefined> {
  let upload: Upload | undefined;
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'field') {
        if (!KNOWN_FIELDS.has(part.fieldname)) continue; // unknown fields are ignored (docs/recevoir-les-demandes.md)
        if (fields.has(part.fieldname))
          throw new Refusal(
            400,
            messages.duplicateField(part.fieldname),
            'duplicate-field',
            requestField(part.fieldname),
          );
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.valueTruncated) throw tooLong(part.fieldname);
        fields.set(part.fieldname, value);
        continue;
      }
      upload = await readFile(part, upload, dirs);
    }
  } catch (error) {
    if (upload) await rm(upload.temp.path, { force: true });
    throw multipartRefusal(app, error);
  }
  return upload;
}

async function readFile(part: MultipartFile, previous: Upload | undefined, dirs: Layout): Promise<Upload | undefined> {
  if (part.fieldname !== QUOTE_FILE_FIELD) throw new Refusal(400, messages.fileField, 'file-field');
  if (previous) throw new Refusal(400, messages.fileCount, 'file-count');
  // A file part without any file name (not even the empty one of a plain HTML form): refused.
  if (typeof part.filename !== 'string') throw new Refusal(400, messages.fileName, 'file-name');
  // An empty file input sent by a plain HTML form: no file.
  if (part.filename === '') {
    part.file.resume();
    await new Promise((resolve) => part.file.once('close', resolve));
    return undefined;
  }
  const type = fileTypeOfName(part.filename);
  // Busboy stops passing bytes at the limit but reads the part to its end: refuse at once instead.
  const temp = await writeTempFile(dirs, part.file, () => new Refusal(413, messages.fileTooLarge, 'file-too-large'));
  if (temp.size === 0) {
    await rm(temp.path, { force: true });
    throw new Refusal(400, messages.fileEmpty, 'file-empty');
  }
  return { temp, type, name: sanitiseFileName(part.filename) };
}

function tooLong(fieldname: string): Refusal {
  const name = fieldname as keyof typeof QUOTE_MAX_LENGTHS;
  if (name in QUOTE_MAX_LENGTHS)
    return new Refusal(400, messages.tooLong(name, QUOTE_MAX_LENGTHS[name]), 'too-long', name);
  return new Refusal(400, messages.malformed, 'malformed');
}

/** The multipart plugin's own errors (app.multipartErrors) and the parser's, in the visitor's words. */
export function multipartRefusal(app: FastifyInstance, error: unknown): unknown {
  if (error instanceof Refusal) return error;
  const errors = app.multipartErrors;
  if (error instanceof errors.FilesLimitError) return new Refusal(400, messages.fileCount, 'file-count');
  if (error instanceof errors.RequestFileTooLargeError)
    return new Refusal(413, messages.fileTooLarge, 'file-too-large');
  if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) {
    return new Refusal(413, messages.tooManyFields, 'too-many-fields');
  }
  if (error instanceof errors.PrototypeViolationError || error instanceof errors.InvalidMultipartContentTypeError) {
    return new Refusal(400, messages.notMultipart, 'not-multipart');
  }
  if (error instanceof errors.PrematureCloseError) return new Refusal(400, messages.malformed, 'malformed');
  // The parser's own errors ("Unexpected end of form", "Malformed part header"…) are plain Errors without
  // a code; a failure of the disk or the system always has one (ENOSPC, EIO…) and stays a 500.
  if (error instanceof Error && (error as { code?: unknown }).code === undefined) {
    return new Refusal(400, messages.malformed, 'malformed');
  }
  return error;
}

/**
 * After a refusal, reads what is left of the body (up to DRAIN_LIMIT_BYTES) so the client receives the
 * answer instead of a reset connection; past that the connection is closed after the answer.
 */
export async function drainAfterRefusal(request: FastifyRequest, parts: PartsIterator): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => {
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) done();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    // The multipart plugin may have unpiped the request (file stream destroyed): keep it flowing.
    raw.resume();
    // Keep the parser flowing: busboy stops reading while a file stream is left unread.
    void (async () => {
      try {
        for (let next = await parts.next(); !next.done; next = await parts.next()) {
          if (next.value.type === 'file') next.value.file.resume();
        }
      } catch {
        // the request is refused already
      }
    })();
  });
}

/** The termination form's limits: no file, its fields only (the reason the longest). */
export const TERMINATION_MULTIPART_LIMITS = {
  files: 1,
  fileSize: 1,
  fields: 20,
  parts: 21,
  fieldSize: TERMINATION_MAX_LENGTHS.reason * 4 + 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

/**
 * Reads a termination request's multipart body (POST /api/resiliation): its known fields into `fields`,
 * unknown ones ignored; a field sent twice, a value past its limit or any file is refused, in the
 * termination's words, after the rest of the body is drained (as readQuoteBody does).
 */
export async function readTerminationBody(
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Map<string, string>,
): Promise<void> {
  const parts = request.parts({ limits: TERMINATION_MULTIPART_LIMITS });
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'file') {
        part.file.resume();
        throw new Refusal(400, terminationMessages.malformed, 'malformed');
      }
      if (!TERMINATION_KNOWN_FIELDS.has(part.fieldname)) continue;
      const field = TERMINATION_FIELDS.find((name) => name === part.fieldname);
      if (fields.has(part.fieldname)) {
        throw new Refusal(400, terminationMessages.duplicateField(part.fieldname), 'duplicate-field', field);
      }
      if (part.valueTruncated) {
        const name = part.fieldname as keyof typeof TERMINATION_MAX_LENGTHS;
        throw name in TERMINATION_MAX_LENGTHS
          ? new Refusal(400, terminationMessages.tooLong(name, TERMINATION_MAX_LENGTHS[name]), 'too-long', name)
          : new Refusal(400, terminationMessages.malformed, 'malformed');
      }
      fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
    }
  } catch (error) {
    await drainAfterRefusal(request, parts);
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw terminationRefusal(request.server, error);
  }
}

function terminationRefusal(app: FastifyInstance, error: unknown): unknown {
  if (error instanceof Refusal) return error;
  const errors = app.multipartErrors;
  if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) {
    return new Refusal(413, terminationMessages.tooManyFields, 'too-many-fields');
  }
  if (error instanceof errors.PrototypeViolationError || error instanceof errors.InvalidMultipartContentTypeError) {
    return new Refusal(400, terminationMessages.notMultipart, 'not-multipart');
  }
  if (
    error instanceof errors.FilesLimitError ||
    error instanceof errors.RequestFileTooLargeError ||
    error instanceof errors.PrematureCloseError ||
    (error instanceof Error && (error as { code?: unknown }).code === undefined)
  ) {
    return new Refusal(400, terminationMessages.malformed, 'malformed');
  }
  return error;
}
