import cors from '@fastify/cors';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { Config } from './config';
import { rateLimitKey } from './client-key';
import { findByRequestId, insertRequest, type Db, type KnownRequest, type NewRequest } from './db';
import { emailKey } from './email';
import {
  QUOTE_FILE_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_LENGTHS,
  QUOTE_RECEIVER_PATH,
  QUOTE_REQUEST_ID_FIELD,
  type QuoteFileType,
} from './facts';
import { cachedHealthCheck, checkStore } from './health';
import { loggerOptions } from './logger';
import { messageIdFor } from './mail';
import { messages } from './messages';
import type { Worker } from './outbox';
import { newReference } from './reference';
import { commitFile, removeStoredFile, writeTempFile, type Layout, type TempFile } from './storage';
import {
  checkFileContent,
  contentHash,
  fileTypeOfName,
  isRequestId,
  isSpam,
  KNOWN_FIELDS,
  Refusal,
  sanitiseFileName,
  validateFields,
} from './validate';

/**
 * The HTTP side: POST /api/devis and GET /api/devis/health. A request is answered 2xx only once its row
 * is committed and its file is fsynced in place, with `{ reference, confirmation }` (201 new, 200 a
 * replay): `confirmation` says whether the visitor will get a confirmation mail (the form promises it only
 * then). Every refusal is a 4xx whose JSON `error` is the French sentence the form shows.
 */

/** The successful answer: what the form relies on. */
export type QuoteAnswer = { reference: string; confirmation: boolean };

/** Where the form posts (the same path nginx passes to the receiver, content/quote-settings.ts). */
export const ROUTE = QUOTE_RECEIVER_PATH;

export type ServerContext = {
  config: Config;
  db: Db;
  dirs: Layout;
  worker: Pick<Worker, 'wake'>;
  /** Where the JSON log lines go (stdout by default; the tests read them). */
  logStream?: Writable;
};

/** Multipart limits: a file of at most the stated size, one file, and room for the form's fields only. */
const MULTIPART_LIMITS = {
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

type Upload = { temp: TempFile; type: QuoteFileType; name: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** What the response log line may say: the reference and a refusal code, never a field value. */
    quoteLog?: { reference?: string; refusal?: string; spam?: boolean; duplicate?: boolean };
  }
}

