import {
  addDays,
  closures as companyClosures,
  devisTerms,
  isoDay,
  site,
  type Closure,
  type OpeningRule,
} from '../../facts';
import { afterWorkingDays } from '../deadline';
import type { DevisStatus } from './statuses';

/**
 * The team's reminders about a sent devis (content/devis.ts devisTerms.reminders), each sent once for a
 * version, through the outbox, to the member the request is assigned to:
 * - « pas ouvert »: the client has not opened the current version notOpenedWorkingDays working days after it
 *   was sent (its status is still « Envoyé »);
 * - « sans réponse »: neither accepted nor refused notAnsweredWorkingDays working days after it was sent;
 * - « expire bientôt »: still awaiting an answer when its validity ends within expiringInDays calendar days
 *   (its last valid day included).
 * Pure: the delivery layer reads the candidates and queues what this returns (delivery/reminders.ts).
 */

export type DevisReminderKind = 'devis_not_opened' | 'devis_not_answered' | 'devis_expiring';

/** The current version of a devis awaiting an answer, with the reminders already queued for it. */
export type DevisCandidate = {
  versionId: number;
  status: DevisStatus;
  sentAt: string;
  /** The last valid day, « YYYY-MM-DD » (Paris). */
  validUntil: string;
  queued: ReadonlySet<DevisReminderKind>;
};

/**
 * The reminders a current version may get, by the devis's status: those awaiting an answer only
 * (statuses.ts DEVIS_AWAITING), « pas ouvert » while it is not opened yet. Exhaustive, so that a new status
 * is decided here too.
 */
export const REMINDERS_OF: Record<DevisStatus, readonly DevisReminderKind[]> = {
  brouillon: [],
  envoye: ['devis_not_opened', 'devis_not_answered', 'devis_expiring'],
  vu: ['devis_not_answered', 'devis_expiring'],
  accepte: [],
  refuse: [],
  expire: [],
  retracte: [],
};

export function dueDevisReminders(
  candidates: readonly DevisCandidate[],
  now: Date,
  /** Not working days (the company's, as built, by default; the receiver passes the published ones). */
  closures: readonly Closure[] = companyClosures,
  /** The opening hours (the built site's by default; the receiver passes the published ones). */
  hours: readonly OpeningRule[] = site.openingHours,
): { versionId: number; kind: DevisReminderKind }[] {
  const { notOpenedWorkingDays, notAnsweredWorkingDays, expiringInDays } = devisTerms.reminders;
  const today = isoDay(now);
  const due: { versionId: number; kind: DevisReminderKind }[] = [];
  for (const devis of candidates) {
    const allowed = REMINDERS_OF[devis.status];
    if (allowed.length === 0) continue;
    const sent = new Date(devis.sentAt);
    const add = (kind: DevisReminderKind) => {
      if (allowed.includes(kind) && !devis.queued.has(kind)) due.push({ versionId: devis.versionId, kind });
    };
    if (today > devis.validUntil) continue;
    // Both due at once (the receiver was stopped for days): « sans réponse » says it all.
    const unanswered = now >= afterWorkingDays(sent, notAnsweredWorkingDays, closures, hours);
    if (now >= afterWorkingDays(sent, notOpenedWorkingDays, closures, hours) && !unanswered) {
      add('devis_not_opened');
    }
    if (unanswered) add('devis_not_answered');
    if (today >= addDays(devis.validUntil, -expiringInDays)) add('devis_expiring');
  }
  return due;
}
