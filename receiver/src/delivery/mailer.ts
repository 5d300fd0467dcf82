import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
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
      url: config.smtpUrl,
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
      describe: `SMTP ${url.protocol}//${url.host}`,
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
