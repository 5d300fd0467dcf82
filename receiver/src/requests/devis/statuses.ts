import { ACCEPTED_STATUS, type Status } from '../statuses';

/**
 * A devis's statuses and the events of its record, with their French labels. The keys are stored in
 * devis.status and devis_events.kind, which refer to the tables devis_statuses and devis_event_kinds
 * (store/migrations.ts, migration 10): never rename a key; to add one, add its entry here, in DEVIS_STATUS_RULES
 * below and in every other Record<DevisStatus, …> (tsc names each one), and its INSERT as a new migration
 * (receiver/test/devis-store.test.ts fails until both agree); docs/devis.md, « Ajouter un statut ou un événement de devis ».
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

/** What the client's link shows of its version while it is the current one (client/state.ts). */
export type DevisClientAnswer = 'awaiting' | 'accepted' | 'refused' | 'expired' | 'withdrawn';

/**
 * What each status means, for every place that acts on a status: an exhaustive map, so that a new status
 * does not compile until each of them is decided (docs/devis.md, « Ajouter un statut ou un événement de devis »).
 * - awaiting: the client may still answer the current version (open it, accept it, refuse it; the team's
 *   reminders, « Relancer le client », the expiry at the end of its validity);
 * - open: still being written or awaiting the client (a request has at most one open devis);
 * - final: the devis can no longer change (a new devis is made instead);
 * - client: what the client's link shows (an awaiting version past its validity shows « expiré »);
 * - request: the request's status the devis moves it to on reaching this status (store/devis-events.ts), or
 *   null: none.
 */
export const DEVIS_STATUS_RULES: Record<
  DevisStatus,
  { awaiting: boolean; open: boolean; final: boolean; client: DevisClientAnswer; request: Status | null }
> = {
  // A link exists only once a version is sent, and a sent devis never goes back to « Brouillon » (the next
  // version's draft leaves the status as it is): no client sees it. Were one to, the page would offer an
  // answer that the store refuses (DEVIS_EVENT_REQUIRES: not awaiting).
  brouillon: { awaiting: false, open: true, final: false, client: 'awaiting', request: null },
  // Its request went to « Devis envoyé » at the sending (store/devis-sending.ts sendDevis).
  envoye: { awaiting: true, open: true, final: false, client: 'awaiting', request: null },
  vu: { awaiting: true, open: true, final: false, client: 'awaiting', request: null },
  accepte: { awaiting: false, open: false, final: true, client: 'accepted', request: ACCEPTED_STATUS },
  refuse: { awaiting: false, open: false, final: false, client: 'refused', request: 'refusee' },
  expire: { awaiting: false, open: false, final: false, client: 'expired', request: null },
  // The request stays « Acceptée »: the withdrawal is the devis's record (and the « Chiffres »).
  retracte: { awaiting: false, open: false, final: true, client: 'withdrawn', request: null },
};

const statusesWhere = (rule: (rules: (typeof DEVIS_STATUS_RULES)[DevisStatus]) => boolean): readonly DevisStatus[] =>
  (Object.keys(DEVIS_STATUS_RULES) as DevisStatus[]).filter((status) => rule(DEVIS_STATUS_RULES[status]));

/** Statuses in which the client may still answer the current version (open it, accept it, refuse it). */
export const DEVIS_AWAITING: readonly DevisStatus[] = statusesWhere((rules) => rules.awaiting);

/** Statuses of a devis still open (being written, or awaiting the client): a request has at most one. */
export const DEVIS_OPEN_STATUSES: readonly DevisStatus[] = statusesWhere((rules) => rules.open);

/** Statuses after which the devis can no longer change: a new devis is made instead. */
export const DEVIS_FINAL: readonly DevisStatus[] = statusesWhere((rules) => rules.final);

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
