import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { Config } from '../config';
import { writeFileDurably, type Layout } from '../store/storage';

/**
 * The way mails leave: SMTP (SMTP_URL) or, without it, an .eml file per mail in QUOTE_DATA_DIR/outbox/.
 */

/** A send that failed after its data reached the relay (the final dot written): see isMaybeDelivered. */
export type AfterDataError = Error & { afterData?: boolean };

function markAfterData(error: unknown, afterData: boolean): unknown {
  if (afterData && error instanceof Error) (error as AfterDataError).afterData = true;
  return error;
}

export type Mailer = {
  /** Sends one mail; resolves once the SMTP server accepted it (or the .eml file is durably written). */
  send(message: SendMailOptions, emlName: string): Promise<void>;
  /** For the start-up log. */
  describe: string;
  close(): void;
};

/**
 * How the mails reach the relay. Never in clear to another machine: `smtps://` speaks TLS from the first
 * byte, `smtp://` must switch to TLS with STARTTLS before anything else (nodemailer's requireTLS: a relay, or
 * someone on the way, that does not offer it gets neither the password nor a mail), and the relay's
 * certificate is always verified. Only a relay on this machine's loopback (a local postfix, the tests'
 * relays) is spoken to in clear, since nothing it receives crosses a network: without STARTTLS, whose
 * certificate (a local postfix's is self-signed) would have nothing to prove there.
 */
export type SmtpSecurity = 'implicit-tls' | 'starttls-required' | 'loopback';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for `localhost` and the loopback addresses (127.0.0.0/8, ::1, and IPv4 ones written as IPv6). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && loopback.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** The security of the connection to SMTP_URL's relay (see SmtpSecurity). */
export function smtpSecurity(smtpUrl: string): SmtpSecurity {
  const url = new URL(smtpUrl);
  if (url.protocol === 'smtps:') return 'implicit-tls';
  return isLoopbackHost(url.hostname) ? 'loopback' : 'starttls-required';
}

const SECURITY_WORDS: Record<SmtpSecurity, string> = {
  'implicit-tls': 'TLS',
  'starttls-required': 'STARTTLS required',
  loopback: 'loopback relay, in clear',
};

/**
 * nodemailer's connection options for SMTP_URL: its address without any query (nodemailer would read
 * `?ignoreTLS=true` or `?tls.rejectUnauthorized=false` from it over the options given here; loadConfig
 * refuses such a URL anyway), TLS as smtpSecurity decides, certificates verified.
 */
export function smtpConnectionOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  url.search = '';
  url.hash = '';
  const security = smtpSecurity(smtpUrl);
  return {
    url: url.href,
    requireTLS: security === 'starttls-required',
    ignoreTLS: security === 'loopback',
    tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2' as const },
  };
}

export function createMailer(config: Config, dirs: Layout): Mailer {
  if (config.smtpUrl) {
    // One pooled connection, reused while mails are due (the worker sends one at a time anyway): a new
    // connection per mail costs more than the mail on a busy outbox.
    // Set once the message and its final dot are written to the relay's socket: nodemailer reports it in its
    // log (a 'message' line), and a drop or a time-out after it means the relay may have delivered.
    let dataWritten = false;
    const noop = () => {};
    const logger = {
      level: noop,
      trace: noop,
      debug: noop,
      info: (meta: unknown) => {
        if ((meta as { tnx?: unknown } | undefined)?.tnx === 'message') dataWritten = true;
      },
      warn: noop,
      error: noop,
      fatal: noop,
    };
    const transporter: Transporter = nodemailer.createTransport({
      ...smtpConnectionOptions(config.smtpUrl),
      logger,
      pool: true,
      maxConnections: 1,
      connectionTimeout: config.smtpTimeoutMs,
      greetingTimeout: config.smtpTimeoutMs,
      socketTimeout: config.smtpTimeoutMs * 2,
    });
    // A pooled connection failing while idle must not take the process down; sends report their own errors.
    transporter.on('error', () => {});
    const url = new URL(config.smtpUrl);
    return {
      async send(message) {
        // One send at a time (the worker's), on one connection: the flag is this send's.
        dataWritten = false;
        try {
          await transporter.sendMail(message);
        } catch (error) {
          throw markAfterData(error, dataWritten);
        }
      },
      describe: `SMTP ${url.protocol}//${url.host} (${SECURITY_WORDS[smtpSecurity(config.smtpUrl)]})`,
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message, emlName) {
      const info = await transporter.sendMail(message);
      await writeFileDurably(dirs, path.join(dirs.outbox, path.basename(emlName)), info.message as Buffer);
    },
    describe: `.eml files in ${dirs.outbox}`,
    close: () => transporter.close(),
  };
}
