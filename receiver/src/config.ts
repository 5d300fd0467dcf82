import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { site, siteUrl } from './facts';
import { isEmailAddress } from './email';
import { INBOX_PATH } from './inbox-address';
import { siteEnvSchema, siteSettingsOf, type SiteSettings } from './site-settings';
import {
  DIGEST_OFF,
  digestTimeProblem,
  emailsProblem,
  inboxUrlProblem,
  list,
  origins,
  originsProblem,
  smtpUrlProblem,
} from './setting-checks';

/**
 * The receiver's settings, all from the environment, each with a default that runs on a laptop, read
 * once by a schema (envSchema below). loadConfig() checks every value and throws a ConfigError naming the
 * variable, so main.ts can stop with a clear message instead of starting half-configured. The app gets
 * the result as `app.config`, the one way settings reach its plugins and routes.
 */
export type { SiteSettings } from './site-settings';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Undefined: every mail is written as an .eml file under dataDir/outbox/ instead of being sent. */
  smtpUrl: string | undefined;
  notifyEmail: string;
  fromEmail: string;
  allowedOrigins: string[];
  /** Requests per client IP per hour; 0 turns the limit off. */
  rateLimit: number;
  /** Which peers may set X-Forwarded-For: fastify's trustProxy (false, or addresses / CIDR / "loopback"). */
  trustProxy: false | string[];
  /** Outbox: first retry delay, doubled at each failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Outbox: how often the worker looks for due mails when nothing wakes it. */
  outboxPollMs: number;
  /** Outbox: a mail still failing this long after its request is marked failed (like an MTA's queue lifetime). */
  mailGiveUpHours: number;
  smtpTimeoutMs: number;
  /** The largest attachment that travels with the company's mail; a larger one stays on the server only. */
  mailAttachmentMaxBytes: number;
  /** How long a write waits for a database lock held by another process (a command-line tool). */
  dbBusyTimeoutMs: number;
  /** The receiver refuses to start, and its health check fails, with less free space than this. */
  minFreeBytes: number;
  /** GET …/health reuses its last answer this long (a store check writes and syncs). */
  healthCacheMs: number;
  /** Retention job period; the purge also runs at start-up. */
  purgeIntervalMs: number;
  logLevel: string;
  /** The team's inbox (src/inbox/): its own listener, on HOST too. */
  inboxPort: number;
  /** The inbox's public address, ending in INBOX_PATH: passkeys' origin and relying party, links in mails. */
  inboxUrl: string;
  /** An inbox session ends after this long without a request, and this long after sign-in whatever happens. */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Adding a passkey asks for a passkey ceremony (sign-in or confirmation) at most this long ago. */
  reauthMs: number;
  /** The morning digest of open and late requests: its Paris time ("08:30"), or undefined when turned off. */
  digestTime: string | undefined;
  /** Who gets the digest. */
  digestTo: string[];
  /** How long the inbox keeps its staff data and the spam (store/staff-retention.ts; the staff notice prints them). */
  retention: StaffRetention;
  /**
   * The décennale insurance attestation (a PDF the owner provides), attached to every devis whose works fall
   * under the décennale, and to its acceptance; undefined: none, and such a devis cannot be sent.
   */
  decennialAttestation: string | undefined;
  /** The site's publication from the inbox (publish/, docs/publication.md); undefined: off, the inbox hides it. */
  site: SiteSettings | undefined;
};

/** The retention periods the daily purge applies besides the requests' own (content/legal-facts.ts). */
export type StaffRetention = {
  /** Audit rows (who did what in the inbox, and when), in months. */
  auditMonths: number;
  /** A disabled member's name, e-mail and passkeys, in months after they were disabled. */
  disabledMemberMonths: number;
  /** Spam (the honeypot's catches and the requests over the limits), in days. */
  spamDays: number;
};

/** The shortest audit retention the store accepts (its trigger refuses a purge of younger rows). */
export const AUDIT_MIN_MONTHS = 6;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** A setting's French refusal, given the value received, when its schema's keywords do not say enough. */
type Message = { message?: (value: string) => string };

const integer = (minimum: number, fallback: number, maximum = Number.MAX_SAFE_INTEGER) =>
  Type.Integer({ minimum, maximum, default: fallback });
const email = () => Type.Optional(Type.String({ format: 'email' }));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

FormatRegistry.Set('email', isEmailAddress);
FormatRegistry.Set('smtp-url', (value) => smtpUrlProblem(value) === undefined);
FormatRegistry.Set('origins', (value) => originsProblem(value) === undefined);
FormatRegistry.Set('inbox-url', (value) => inboxUrlProblem(value) === undefined);
FormatRegistry.Set('digest-time', (value) => digestTimeProblem(value) === undefined);
FormatRegistry.Set('emails', (value) => emailsProblem(value) === undefined);

