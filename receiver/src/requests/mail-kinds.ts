import { mailboxKey } from '../email';

/**
 * The registry of the mails the receiver sends, one entry per kind. The outbox (delivery/outbox.ts) reads
 * who a mail goes to and from when it gives up, the purge and the erasure (store/purge.ts, tools/erase.ts)
 * which .eml copies belong to a request and how to name them; each kind's text is built by its builder in
 * delivery/builders.ts, which the compiler holds to this list. The kinds are stored in outbox.kind, which
 * refers to the mail_kinds table (store/migrations.ts, migration 6): a new kind is its entry here, its
 * builder there and its INSERT INTO mail_kinds as a new migration (docs/architecture.md, « Ajouter un
 * e-mail »; receiver/test/store-allowed-values.test.ts fails until the table and this list agree).
 */

export type MailKindRule = {
  /** Who reads it: the team (its text may carry what visitors typed) or the visitor. */
  to: 'team' | 'visitor';
  /**
   * What it is about: one request (at most one such mail per request, UNIQUE (request_id, kind)), a Paris
   * day (the digest: at most one a day, digest_day UNIQUE), a member of the team (member_id: a new passkey)
   * a termination request (« Résilier un contrat »: termination_id, UNIQUE (termination_id, kind)) or a
   * sent version of a devis (devis_version_id, UNIQUE (devis_version_id, kind, detail): the detail tells
   * apart the mails of a kind sent more than once for a version). Stored in mail_kinds.about, which the
   * outbox's triggers read (store/migrations.ts, 9, 11 and 12).
   */
  about: 'request' | 'day' | 'member' | 'termination' | 'devis';
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
  passkey: { to: 'team', about: 'member', givesUpFrom: 'queued', label: 'à un membre (nouvelle clé d’accès)' },
  termination_company: {
    to: 'team',
    about: 'termination',
    givesUpFrom: 'received',
    label: 'de résiliation à l’entreprise',
  },
  termination_client: { to: 'visitor', about: 'termination', givesUpFrom: 'received', label: 'd’accusé de réception' },
  // A termination naming a devis on file, filed from another address: the devis's client is told
  // (requests/termination-devis.ts).
  termination_devis_client: {
    to: 'visitor',
    about: 'termination',
    givesUpFrom: 'received',
    label: 'd’avis de résiliation au client du devis',
  },
  devis_sent: { to: 'visitor', about: 'devis', givesUpFrom: 'received', label: 'du devis au client' },
  // The team's reminders about a sent devis (requests/devis/reminders.ts).
  devis_not_opened: { to: 'team', about: 'devis', givesUpFrom: 'queued', label: 'de relance (devis pas ouvert)' },
  devis_not_answered: { to: 'team', about: 'devis', givesUpFrom: 'queued', label: 'de relance (devis sans réponse)' },
  devis_expiring: { to: 'team', about: 'devis', givesUpFrom: 'queued', label: 'de relance (devis bientôt expiré)' },
  // The client's answer on the devis's page (receiver/src/client/): a code per acceptance asked (its detail:
  // the code's row), then the acceptance to both sides, or the refusal to the company; a withdrawal.
  devis_code: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'de code de confirmation du devis' },
  devis_accepted_client: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'de devis accepté au client' },
  devis_accepted_company: {
    to: 'team',
    about: 'devis',
    givesUpFrom: 'queued',
    label: 'de devis accepté à l’entreprise',
  },
  devis_refused_company: { to: 'team', about: 'devis', givesUpFrom: 'queued', label: 'de devis refusé à l’entreprise' },
  // The refusal acknowledged to the client: whoever refused with the link, the client hears of it.
  devis_refused_client: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'd’accusé de refus du devis' },
  // A version that reached its cap on codes (requests/devis/codes.ts): online acceptance frozen, the team told once.
  devis_codes_capped: {
    to: 'team',
    about: 'devis',
    givesUpFrom: 'queued',
    label: 'de codes bloqués à l’entreprise',
  },
  // A withdrawal online from the same link, acknowledged to the client (C. conso. L. 221-21).
  devis_withdrawn_client: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'd’accusé de rétractation' },
  devis_withdrawn_company: {
    to: 'team',
    about: 'devis',
    givesUpFrom: 'queued',
    label: 'de rétractation à l’entreprise',
  },
  // « Relancer le client »: the one reminder a member sends the client about a version, with a new link.
  devis_reminder_client: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'de relance au client' },
  // The site published from the inbox, but its copy to another host (SITE_DEPLOY_COMMAND) failed: each manager
  // is told (store/publications.ts recordDeployFailure; its detail is the publication).
  site_deploy_failed: {
    to: 'team',
    about: 'member',
    givesUpFrom: 'queued',
    label: 'd’échec de la copie du site à un responsable',
  },
  // The one request for a review, after the end of the works on an accepted devis (docs/avis.md): about the
  // accepted version, with the review link's secret in its outbox row while it is pending.
  review_request: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'de demande d’avis au client' },
  // A review the team refused, with the rules' reason (its detail: the refusal's count, one mail each).
  review_refused: { to: 'visitor', about: 'devis', givesUpFrom: 'queued', label: 'de refus d’un avis au client' },
} as const satisfies Record<string, MailKindRule>;

