import type { Row } from '@libsql/client';
import { dayReference, devisReference, memberReference, type MailKindRule } from '../requests/mail-kinds';

/** What the outbox worker (outbox.ts) reads of a due row (store/outbox.ts's dueMails) besides its mail. */

/** The reference a due outbox row is logged and copied under (requests/mail-kinds.ts), by its subject. */
export function referenceOf(about: MailKindRule['about'], row: Row): string {
  switch (about) {
    case 'day':
      return dayReference(String(row.digest_day));
    case 'member':
      return memberReference(Number(row.outbox_member_id), Number(row.outbox_id));
    case 'termination':
      return String(row.termination_reference);
    case 'devis':
      return devisReference(
        String(row.reference),
        String(row.devis_number),
        Number(row.devis_version),
        row.outbox_detail === null ? undefined : String(row.outbox_detail),
      );
    case 'request':
      return String(row.reference);
  }
}

/**
 * When a due row's give-up delay started: its queuing, or its subject's receipt (a request's, a
 * termination's; a devis version's sending).
 */
export function givesUpFrom(rule: MailKindRule, row: Row): string {
  if (rule.givesUpFrom === 'queued') return String(row.queued_at);
  if (rule.about === 'termination') return String(row.termination_created_at);
  if (rule.about === 'devis') return String(row.devis_sent_at);
  return String(row.created_at);
}
