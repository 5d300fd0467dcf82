/**
 * The registry of the mails the receiver sends, one entry per kind. The outbox (delivery/outbox.ts) reads
 * who a mail goes to and from when it gives up, the purge and the erasure (store/purge.ts, tools/erase.ts)
 * which .eml copies belong to a request and how to name them; each kind's text is built by its builder in
 * delivery/builders.ts, which the compiler holds to this list. The kinds are stored in outbox.kind (a CHECK
 * of store/db.ts's migration 4): a new kind needs a migration too.
 */

export type MailKindRule = {
  /** Who reads it: the team (its text may carry what visitors typed) or the visitor. */
  to: 'team' | 'visitor';
  /**
   * What it is about: one request (at most one such mail per request, UNIQUE (request_id, kind)) or a
   * Paris day (the digest: at most one a day, digest_day UNIQUE).
   */
  about: 'request' | 'day';
  /**
   * When its give-up delay (QUOTE_MAIL_GIVE_UP_HOURS) starts: at the request's receipt (queued with it) or
   * when the scheduler queued it (the team's reminders).
   */
  givesUpFrom: 'received' | 'queued';
  /** How the erasure tool names it: « e-mail au visiteur ». */
  label: string;
};

export const MAIL_KINDS = {
  company: { to: 'team', about: 'request', givesUpFrom: 'received', label: 'à l’entreprise' },
  visitor: { to: 'visitor', about: 'request', givesUpFrom: 'received', label: 'au visiteur' },
  reminder: { to: 'team', about: 'request', givesUpFrom: 'queued', label: 'de rappel à l’entreprise' },
  late: { to: 'team', about: 'request', givesUpFrom: 'queued', label: 'de retard à l’entreprise' },
  digest: { to: 'team', about: 'day', givesUpFrom: 'queued', label: 'récapitulatif à l’entreprise' },
} as const satisfies Record<string, MailKindRule>;

export type MailKind = keyof typeof MAIL_KINDS;

export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && Object.hasOwn(MAIL_KINDS, value);
}

/** The kinds a request has (its .eml copies go with it when it is erased). */
export const REQUEST_MAIL_KINDS = MAIL_KIND_NAMES.filter((kind) => MAIL_KINDS[kind].about === 'request');

/** A stable Message-ID per outbox row: a mail sent twice (after a crash) is recognisably the same. */
export function messageIdFor(reference: string, kind: MailKind, fromEmail: string): string {
  return `<${reference}.${kind}@${fromEmail.split('@')[1]}>`;
}

/** What a day's mail (the digest) uses for a reference, in its Message-ID and its .eml copy. */
export function dayReference(day: string): string {
  return `digest-${day}`;
}

/** The .eml copy of a mail when no SMTP relay is set (QUOTE_DATA_DIR/outbox/). */
export function emlName(reference: string, kind: MailKind): string {
  return `${reference}-${kind}.eml`;
}
