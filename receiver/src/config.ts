import { FormatRegistry, Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { site, siteUrl } from './facts';
import { isEmailAddress } from './email';
import { INBOX_PATH } from './inbox-address';

/**
 * The receiver's settings, all from the environment, each with a default that runs on a laptop, read
 * once by a schema (envSchema below). loadConfig() checks every value and throws a ConfigError naming the
 * variable, so main.ts can stop with a clear message instead of starting half-configured. The app gets
 * the result as `app.config`, the one way settings reach its plugins and routes.
 */
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

/** Where and how the receiver publishes the site (SITE_*, docs/publication.md). */
export type SiteSettings = {
  /** The server's own git checkout of the site, with its own full install. */
  sourceDir: string;
  /** The releases, `current` the symlink to the one online. */
  releasesDir: string;
  /** Run in the checkout, writes out/. */
  buildCommand: string;
  /** The go-live check, run in the checkout with SITE_RELEASE (and SITE_DEMO when set). */
  checkCommand: string;
  /** Run in the checkout with SITE_RELEASE and SITE_RELEASES_DIR before the switch: renders and reloads nginx. */
  reloadCommand: string | undefined;
  /** Run after the switch with SITE_RELEASE (another host). */
  deployCommand: string | undefined;
  /** A site not yet live: the go-live check lets sample values through, as deploy/render.ts --demo. */
  demo: boolean;
  /** The build's JavaScript heap, in MiB (NODE_OPTIONS=--max-old-space-size). */
  buildMemoryMb: number;
};

/** The go-live check of a release, as a deployment runs it (deploy/render.ts, docs/mise-en-ligne.md). */
export const DEFAULT_SITE_CHECK_COMMAND =
  'npx tsx deploy/render.ts --out "$SITE_RELEASE" --precompress ${SITE_DEMO:+--demo}';

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
  SITE_SOURCE_DIR: Type.Optional(Type.String()),
  SITE_RELEASES_DIR: Type.Optional(Type.String()),
  SITE_BUILD_COMMAND: Type.String({ default: 'npm run build' }),
  SITE_CHECK_COMMAND: Type.String({ default: DEFAULT_SITE_CHECK_COMMAND }),
  SITE_RELOAD_COMMAND: Type.Optional(Type.String()),
  SITE_DEPLOY_COMMAND: Type.Optional(Type.String()),
  SITE_DEMO: integer(0, 0, 1),
  SITE_BUILD_MEMORY_MB: integer(256, 1536, 65_536),
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

/** Publication is on when both folders are set; one without the other is a mistake worth stopping for. */
function siteSettings(settings: EnvSettings, cwd: string): SiteSettings | undefined {
  const { SITE_SOURCE_DIR: source, SITE_RELEASES_DIR: releases } = settings;
  if (source === undefined && releases === undefined) return undefined;
  if (source === undefined || releases === undefined) {
    throw new ConfigError(
      'SITE_SOURCE_DIR et SITE_RELEASES_DIR vont ensemble : réglez les deux pour publier le site depuis la boîte de réception, ou aucun.',
    );
  }
  return {
    sourceDir: path.resolve(cwd, source),
    releasesDir: path.resolve(cwd, releases),
    buildCommand: settings.SITE_BUILD_COMMAND,
    checkCommand: settings.SITE_CHECK_COMMAND,
    reloadCommand: settings.SITE_RELOAD_COMMAND,
    deployCommand: settings.SITE_DEPLOY_COMMAND,
    demo: settings.SITE_DEMO === 1,
    buildMemoryMb: settings.SITE_BUILD_MEMORY_MB,
  };
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

function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'SMTP_URL doit être une adresse de la forme smtp://utilisateur:motdepasse@serveur:587.';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `SMTP_URL doit commencer par smtp:// ou smtps:// (reçu « ${url.protocol}// »).`;
  }
  // nodemailer would read options from the query, ?ignoreTLS=true or ?tls.rejectUnauthorized=false among
  // them: the receiver sets TLS itself (delivery/mailer.ts), so the address carries none.
  if (url.search || url.hash) {
    return `SMTP_URL ne doit porter aucun paramètre après l’adresse du serveur (reçu « ${url.search}${url.hash} ») : le récepteur exige lui-même le chiffrement TLS et vérifie le certificat du relais, ce qu’aucun paramètre ne peut désactiver.`;
  }
  return undefined;
}

function origins(value: string): string[] {
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

function originsProblem(value: string): string | undefined {
  const list = origins(value);
  if (list.length === 0) return 'QUOTE_ALLOWED_ORIGINS ne contient aucune origine.';
  for (const origin of list) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return `QUOTE_ALLOWED_ORIGINS : « ${origin} » n’est pas une origine (par exemple https://www.exemple.fr).`;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return `QUOTE_ALLOWED_ORIGINS : « ${origin} » doit commencer par https:// ou http://.`;
    }
  }
  return undefined;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The inbox's address: the passkeys' origin, so https (browsers allow http on localhost only), at INBOX_PATH. */
function inboxUrlProblem(value: string): string | undefined {
  let inbox: URL;
  try {
    inbox = new URL(value);
  } catch {
    return `QUOTE_INBOX_URL : « ${value} » n’est pas une adresse (par exemple https://www.exemple.fr${INBOX_PATH}).`;
  }
  if ((inbox.protocol !== 'https:' && inbox.protocol !== 'http:') || inbox.pathname !== INBOX_PATH) {
    return `QUOTE_INBOX_URL doit commencer par https:// ou http:// et finir par ${INBOX_PATH} (reçu « ${value} »).`;
  }
  if (inbox.protocol === 'http:' && inbox.hostname !== 'localhost') {
    return `QUOTE_INBOX_URL doit être en https:// (les clés d’accès n’acceptent http:// que pour localhost ; reçu « ${value} »).`;
  }
  return undefined;
}

/** The words that turn the morning digest off. */
const DIGEST_OFF = ['off', 'non', 'false', 'no', '0', 'none'];

function digestTimeProblem(value: string): string | undefined {
  if (DIGEST_OFF.includes(value.toLowerCase()) || /^([01]\d|2[0-3]):([0-5]\d)$/.test(value)) return undefined;
  return `QUOTE_DIGEST_TIME doit être une heure de la forme 08:30, ou off pour ne pas envoyer de récapitulatif (reçu « ${value} »).`;
}

function emailsProblem(value: string): string | undefined {
  const addresses = list(value);
  if (addresses.length === 0) return 'QUOTE_DIGEST_TO ne contient aucune adresse.';
  const wrong = addresses.find((address) => !isEmailAddress(address));
  if (wrong === undefined) return undefined;
  return `QUOTE_DIGEST_TO doit être une ou plusieurs adresses e-mail séparées par des virgules (reçu « ${wrong} »).`;
}
