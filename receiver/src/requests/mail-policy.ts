import { mailboxKey } from '../email';
import { messageIdFor, type MailKind } from './mail-kinds';

/**
 * Which mails a request gets when it is stored: the company's notification always, the visitor's
 * confirmation unless that mailbox (email.ts mailboxKey: without +tag, without Gmail's dots) already had
 * CONFIRMATIONS_PER_ADDRESS of them in the last CONFIRMATION_WINDOW_HOURS (more requests are still stored);
 * a spam request gets none. The store writes the rows these functions return, in the request's own
 * transaction, and counts a cap there (so concurrent requests cannot pass it together).
 */

export const CONFIRMATIONS_PER_ADDRESS = 3;
export const CONFIRMATION_WINDOW_HOURS = 24;

/** An outbox row to write with a request; `cap`: only while fewer such mails went to that mailbox since then. */
export type QueuedMail = {
  kind: MailKind;
  messageId: string;
  cap?: { mailboxKey: string; since: string; count: number };
};

/** What mailsOf() reads of a request. */
export type MailedRequest = { reference: string; email: string; createdAt: string; spam: boolean };

export function mailsOf(request: MailedRequest, fromEmail: string): QueuedMail[] {
  if (request.spam) return [];
  const since = new Date(Date.parse(request.createdAt) - CONFIRMATION_WINDOW_HOURS * 3_600_000).toISOString();
  return [
    { kind: 'company', messageId: messageIdFor(request.reference, 'company', fromEmail) },
    {
      kind: 'visitor',
      messageId: messageIdFor(request.reference, 'visitor', fromEmail),
      cap: { mailboxKey: mailboxKey(request.email), since, count: CONFIRMATIONS_PER_ADDRESS },
    },
  ];
}

/**
 * A spam request the team takes out of the spam folder (« Ce n'est pas un spam ») gets the company's
 * notification it never had, and no confirmation: the visitor was told nothing, days may have passed.
 */
export function rescuedMail(reference: string, fromEmail: string): QueuedMail & { kind: 'company' } {
  return { kind: 'company', messageId: messageIdFor(reference, 'company', fromEmail) };
}
