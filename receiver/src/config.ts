import path from 'node:path';
import { site, siteUrl } from './facts';
import { isEmailAddress } from './email';

/**
 * The receiver's settings, all from the environment, each with a default that runs on a laptop.
 * loadConfig() checks every value and throws a ConfigError naming the variable, so main.ts can stop with
 * a clear message instead of starting half-configured.
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
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** The environment variables, their defaults and meaning (docs/recevoir-les-demandes.md lists the same). */
export const ENV_DEFAULTS = {
  PORT: '8787',
  HOST: '127.0.0.1',
  QUOTE_DATA_DIR: './data',
  QUOTE_RATE_LIMIT: '10',
  QUOTE_TRUST_PROXY: 'loopback',
  QUOTE_RETRY_BASE_MS: '30000',
  QUOTE_RETRY_MAX_MS: '3600000',
  QUOTE_OUTBOX_POLL_MS: '5000',
  QUOTE_MAIL_GIVE_UP_HOURS: '120',
  QUOTE_SMTP_TIMEOUT_MS: '30000',
  QUOTE_MAIL_ATTACHMENT_MAX_MB: '5',
  QUOTE_DB_BUSY_TIMEOUT_MS: '5000',
  QUOTE_PURGE_INTERVAL_HOURS: '24',
  QUOTE_MIN_FREE_MB: '50',
  QUOTE_HEALTH_CACHE_MS: '5000',
  LOG_LEVEL: 'info',
} as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const text = (name: keyof typeof ENV_DEFAULTS) => get(name) ?? ENV_DEFAULTS[name];
  const integer = (name: keyof typeof ENV_DEFAULTS, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = text(name);
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      throw new ConfigError(`${name} doit être un nombre entier entre ${min} et ${max} (reçu « ${raw} »).`);
    }
    return value;
  };
  const email = (name: string, fallback: string) => {
    const value = get(name) ?? fallback;
    if (!isEmailAddress(value)) throw new ConfigError(`${name} doit être une adresse e-mail (reçu « ${value} »).`);
    return value;
  };

  const smtpUrl = get('SMTP_URL');
  if (smtpUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new ConfigError('SMTP_URL doit être une adresse de la forme smtp://utilisateur:motdepasse@serveur:587.');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new ConfigError(`SMTP_URL doit commencer par smtp:// ou smtps:// (reçu « ${url.protocol}// »).`);
    }
  }

  const origins = (get('QUOTE_ALLOWED_ORIGINS') ?? siteUrl)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const allowedOrigins = origins.map((origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(
        `QUOTE_ALLOWED_ORIGINS : « ${origin} » n’est pas une origine (par exemple https://www.exemple.fr).`,
      );
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new ConfigError(`QUOTE_ALLOWED_ORIGINS : « ${origin} » doit commencer par https:// ou http://.`);
    }
    return url.origin;
  });
  if (allowedOrigins.length === 0) throw new ConfigError('QUOTE_ALLOWED_ORIGINS ne contient aucune origine.');

  const trust = text('QUOTE_TRUST_PROXY');
  const trustProxy = ['false', 'no', '0', 'none'].includes(trust.toLowerCase())
    ? false
    : trust
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);

  const retryBaseMs = integer('QUOTE_RETRY_BASE_MS', 1);
  const retryMaxMs = integer('QUOTE_RETRY_MAX_MS', 1);
  if (retryMaxMs < retryBaseMs)
    throw new ConfigError('QUOTE_RETRY_MAX_MS doit être supérieur ou égal à QUOTE_RETRY_BASE_MS.');

  const logLevel = text('LOG_LEVEL');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(
      `LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace ou silent (reçu « ${logLevel} »).`,
    );
  }

  return {
    port: integer('PORT', 0, 65535),
    host: text('HOST'),
    dataDir: path.resolve(cwd, text('QUOTE_DATA_DIR')),
    smtpUrl,
    notifyEmail: email('QUOTE_NOTIFY_EMAIL', site.email),
    fromEmail: email('QUOTE_FROM_EMAIL', `no-reply@${site.email.split('@')[1]}`),
    allowedOrigins,
    rateLimit: integer('QUOTE_RATE_LIMIT', 0),
    trustProxy,
    retryBaseMs,
    retryMaxMs,
    outboxPollMs: integer('QUOTE_OUTBOX_POLL_MS', 10),
    mailGiveUpHours: integer('QUOTE_MAIL_GIVE_UP_HOURS', 1),
    smtpTimeoutMs: integer('QUOTE_SMTP_TIMEOUT_MS', 100),
    // 5 MiB by default: a mail grows by a third in base64, and many relays refuse mails above 10 MB.
    mailAttachmentMaxBytes: integer('QUOTE_MAIL_ATTACHMENT_MAX_MB', 0, 1000) * 1024 * 1024,
    dbBusyTimeoutMs: integer('QUOTE_DB_BUSY_TIMEOUT_MS', 0),
    purgeIntervalMs: integer('QUOTE_PURGE_INTERVAL_HOURS', 1) * 3_600_000,
    healthCacheMs: integer('QUOTE_HEALTH_CACHE_MS', 0, 3_600_000),
    minFreeBytes: integer('QUOTE_MIN_FREE_MB', 0, 10_000_000) * 1024 * 1024,
    logLevel,
  };
}
