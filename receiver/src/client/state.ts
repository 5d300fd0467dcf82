import { isoDay } from '../facts';
import type { DevisStatus } from '../requests/devis/statuses';

/**
 * What the client's link shows, from the version it opens: the answer awaited, the answer given, or why
 * none can be given (validity past, a later version sent). Pure: `now` is a parameter.
 */
export type ClientState =
  | { kind: 'awaiting' }
  | { kind: 'accepted' }
  | { kind: 'refused' }
  | { kind: 'expired' }
  | { kind: 'withdrawn' }
  | { kind: 'replaced'; by: number };

export type LinkFacts = {
  version: number;
  currentVersion: number;
  replacedBy: number | null;
  status: DevisStatus;
  /** The version's last valid day (Paris), "2026-12-21". */
  validUntil: string;
};

export function clientState(linked: LinkFacts, now: Date): ClientState {
  if (linked.version !== linked.currentVersion) {
    return { kind: 'replaced', by: linked.replacedBy ?? linked.currentVersion };
  }
  switch (linked.status) {
    case 'accepte':
      return { kind: 'accepted' };
    case 'refuse':
      return { kind: 'refused' };
    case 'retracte':
      return { kind: 'withdrawn' };
    case 'expire':
      return { kind: 'expired' };
    default:
      // Sent or seen: awaiting an answer until the end of its last valid day, Paris time.
      return isoDay(now) > linked.validUntil ? { kind: 'expired' } : { kind: 'awaiting' };
  }
}
