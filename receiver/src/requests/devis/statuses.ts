/**
 * A devis's statuses and the events of its record, with their French labels. The keys are stored in
 * devis.status and devis_events.kind, which refer to the tables devis_statuses and devis_event_kinds
 * (store/migrations.ts, migration 10): never rename a key; to add one, add its entry here and its INSERT as a
 * new migration (receiver/test/devis-store.test.ts fails until both agree).
 */
export const DEVIS_STATUSES = {
  brouillon: 'Brouillon',
  envoye: 'Envoyé',
  vu: 'Vu',
  accepte: 'Accepté',
  refuse: 'Refusé',
  expire: 'Expiré',
  retracte: 'Rétracté',
} as const;

export type DevisStatus = keyof typeof DEVIS_STATUSES;

export const DEVIS_EVENTS = {
  sent: 'Envoyé',
  opened: 'Ouvert',
  code_sent: 'Code envoyé',
  code_confirmed: 'Code confirmé',
  accepted: 'Accepté',
  refused: 'Refusé',
  withdrawn: 'Rétracté',
  goods_received: 'Marchandises reçues par le client',
  work_completed: 'Travaux entièrement exécutés',
  // « Relancer le client » (inbox/devis-remind-route.ts): one reminder mail, with a new link, per version.
  client_reminded: 'Relance envoyée au client',
  // « Révoquer ce lien » (inbox/devis-revoke-route.ts): every link of the version withdrawn.
  link_revoked: 'Lien du client révoqué',
} as const;

export type DevisEventKind = keyof typeof DEVIS_EVENTS;

/** Statuses in which the client may still answer the current version (open it, accept it, refuse it). */
export const DEVIS_AWAITING: readonly DevisStatus[] = ['envoye', 'vu'];

/** Statuses of a devis still open (being written, or awaiting the client): a request has at most one. */
export const DEVIS_OPEN_STATUSES: readonly DevisStatus[] = ['brouillon', 'envoye', 'vu'];

/** Statuses after which the devis can no longer change: a new devis is made instead. */
export const DEVIS_FINAL: readonly DevisStatus[] = ['accepte', 'retracte'];

/** The status an event moves a devis to, from the statuses it may come from; absent: no change. */
export const DEVIS_TRANSITIONS: Partial<Record<DevisEventKind, { from: readonly DevisStatus[]; to: DevisStatus }>> = {
  opened: { from: ['envoye'], to: 'vu' },
  accepted: { from: DEVIS_AWAITING, to: 'accepte' },
  refused: { from: DEVIS_AWAITING, to: 'refuse' },
  withdrawn: { from: ['accepte'], to: 'retracte' },
};

/**
 * The statuses of the devis an event may be recorded in, on its current version; null: any status, on any
 * version already sent (an opening is always part of the record, even of a replaced version).
 */
export const DEVIS_EVENT_REQUIRES: Record<DevisEventKind, readonly DevisStatus[] | null> = {
  sent: null,
  opened: null,
  code_sent: DEVIS_AWAITING,
  code_confirmed: DEVIS_AWAITING,
  accepted: DEVIS_AWAITING,
  refused: DEVIS_AWAITING,
  withdrawn: ['accepte'],
  // The team's record after the acceptance (requests/devis/follow-up.ts): once each, on an accepted devis.
  goods_received: ['accepte'],
  work_completed: ['accepte'],
  client_reminded: DEVIS_AWAITING,
  link_revoked: DEVIS_AWAITING,
};

export function devisStatusLabel(status: string): string {
  return Object.hasOwn(DEVIS_STATUSES, status) ? DEVIS_STATUSES[status as DevisStatus] : status;
}
