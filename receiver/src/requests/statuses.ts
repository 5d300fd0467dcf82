/**
 * A request's statuses in the team's inbox, in the order a request moves through them, with their French
 * labels. The keys are stored in requests.status, which refers to the statuses table (store/migrations.ts,
 * migration 6): never rename a key; to add one, add its entry here and its INSERT INTO statuses as a new
 * migration (docs/architecture.md, « Ajouter un statut »; receiver/test/store-allowed-values.test.ts fails
 * until both agree). « Rappelée » is the moment the call-back promise was kept or broken.
 */
export const STATUSES = {
  nouvelle: 'Nouvelle',
  rappelee: 'Rappelée',
  devis_envoye: 'Devis envoyé',
  acceptee: 'Acceptée',
  refusee: 'Refusée',
  sans_suite: 'Sans suite',
  indesirable: 'Indésirable',
} as const;

export type Status = keyof typeof STATUSES;

/** A request's status when it arrives: nobody has called back yet, the deadline runs. */
export const NEW_STATUS = 'nouvelle' satisfies Status;

/** The status that records who called back and when (the call-back promise kept, or late). */
export const CALLED_BACK_STATUS = 'rappelee' satisfies Status;

/** A request whose devis the client accepted: it documents a contract, which erasure keeps (RGPD art. 17-3). */
export const ACCEPTED_STATUS = 'acceptee' satisfies Status;

/** Statuses after which nothing is owed to the visitor: the request leaves the open list. */
export const CLOSED_STATUSES: readonly Status[] = ['acceptee', 'refusee', 'sans_suite', 'indesirable'];

/** Statuses that ask for a short reason when chosen. */
export const STATUSES_WITH_REASON: readonly Status[] = ['sans_suite'];

/** Statuses that follow a quote: a request in one of them had a quote sent (the « Chiffres » page). */
export const QUOTED_STATUSES: readonly Status[] = ['devis_envoye', 'acceptee', 'refusee'];

export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && Object.hasOwn(STATUSES, value);
}

/** A stored status as the code reads it: an unknown value (a newer receiver's) reads as NEW_STATUS. */
export function statusOf(value: unknown): Status {
  return isStatus(value) ? value : NEW_STATUS;
}

/** « Devis envoyé »; a value that is no status (a newer receiver's) is shown as stored. */
export function statusLabel(status: string): string {
  return isStatus(status) ? STATUSES[status] : status;
}