export type MailKind = keyof typeof MAIL_KINDS;

export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && Object.hasOwn(MAIL_KINDS, value);
}

/** The kinds about a member (their .eml copies go when the member is erased). */
export const MEMBER_MAIL_KINDS = MAIL_KIND_NAMES.filter((kind) => MAIL_KINDS[kind].about === 'member');
/** The kinds a termination request has (its .eml copies go with it when it is erased). */
export const TERMINATION_MAIL_KINDS = MAIL_KIND_NAMES.filter((kind) => MAIL_KINDS[kind].about === 'termination');

/** A stable Message-ID per outbox row: a mail sent twice (after a crash) is recognisably the same. */
export function messageIdFor(reference: string, kind: MailKind, fromEmail: string): string {
  return `<${reference}.${kind}@${fromEmail.split('@')[1]}>`;
}

/** What a day's mail (the digest) uses for a reference, in its Message-ID and its .eml copy. */
export function dayReference(day: string): string {
  return `digest-${day}`;
}

/** What a member's mail uses for a reference, in the log and its .eml copy: its member and outbox row. */
export function memberReference(memberId: number, outboxId: number): string {
  return `membre-${memberId}-${outboxId}`;
}

/**
 * What a devis's mail uses for a reference, in its Message-ID and its .eml copy: its request's reference
 * first (so the request's erasure finds every copy by that prefix: requestMailFilePrefix), the devis's number
 * and version, and the row's detail where the kind has one.
 */
export function devisReference(requestReference: string, number: string, version: number, detail?: string): string {
  return `${requestReference}-${number}-v${version}${detail ? `-${detail}` : ''}`;
}

/**
 * The mail that sends a version of a devis to its client (the link and the PDF), queued in the transaction
 * that freezes the version (store/devis-sending.ts sendDevis): one per version. It carries the link, so its
 * outbox row holds the link's secret while it is pending.
 */
export function queuedDevisSent(
  sent: { requestReference: string; number: string; version: number },
  fromEmail: string,
): { kind: 'devis_sent'; messageId: string; withLink: true } {
  const reference = devisReference(sent.requestReference, sent.number, sent.version);
  return { kind: 'devis_sent', messageId: messageIdFor(reference, 'devis_sent', fromEmail), withLink: true };
}

/**
 * The reminder a member sends the client about a version (« Relancer le client »), queued in the transaction
 * that records it (store/devis-reminder.ts): one per version. It carries a new link to the version, so its
 * outbox row holds that link's secret while it is pending.
 */
export function queuedClientReminder(
  version: { requestReference: string; number: string; version: number },
  fromEmail: string,
): { kind: 'devis_reminder_client'; messageId: string } {
  const reference = devisReference(version.requestReference, version.number, version.version);
  return { kind: 'devis_reminder_client', messageId: messageIdFor(reference, 'devis_reminder_client', fromEmail) };
}

/** Every .eml copy about a request (its own mails and its devis's) starts with this. */
export function requestMailFilePrefix(requestReference: string): string {
  return `${requestReference}-`;
}

/** The .eml copy of a mail when no SMTP relay is set (QUOTE_DATA_DIR/outbox/). */
export function emlName(reference: string, kind: MailKind): string {
  return `${reference}-${kind}.eml`;
}

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

/**
 * Which mails a termination request gets when it is stored: the notice to the company always, and the
 * acknowledgment to the client (C. conso. L. 215-1-1) unless that mailbox already had
 * CONFIRMATIONS_PER_ADDRESS of them in the last CONFIRMATION_WINDOW_HOURS (the company's notice then says
 * so: the team acknowledges it by hand); and, when its contract reference names a devis on file whose
 * client's mailbox is not the one typed (`devisClientEmail`), a notice to that client (the security of
 * « Résilier un contrat »: anyone may file one). A spam one gets none.
 */
export function terminationMailsOf(
  termination: MailedRequest,
  fromEmail: string,
  devisClientEmail?: string,
): QueuedMail[] {
  if (termination.spam) return [];
  const since = new Date(Date.parse(termination.createdAt) - CONFIRMATION_WINDOW_HOURS * 3_600_000).toISOString();
  const toDevisClient =
    devisClientEmail !== undefined && mailboxKey(devisClientEmail) !== mailboxKey(termination.email)
      ? [
          {
            kind: 'termination_devis_client' as const,
            messageId: messageIdFor(termination.reference, 'termination_devis_client', fromEmail),
          },
        ]
      : [];
  return [
    { kind: 'termination_company', messageId: messageIdFor(termination.reference, 'termination_company', fromEmail) },
    {
      kind: 'termination_client',
      messageId: messageIdFor(termination.reference, 'termination_client', fromEmail),
      cap: { mailboxKey: mailboxKey(termination.email), since, count: CONFIRMATIONS_PER_ADDRESS },
    },
    ...toDevisClient,
  ];
}
