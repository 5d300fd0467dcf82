import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Layout } from '../store/storage';
import { fieldOf, knownFields, Refusal, type FormSpec } from './form-intake';

/**
 * The multipart body of a public form (form-intake.ts), read the same way for each: its known fields, its
 * file if it takes one, the multipart plugin's errors in the form's words, and the body drained after a
 * refusal.
 */

/**
 * After a refusal in the middle of the body, how much more of it is read (and thrown away) so the client
 * reads the answer instead of a reset connection. Past that the connection is closed after the answer.
 */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

type PartsIterator = ReturnType<FastifyRequest['parts']>;

/**
 * Reads a form's multipart body: its known fields into `fields` (unknown ones ignored), its file if it
 * takes one. A body that is not multipart, a field sent twice or past its limit, a file it does not take,
 * and the plugin's limits are refused in the form's words, after what is left of the body is read and
 * dropped so the client gets the answer.
 */
export async function readFormBody<Upload>(
  spec: FormSpec<Upload>,
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Map<string, string>,
  dirs: Layout,
): Promise<Upload | undefined> {
  const m = spec.messages;
  if (!request.isMultipart()) throw new Refusal(415, m.notMultipart, 'not-multipart');
  const known = knownFields(spec);
  const parts = spec.limits ? request.parts({ limits: spec.limits }) : request.parts();
  let upload: Upload | undefined;
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'file') {
        if (!spec.file) {
          part.file.resume();
          throw new Refusal(400, m.malformed, 'malformed');
        }
        upload = await spec.file.read(part, upload, dirs);
        continue;
      }
      if (!known.has(part.fieldname)) continue; // unknown fields are ignored (docs/recevoir-les-demandes.md)
      if (fields.has(part.fieldname)) {
        throw new Refusal(400, m.duplicateField(part.fieldname), 'duplicate-field', fieldOf(spec, part.fieldname));
      }
      if (part.valueTruncated) {
        const max = spec.maxLengths[part.fieldname];
        throw max === undefined
          ? new Refusal(400, m.malformed, 'malformed')
          : new Refusal(400, m.tooLong(part.fieldname, max), 'too-long', fieldOf(spec, part.fieldname));
      }
      fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
    }
  } catch (error) {
    if (upload !== undefined) await spec.file?.discard(upload);
    // Refusals that come before the body is read (origin, rate limit, content type) need none of this:
    // Node reads and drops the rest of the body itself.
    await drainAfterRefusal(request, parts);
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw bodyRefusal(spec, request.server, error);
  }
  return upload;
}

/** The multipart plugin's own errors (app.multipartErrors) and the parser's, in the form's words. */
function bodyRefusal<Upload>(spec: FormSpec<Upload>, app: FastifyInstance, error: unknown): unknown {
  if (error instanceof Refusal) return error;
  const m = spec.messages;
  const errors = app.multipartErrors;
  const fileRefusal = spec.file?.refusal(error, errors);
  if (fileRefusal) return fileRefusal;
  if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) {
    return new Refusal(413, m.tooManyFields, 'too-many-fields');
  }
  if (error instanceof errors.PrototypeViolationError || error instanceof errors.InvalidMultipartContentTypeError) {
    return new Refusal(400, m.notMultipart, 'not-multipart');
  }
  // The parser's own errors ("Unexpected end of form", "Malformed part header"…) are plain Errors without
  // a code; a failure of the disk or the system always has one (ENOSPC, EIO…) and stays a 500.
  if (
    error instanceof errors.FilesLimitError ||
    error instanceof errors.RequestFileTooLargeError ||
    error instanceof errors.PrematureCloseError ||
    (error instanceof Error && (error as { code?: unknown }).code === undefined)
  ) {
    return new Refusal(400, m.malformed, 'malformed');
  }
  return error;
}

/**
 * After a refusal, reads what is left of the body (up to DRAIN_LIMIT_BYTES) so the client receives the
 * answer instead of a reset connection; past that the connection is closed after the answer.
 */
async function drainAfterRefusal(request: FastifyRequest, parts: PartsIterator): Promise<void> {
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
