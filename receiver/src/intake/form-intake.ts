import type { MultipartFile } from '@fastify/multipart';
import { FormatRegistry, type TObject, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isEmailAddress } from '../email';
import {
  QUOTE_HONEYPOT_FIELD,
  type FormMessages,
  type QuoteRefusalCode,
  type QuoteRequestField,
  type TerminationRefusalCode,
  type TerminationRequestField,
} from '../facts';
import { CONTROL, normaliseLineEnds } from '../facts';
import { rateLimitKey } from '../requests/client-key';
import type { Layout } from '../store/storage';

/**
 * One intake for every public form of the site (« Demander un devis », « Résilier un contrat »…): a form is
 * a spec (`FormSpec`: where it posts, its contract's schemas, its French sentences, its limits, its formats,
 * its file if it takes one), and this module does the rest the same way for each: the route's guards (the
 * Origin, the rate limit per client, the answers' schemas), the reading of the multipart body
 * (form-body-reading.ts: known fields only, none twice, none past its limit, the body drained after a
 * refusal), the check of the fields against
 * the schema and each fault's refusal (its code, its HTTP status, its sentence). What a form adds (the
 * quote's file, the termination's date rule, storing) stays in its own modules.
 */

/** Every refusal code of the public forms (their contracts in content/). */
export type FormRefusalCode = QuoteRefusalCode | TerminationRefusalCode;
/** Every field a refusal may name. */
export type FormField = QuoteRequestField | TerminationRequestField;

export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly french: string,
    /** The answer's machine code (the form's contract), also noted in the logs (never a field value). */
    readonly code: FormRefusalCode,
    readonly field?: FormField,
  ) {
    super(field ? `${code}:${field}` : code);
  }
}

/** A format of the contract (each is also a refusal code): the receiver's check and its fault's sentence. */
export type FormFormat = { check: (value: string) => boolean; message: (field: string) => string };

/** @fastify/multipart's limits for one form's body. */
export type MultipartLimits = {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize: number;
  fieldNameSize: number;
  headerPairs: number;
};

/** A form that takes a file: how a file part is read, dropped after a refusal, and its limits' errors. */
export type FormFile<Upload> = {
  read(part: MultipartFile, previous: Upload | undefined, dirs: Layout): Promise<Upload | undefined>;
  discard(upload: Upload): Promise<void>;
  /** The multipart plugin's file errors (too many, too large) as the form's refusals. */
  refusal(error: unknown, errors: FastifyInstance['multipartErrors']): Refusal | undefined;
};

export type FormSpec<Upload = never> = {
  /** Where the form posts (POST, the site's origin); its errors are answered in its words. */
  path: string;
  /** The contract's request schema: its properties are the fields, in the order faults are reported. */
  schema: TObject;
  answerSchema: TSchema;
  refusalSchema: TSchema;
  messages: FormMessages;
  /** The longest value of each text field, in characters. */
  maxLengths: Readonly<Record<string, number>>;
  /** The formats its schema uses. */
  formats: Readonly<Record<string, FormFormat>>;
  /** Its body's limits; none: the multipart plugin's (multipart.ts). */
  limits?: MultipartLimits;
  /** Its file, if it takes one; any file part is refused otherwise. */
  file?: FormFile<Upload>;
  /** Its requests' own count in the rate limit, beside other forms'. */
  rateLimitPrefix: string;
};