/**
 * The environment variables, their defaults and their checks, read by one schema (TypeBox, as the quote
 * contract): receiver/.env.example lists the same variables with the same defaults (a test holds them in
 * step), docs/recevoir-les-demandes.md explains them. A variable unset or blank takes its default.
 */
export const envSchema = Type.Object({
  PORT: integer(0, 8787, 65535),
  HOST: Type.String({ default: '127.0.0.1' }),
  QUOTE_DATA_DIR: Type.String({ default: './data' }),
  SMTP_URL: Type.Optional(Type.String({ format: 'smtp-url', message: (value: string) => smtpUrlProblem(value) ?? '' })),
  QUOTE_NOTIFY_EMAIL: email(),
  QUOTE_FROM_EMAIL: email(),
  QUOTE_ALLOWED_ORIGINS: Type.Optional(
    Type.String({ format: 'origins', message: (value: string) => originsProblem(value) ?? '' }),
  ),
  QUOTE_RATE_LIMIT: integer(0, 10),
  QUOTE_TRUST_PROXY: Type.String({ default: 'loopback' }),
  QUOTE_RETRY_BASE_MS: integer(1, 30_000),
  QUOTE_RETRY_MAX_MS: integer(1, 3_600_000),
  QUOTE_OUTBOX_POLL_MS: integer(10, 5_000),
  QUOTE_MAIL_GIVE_UP_HOURS: integer(1, 120),
  QUOTE_SMTP_TIMEOUT_MS: integer(100, 30_000),
  QUOTE_MAIL_ATTACHMENT_MAX_MB: integer(0, 5, 1000),
  QUOTE_DB_BUSY_TIMEOUT_MS: integer(0, 5_000),
  QUOTE_PURGE_INTERVAL_HOURS: integer(1, 24),
  QUOTE_MIN_FREE_MB: integer(0, 50, 10_000_000),
  QUOTE_HEALTH_CACHE_MS: integer(0, 5_000, 3_600_000),
  QUOTE_INBOX_PORT: integer(0, 8788, 65535),
  QUOTE_INBOX_URL: Type.String({
    default: `http://localhost:8788${INBOX_PATH}`,
    format: 'inbox-url',
    message: (value: string) => inboxUrlProblem(value) ?? '',
  }),
  QUOTE_SESSION_IDLE_HOURS: integer(1, 12, 24 * 30),
  QUOTE_SESSION_MAX_DAYS: integer(1, 7, 365),
  QUOTE_REAUTH_MINUTES: integer(1, 5, 60),
  QUOTE_DIGEST_TIME: Type.String({
    default: '08:30',
    format: 'digest-time',
    message: (value: string) => digestTimeProblem(value) ?? '',
  }),
  QUOTE_DIGEST_TO: Type.Optional(
    Type.String({ format: 'emails', message: (value: string) => emailsProblem(value) ?? '' }),
  ),
  QUOTE_AUDIT_RETENTION_MONTHS: integer(AUDIT_MIN_MONTHS, 12, 120),
  QUOTE_DISABLED_MEMBER_MONTHS: integer(1, 6, 120),
  QUOTE_SPAM_RETENTION_DAYS: integer(1, 30, 3650),
  QUOTE_DECENNIAL_ATTESTATION: Type.Optional(Type.String()),
  ...siteEnvSchema,
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
});
type EnvSettings = Static<typeof envSchema>;

/** The variables with a fixed default, as .env.example states them (the others default to the site's facts). */
export const ENV_DEFAULTS: Record<string, string> = Object.fromEntries(
  Object.entries(envSchema.properties)
    .filter(([, schema]) => schema.default !== undefined)
    .map(([name, schema]) => [name, String(schema.default)]),
);

