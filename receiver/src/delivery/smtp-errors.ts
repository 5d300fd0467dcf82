import type { Config } from '../config';
import { type AfterDataError } from './mailer';

/**
 * What an SMTP error means for the outbox (delivery/outbox.ts): a refusal no retry changes, a mail the relay
 * may have delivered, a mail too large for the relay, or an outage to retry after a growing delay. Pure
 * functions of the error nodemailer gives and of the settings.
 */

export function retryDelay(attempts: number, config: Pick<Config, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/** Only codes, never the message: an SMTP error quotes the recipient's address. */
export function mailErrorCode(error: unknown): string {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  return [code, responseCode, command].filter((part) => part !== undefined && part !== null).join(' ') || 'unknown';
}

/**
 * A refusal of this very mail by the relay, which no retry changes: a 5xx to its recipient or its content.
 * A 5xx elsewhere (to AUTH or MAIL FROM: a wrong password, a sender the relay refuses) is a setting to fix
 * and is retried like an outage, so that the mails leave once it is fixed.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}

/**
 * The relay may have delivered: the connection dropped, or went silent past the time-out, after the whole
 * message and its final dot were written. No reply code came.
 */
export function isMaybeDelivered(error: unknown): boolean {
  const { afterData, code, responseCode } = (error ?? {}) as AfterDataError & {
    code?: unknown;
    responseCode?: unknown;
  };
  return (
    afterData === true && responseCode === undefined && ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET'].includes(String(code))
  );
}

/** A mail that may have been delivered is sent at most this many more times. */
export const MAYBE_DELIVERED_RETRIES = 2;

/** …each after this delay: twice the longest retry delay (2 h by default). */
export function maybeDeliveredDelay(config: Pick<Config, 'retryMaxMs'>): number {
  return config.retryMaxMs * 2;
}

/**
 * The relay refuses the mail for its size: 552 (RFC 5321's « exceeded storage allocation », what a SIZE
 * limit answers), an enhanced status 5.3.4 (message too big) or 5.2.3 (message length exceeds the limit),
 * or nodemailer's own refusal of a message larger than the SIZE the relay announced.
 */
export function isSizeRefusal(error: unknown): boolean {
  const { responseCode, response, message, code } = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
    code?: unknown;
  };
  return (
    responseCode === 552 ||
    (typeof responseCode === 'number' && responseCode >= 500 && /\b5\.(3\.4|2\.3)\b/.test(String(response))) ||
    (code === 'EMESSAGE' && /size larger than allowed/i.test(String(message)))
  );
}
