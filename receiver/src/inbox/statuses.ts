/**
 * A request's statuses in the team's inbox, in the order a request moves through them, with their French
 * labels. The keys are stored in requests.status (migration 3 of store/db.ts checks them): never rename a
 * key, add one with a migration. « Rappelée » is the moment the call-back promise was kept or broken.
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

/** Statuses after which nothing is owed to the visitor: the request leaves the open list. */
export const CLOSED_STATUSES: readonly Status[] = ['acceptee', 'refusee', 'sans_suite', 'indesirable'];

/** Statuses that ask for a short reason when chosen. */
export const STATUSES_WITH_REASON: readonly Status[] = ['sans_suite'];

export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && Object.hasOwn(STATUSES, value);
}