/** Reads the settings from the environment against envSchema; the first wrong one is a ConfigError. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const given: Record<string, string | number> = {};
  for (const [name, schema] of Object.entries(envSchema.properties)) {
    const value = env[name]?.trim();
    if (!value) continue;
    // Whole numbers written as digits only (no sign, exponent or decimals), as .env.example shows them.
    given[name] = schema.type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
  }
  const settings = Value.Default(envSchema, { ...given }) as EnvSettings;
  const fault = Value.Errors(envSchema, settings).First();
  if (fault) {
    const name = fault.path.slice(1);
    throw new ConfigError(frenchFor(name, envSchema.properties[name as keyof EnvSettings], String(given[name])));
  }
  if (settings.QUOTE_RETRY_MAX_MS < settings.QUOTE_RETRY_BASE_MS)
    throw new ConfigError('QUOTE_RETRY_MAX_MS doit être supérieur ou égal à QUOTE_RETRY_BASE_MS.');
  const sessionIdleMs = settings.QUOTE_SESSION_IDLE_HOURS * 3_600_000;
  const sessionAbsoluteMs = settings.QUOTE_SESSION_MAX_DAYS * 86_400_000;
  if (sessionAbsoluteMs < sessionIdleMs)
    throw new ConfigError('QUOTE_SESSION_MAX_DAYS doit couvrir au moins QUOTE_SESSION_IDLE_HOURS.');
  const notifyEmail = settings.QUOTE_NOTIFY_EMAIL ?? site.email;

  const trust = settings.QUOTE_TRUST_PROXY;
  const decennialAttestation =
    settings.QUOTE_DECENNIAL_ATTESTATION === undefined
      ? undefined
      : checkedPdf('QUOTE_DECENNIAL_ATTESTATION', path.resolve(cwd, settings.QUOTE_DECENNIAL_ATTESTATION));
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(cwd, settings.QUOTE_DATA_DIR),
    smtpUrl: settings.SMTP_URL,
    notifyEmail,
    fromEmail: settings.QUOTE_FROM_EMAIL ?? `no-reply@${site.email.split('@')[1]}`,
    allowedOrigins: origins(settings.QUOTE_ALLOWED_ORIGINS ?? siteUrl).map((origin) => new URL(origin).origin),
    rateLimit: settings.QUOTE_RATE_LIMIT,
    trustProxy: ['false', 'no', '0', 'none'].includes(trust.toLowerCase())
      ? false
      : trust
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
    retryBaseMs: settings.QUOTE_RETRY_BASE_MS,
    retryMaxMs: settings.QUOTE_RETRY_MAX_MS,
    outboxPollMs: settings.QUOTE_OUTBOX_POLL_MS,
    mailGiveUpHours: settings.QUOTE_MAIL_GIVE_UP_HOURS,
    smtpTimeoutMs: settings.QUOTE_SMTP_TIMEOUT_MS,
    // 5 MiB by default: a mail grows by a third in base64, and many relays refuse mails above 10 MB.
    mailAttachmentMaxBytes: settings.QUOTE_MAIL_ATTACHMENT_MAX_MB * 1024 * 1024,
    dbBusyTimeoutMs: settings.QUOTE_DB_BUSY_TIMEOUT_MS,
    purgeIntervalMs: settings.QUOTE_PURGE_INTERVAL_HOURS * 3_600_000,
    healthCacheMs: settings.QUOTE_HEALTH_CACHE_MS,
    minFreeBytes: settings.QUOTE_MIN_FREE_MB * 1024 * 1024,
    logLevel: settings.LOG_LEVEL,
    inboxPort: settings.QUOTE_INBOX_PORT,
    inboxUrl: `${new URL(settings.QUOTE_INBOX_URL).origin}${INBOX_PATH}`,
    sessionIdleMs,
    sessionAbsoluteMs,
    reauthMs: settings.QUOTE_REAUTH_MINUTES * 60_000,
    digestTime: DIGEST_OFF.includes(settings.QUOTE_DIGEST_TIME.toLowerCase()) ? undefined : settings.QUOTE_DIGEST_TIME,
    digestTo: list(settings.QUOTE_DIGEST_TO ?? notifyEmail),
    retention: {
      auditMonths: settings.QUOTE_AUDIT_RETENTION_MONTHS,
      disabledMemberMonths: settings.QUOTE_DISABLED_MEMBER_MONTHS,
      spamDays: settings.QUOTE_SPAM_RETENTION_DAYS,
    },
    decennialAttestation,
    site: siteSettings(settings, cwd),
  };
}

/** Publication's settings (site-settings.ts); a problem stops the start, as any other setting's. */
function siteSettings(settings: EnvSettings, cwd: string): SiteSettings | undefined {
  const read = siteSettingsOf(settings, cwd);
  if (typeof read === 'string') throw new ConfigError(read);
  return read;
}

/** A PDF file the owner names: it must exist, be readable and begin as a PDF does (« %PDF- »). */
function checkedPdf(name: string, file: string): string {
  const start = Buffer.alloc(5);
  let read = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      read = readSync(fd, start, 0, start.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    throw new ConfigError(`${name} : le fichier « ${file} » est introuvable ou illisible.`);
  }
  if (read < start.length || start.toString('latin1') !== '%PDF-') {
    throw new ConfigError(`${name} : le fichier « ${file} » n’est pas un PDF.`);
  }
  return file;
}

/** The French sentence of a wrong setting, naming the variable, by what its schema asks. */
function frenchFor(name: string, schema: TSchema & Message, value: string): string {
  if (schema.message) return schema.message(value);
  if (schema.type === 'integer') {
    return `${name} doit être un nombre entier entre ${schema.minimum} et ${schema.maximum} (reçu « ${value} »).`;
  }
  if (schema.format === 'email') return `${name} doit être une adresse e-mail (reçu « ${value} »).`;
  const choices = (schema.anyOf as { const: string }[]).map((choice) => choice.const);
  return `${name} doit valoir ${choices.slice(0, -1).join(', ')} ou ${choices.at(-1)} (reçu « ${value} »).`;
}