/** A form's spec, its formats registered for the schema check. */
export function defineForm<Upload = never>(spec: FormSpec<Upload>): FormSpec<Upload> {
  for (const [name, format] of Object.entries(spec.formats)) FormatRegistry.Set(name, format.check);
  return spec;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A form id (a UUID): the check shared with the early duplicate look-up. */
export function isRequestId(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/**
 * The first name is the only text a visitor chooses that reaches another address (the confirmation's
 * greeting): letters (accents included), spaces, apostrophes and hyphens only, so no link or message can
 * be sent from the company's domain to a stranger's address.
 */
const FIRST_NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u;

/** The formats every form's contract shares: the first name, the e-mail address, the form id. */
export function sharedFormats(messages: FormMessages): Record<string, FormFormat> {
  return {
    'first-name': { check: (value) => FIRST_NAME.test(value), message: () => messages.firstName },
    email: { check: isEmailAddress, message: () => messages.email },
    'request-id': { check: isRequestId, message: () => messages.requestId },
  };
}

/** The form's fields, in its contract's order. */
export function formFields(spec: FormSpec<unknown>): string[] {
  return Object.keys(spec.schema.properties);
}

/** The fields the receiver reads, the trap field among them; any other field is ignored. */
export function knownFields(spec: FormSpec<unknown>): ReadonlySet<string> {
  return new Set([...formFields(spec), QUOTE_HONEYPOT_FIELD]);
}

/**
 * The trap field: filled means a robot. Robots get a success-looking answer, so its check comes before
 * every other rule (a robot must not learn which of its values were wrong).
 */
export function isSpam(raw: Map<string, string>): boolean {
  return (raw.get(QUOTE_HONEYPOT_FIELD) ?? '').trim() !== '';
}

/** The field of that name, if the form has one (a refusal's answer names it). */
export function fieldOf(spec: FormSpec<unknown>, name: string): FormField | undefined {
  return formFields(spec).includes(name) ? (name as FormField) : undefined;
}

/** The form's fields, trimmed, CRLF and CR read as LF before any rule (lib/text-characters.ts). */
function cleanFields(spec: FormSpec<unknown>, raw: Map<string, string>): Record<string, string> {
  return Object.fromEntries(formFields(spec).map((name) => [name, normaliseLineEnds(raw.get(name) ?? '').trim()]));
}

/** The refusal code of a fault, by the schema keyword that failed. */
function codeOf(fault: ValueError, value: string): FormRefusalCode {
  if (value === '') return fault.schema.format === 'request-id' ? 'request-id' : 'required';
  if (fault.type === ValueErrorType.StringMaxLength) return 'too-long';
  if (fault.type === ValueErrorType.StringPattern) return CONTROL.test(value) ? 'control-character' : 'line-break';
  if (fault.type === ValueErrorType.StringFormat) return fault.schema.format as FormRefusalCode;
  return 'option';
}

/** The French sentence of a field's fault. */
function frenchFor(spec: FormSpec<unknown>, code: FormRefusalCode, field: string): string {
  const m = spec.messages;
  switch (code) {
    case 'required':
      return m.required(field);
    case 'too-long':
      return m.tooLong(field, spec.maxLengths[field] ?? 0);
    case 'line-break':
      return m.lineBreak(field);
    case 'control-character':
      return m.controlCharacter(field);
    case 'option':
      return m.badOption(field);
    default:
      return spec.formats[code]?.message(field) ?? m.requestId;
  }
}

/**
 * Checks the fields against the form's schema; the first fault (in the schema's order of fields, then of
 * keywords: length, one line, format) is refused with its code, its field and its sentence. The fields,
 * trimmed, when they are valid.
 */
export function checkFields(spec: FormSpec<unknown>, raw: Map<string, string>): Record<string, string> {
  const fields = cleanFields(spec, raw);
  const fault = Value.Errors(spec.schema, fields).First();
  if (fault) {
    const field = fault.path.slice(1);
    const code = codeOf(fault, fields[field] ?? '');
    throw new Refusal(400, frenchFor(spec, code, field), code, field as FormField);
  }
  return fields;
}

/** Each faulty field's sentence (its first fault), none when the fields are valid: a page shows them all. */
export function fieldFaults(spec: FormSpec<unknown>, raw: Map<string, string>): Record<string, string> {
  const fields = cleanFields(spec, raw);
  const faults: Record<string, string> = {};
  for (const fault of Value.Errors(spec.schema, fields)) {
    const field = fault.path.slice(1);
    faults[field] ??= frenchFor(spec, codeOf(fault, fields[field] ?? ''), field);
  }
  return faults;
}

/**
 * The form's POST route with the guards every public form has: foreign origins refused before the rate
 * limit counts them and before the body is read; the rate limit per client (request.ip: X-Forwarded-For
 * only from a trusted proxy, see trustProxy; an IPv6 /64 counts as one client), per hour, the form's own
 * count; its answers (2xx) and refusals (4xx, 5xx) serialised by its contract's schemas.
 */
export function addFormRoute(
  app: FastifyInstance,
  spec: FormSpec<unknown>,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  const { config } = app;
  const rateLimitConfig =
    config.rateLimit > 0
      ? {
          max: config.rateLimit,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => `${spec.rateLimitPrefix}${rateLimitKey(request.ip)}`,
          errorResponseBuilder: () =>
            Object.assign(new Error('rate-limited'), { statusCode: 429, code: 'rate-limited' }),
        }
      : (false as const);
  app.route({
    method: 'POST',
    url: spec.path,
    config: { rateLimit: rateLimitConfig },
    schema: {
      response: {
        201: spec.answerSchema,
        200: spec.answerSchema,
        '4xx': spec.refusalSchema,
        '5xx': spec.refusalSchema,
      },
    },
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !config.allowedOrigins.includes(origin)) {
        throw new Refusal(403, spec.messages.origin, 'origin');
      }
    },
    handler,
  });
}
