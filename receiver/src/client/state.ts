import { isoDay } from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { DEVIS_STATUS_RULES, type DevisStatus } from '../requests/devis/statuses';
import { withdrawalPeriod, type AfterAcceptance } from '../requests/devis/follow-up';
import { rulesOf } from '../requests/devis/view';

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
  const answer = DEVIS_STATUS_RULES[linked.status].client;
  // Sent or seen: awaiting an answer until the end of its last valid day, Paris time.
  if (answer === 'awaiting') return isoDay(now) > linked.validUntil ? { kind: 'expired' } : { kind: 'awaiting' };
  return { kind: answer };
}

/**
 * Whether the client may still withdraw online from an accepted devis, and until which day
 * (requests/devis/follow-up.ts withdrawalPeriod). Services: 14 days from the acceptance (the conclusion), the
 * last day moved past a weekend or a holiday (L. 221-18, L. 221-19), lost once the work is fully done at the
 * client's express request (L. 221-28, 1°: `lostOn`). Goods: from their receipt as the team records it;
 * until then withdrawal stays open (the right may be used from the conclusion on), without a last day shown.
 */
export function withdrawalWindow(
  content: FrozenDevis,
  after: AfterAcceptance | undefined,
  now: Date,
): { open: boolean; lastDay?: string; lostOn?: string } {
  const rule = rulesOf(content).withdrawal;
  if (!after) return { open: false };
  const period = withdrawalPeriod(rule, after, now);
  switch (period.state) {
    case 'none':
      return { open: false };
    case 'open':
      return { open: true, ...(period.lastDay ? { lastDay: period.lastDay } : {}) };
    case 'ended':
      return { open: false, lastDay: period.lastDay };
    case 'lost':
      return { open: false, lastDay: period.lastDay, lostOn: period.completedDay };
  }
}