export async function buildServer(context: ServerContext): Promise<FastifyInstance> {
  const { config, db, dirs, worker } = context;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, context.logStream),
    // Fastify's request lines would carry the URL and the IP: one line of ours per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A slow upload past this is cut (the form itself gives up after 20 s and retries with the same id).
    requestTimeout: 60_000,
    bodyLimit: 64 * 1024,
  });

  await app.register(cors, {
    origin: config.allowedOrigins,
    methods: ['GET', 'POST'],
    maxAge: 86_400,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith(ROUTE)) return;
    const path = request.url.split('?')[0];
    request.log.info(
      {
        method: request.method,
        path,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...request.quoteLog,
      },
      'request',
    );
  });

  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof Refusal) return refuse(request, reply, error);
    const status = error.statusCode ?? 500;
    const french = frenchForError(status, error.code);
    request.quoteLog = { ...request.quoteLog, refusal: error.code ?? `http-${status}` };
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ error: french });
  });

  app.setNotFoundHandler(async (request, reply) => reply.code(404).send({ error: messages.notFound }));

  // A real write and sync, at most once per QUOTE_HEALTH_CACHE_MS whoever asks (nginx lets the host only ask).
  const health = cachedHealthCheck(() => checkStore(db, dirs, config.minFreeBytes), config.healthCacheMs);
  app.get(`${ROUTE}/health`, async (request, reply) => {
    const result = await health();
    if (result.ok) return reply.code(200).send({ status: 'ok' });
    request.log.error({ err: result.error }, 'health check failed');
    return reply.code(503).send({ error: messages.unavailable });
  });

  // Per client (request.ip: X-Forwarded-For only from a trusted proxy, see trustProxy; an IPv6 /64 counts
  // as one client), per hour.
  const rateLimitConfig =
    config.rateLimit > 0
      ? {
          max: config.rateLimit,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => rateLimitKey(request.ip),
          errorResponseBuilder: () =>
            Object.assign(new Error('rate-limited'), { statusCode: 429, code: 'rate-limited' }),
        }
      : (false as const);

  app.route({
    method: 'POST',
    url: ROUTE,
    config: { rateLimit: rateLimitConfig },
    // Foreign origins are refused before the rate limit counts them and before the body is read.
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !config.allowedOrigins.includes(origin)) {
        throw new Refusal(403, messages.origin, 'origin');
      }
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new Refusal(415, messages.notMultipart, 'not-multipart');
      request.quoteLog = {};
      const parts = request.parts();
      const fields = new Map<string, string>();
      let upload: Upload | undefined;
      let committedFile: string | undefined;
      try {
        try {
          upload = await readParts(parts, fields, dirs);
        } catch (error) {
          // Refused before the end of the body. Refusals that come before the body is read (origin, rate
          // limit, content type) need none of this: Node reads and drops the rest of the body itself.
          await drainAfterRefusal(request, parts);
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          throw error;
        }

        if (isSpam(fields)) {
          const reference = await storeSpam(db, fields, upload);
          request.quoteLog = { reference, spam: true };
          // No mail goes to a robot's address.
          return reply.code(201).send({ reference, confirmation: false } satisfies QuoteAnswer);
        }

        const valid = validateFields(fields);
        const hash = contentHash(valid, upload?.temp.sha256);
        // A retry of a stored request: same answer, nothing stored (the race is settled by insertRequest).
        const known = await findByRequestId(db, valid.requestId);
        if (known) return replay(request, reply, known, hash);
        if (upload) await checkFileContent(upload.temp.path, upload.type);

        const createdAt = new Date();
        for (let attempt = 1; ; attempt += 1) {
          const reference = newReference(createdAt);
          try {
            if (upload && !committedFile) {
              committedFile = await commitFile(dirs, upload.temp, `${reference}${upload.type.extensions[0]}`);
            }
            const record: NewRequest = {
              ...valid,
              reference,
              createdAt: createdAt.toISOString(),
              spam: false,
              emailKey: emailKey(valid.email),
              contentSha256: hash,
              file:
                upload && committedFile
                  ? {
                      name: upload.name,
                      path: committedFile,
                      size: upload.temp.size,
                      type: upload.type.mime,
                      sha256: upload.temp.sha256,
                    }
                  : undefined,
            };
            const result = await insertRequest(
              db,
              record,
              {
                company: messageIdFor(reference, 'company', config.fromEmail),
                visitor: messageIdFor(reference, 'visitor', config.fromEmail),
              },
              Date.now(),
            );
            if (!result.created) {
              // A concurrent twin won: keep its record and answer its reference.
              if (committedFile) await removeStoredFile(dirs, committedFile);
              committedFile = undefined;
              return replay(request, reply, result, hash);
            }
            committedFile = undefined;
            request.quoteLog = { reference };
            worker.wake();
            return reply.code(201).send({ reference, confirmation: result.confirmation } satisfies QuoteAnswer);
          } catch (error) {
            // A reference drawn twice (about one chance in 887 million a day): draw again. The file keeps its name.
            if (attempt < 3 && isUniqueReferenceError(error)) continue;
            throw error;
          }
        }
      } finally {
        if (upload) await rm(upload.temp.path, { force: true });
        if (committedFile) await removeStoredFile(dirs, committedFile);
      }
    },
  });

  return app;
}

/** A request id already stored: the same content gets the first answer again, other content a 409. */
function replay(request: FastifyRequest, reply: FastifyReply, known: KnownRequest, hash: string) {
  // Rows stored before content hashes existed (contentSha256 null) cannot be compared: the first answer.
  if (known.contentSha256 !== null && known.contentSha256 !== hash) {
    throw new Refusal(409, messages.replayMismatch, 'replay-mismatch');
  }
  request.quoteLog = { reference: known.reference, duplicate: true };
  return reply.code(200).send({ reference: known.reference, confirmation: known.confirmation } satisfies QuoteAnswer);
}

type PartsIterator = AsyncIterableIterator<Multipart>;

/** Reads every part: fields into `fields`, the file into a temp file. Throws a Refusal on the first bad part. */
async function readParts(parts: PartsIterator, fields: Map<string, string>, dirs: Layout): Promise<Upload | undefined> {
  let upload: Upload | undefined;
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      const part = next.value;
      if (part.type === 'field') {
        if (!KNOWN_FIELDS.has(part.fieldname)) continue; // unknown fields are ignored (docs/recevoir-les-demandes.md)
        if (fields.has(part.fieldname))
          throw new Refusal(400, messages.duplicateField(part.fieldname), `duplicate:${part.fieldname}`);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.valueTruncated) throw tooLong(part.fieldname);
        fields.set(part.fieldname, value);
        continue;
      }
      upload = await readFile(part, upload, dirs);
    }
  } catch (error) {
    if (upload) await rm(upload.temp.path, { force: true });
    throw mapMultipartError(error);
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
    return new Refusal(400, messages.tooLong(name, QUOTE_MAX_LENGTHS[name]), `too-long:${name}`);
  return new Refusal(400, messages.malformed, `too-long:${fieldname}`);
}

/** The multipart plugin's own errors, in the visitor's words. */
function mapMultipartError(error: unknown): unknown {
  if (error instanceof Refusal) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new Refusal(400, messages.fileCount, 'file-count');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new Refusal(413, messages.fileTooLarge, 'file-too-large');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new Refusal(413, messages.tooManyFields, 'too-many-fields');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new Refusal(400, messages.notMultipart, 'bad-multipart');
    case 'FST_MP_PREMATURE_CLOSE':
      return new Refusal(400, messages.malformed, 'premature-close');
    default:
      // Busboy's parse errors ("Unexpected end of form", "Malformed part header"…) are plain Errors.
      if (
        error instanceof Error &&
        !(error as { syscall?: string }).syscall &&
        /form|part|boundary|multipart/i.test(error.message)
      ) {
        return new Refusal(400, messages.malformed, 'bad-multipart');
      }
      return error;
  }
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

async function storeSpam(db: Db, fields: Map<string, string>, upload: Upload | undefined): Promise<string> {
  const text = (name: string, max = 200) => [...(fields.get(name) ?? '').trim()].slice(0, max).join('');
  const given = text(QUOTE_REQUEST_ID_FIELD, 36).toLowerCase();
  const reference = newReference();
  const result = await insertRequest(
    db,
    {
      reference,
      requestId: isRequestId(given) ? given : randomUUID(),
      createdAt: new Date().toISOString(),
      spam: true,
      firstName: text('firstName', QUOTE_MAX_LENGTHS.firstName),
      lastName: text('lastName', QUOTE_MAX_LENGTHS.lastName),
      email: text('email', QUOTE_MAX_LENGTHS.email),
      emailKey: emailKey(text('email', QUOTE_MAX_LENGTHS.email)),
      contentSha256: null,
      phone: text('phone', QUOTE_MAX_LENGTHS.phone),
      serviceType: text('serviceType', 100),
      location: text('location', 100),
      // The file of a spam request is not kept: its name is noted in the description for the owner.
      description:
        text('description', QUOTE_MAX_LENGTHS.description) +
        (upload ? `\n[pièce jointe non conservée : ${upload.name}]` : ''),
      file: undefined,
    },
    { company: '', visitor: '' },
    Date.now(),
  );
  return result.reference;
}

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  request.quoteLog = { ...request.quoteLog, refusal: refusal.code };
  return reply.code(refusal.statusCode).send({ error: refusal.french });
}

function frenchForError(status: number, code: string | undefined): string {
  if (status === 429) return messages.rateLimited;
  if (status === 413) return messages.bodyTooLarge;
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return messages.notMultipart;
  if (status === 404) return messages.notFound;
  if (status === 405) return messages.method;
  if (status >= 500) return messages.server;
  return messages.malformed;
}

function isUniqueReferenceError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /UNIQUE constraint failed: requests\.(reference|file_path)/.test(message);
}
