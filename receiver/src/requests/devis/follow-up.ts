import { devisTerms, formatFrenchDay, NBSP, isoDay, addDays } from '../../facts';
import { formatCents } from './money';
import type { DevisStatus } from './statuses';
import {
  endOfParisDay,
  paymentAllowedFromDay,
  withdrawalLastDay,
  type PaymentRule,
  type WithdrawalRules,
} from './withdrawal';

/**
 * After the acceptance (docs/devis.md, « Après l'acceptation »): what the team records (the goods received by
 * the client, the work fully done, the payments) and what follows from it for the withdrawal period and for
 * how long the client's link answers. Pure: the record and `now` are parameters.
 *
 * - Goods: the period runs from their receipt by the client (L. 221-18, 2°); until the team records it, the
 *   right stays open with no last day (the client may withdraw from the conclusion on).
 * - Work fully done: the right is lost for a service fully performed before the end of the period, when
 *   the client asked for the early start on its separate box and acknowledged the loss (L. 221-28, 1°).
 *   Without that request the record changes nothing: work done within the period without it is at the
 *   company's risk (L. 221-25: the client who withdraws owes nothing). Goods are not in 1°: their
 *   delivery or fitting never ends the right.
 * - Payments: off premises, nothing before the seventh day after the conclusion (L. 221-10).
 */

/** What the record says after the acceptance of the current version. */
export type AfterAcceptance = {
  acceptedAt: Date;
  /** The client ticked the early-start box (L. 221-25), as the accepted event records it. */
  earlyStart: boolean;
  /** The Paris day the client received the goods, as the team recorded it. */
  goodsReceivedDay?: string;
  /** The Paris day the work was fully done, as the team recorded it. */
  workCompletedDay?: string;
};

export type WithdrawalPeriod =
  /** No withdrawal right for this contract. */
  | { state: 'none' }
  /** The client may withdraw; `lastDay` absent while the goods' receipt is not recorded. */
  | { state: 'open'; lastDay?: string }
  | { state: 'ended'; lastDay: string }
  /** Lost before its end: the work fully done at the client's express request (L. 221-28, 1°). */
  | { state: 'lost'; lastDay: string; completedDay: string };

/** The period's last day: from the conclusion, or from the goods' receipt once recorded (else undefined). */
function periodLastDay(rule: WithdrawalRules['withdrawal'], facts: AfterAcceptance): string | undefined {
  if (!rule.applies) return undefined;
  const startDay = rule.runsFrom === 'conclusion' ? isoDay(facts.acceptedAt) : facts.goodsReceivedDay;
  return startDay === undefined ? undefined : withdrawalLastDay(startDay);
}

export function withdrawalPeriod(
  rule: WithdrawalRules['withdrawal'],
  facts: AfterAcceptance,
  now: Date,
): WithdrawalPeriod {
  if (!rule.applies) return { state: 'none' };
  const lastDay = periodLastDay(rule, facts);
  if (lastDay === undefined) return { state: 'open' };
  const completed = facts.workCompletedDay;
  // Services only (runsFrom 'conclusion'): a contract with goods runs from their receipt and 1° does not apply.
  if (rule.runsFrom === 'conclusion' && facts.earlyStart && completed !== undefined && completed <= lastDay) {
    return { state: 'lost', lastDay, completedDay: completed };
  }
  return now.getTime() < endOfParisDay(lastDay).getTime() ? { state: 'open', lastDay } : { state: 'ended', lastDay };
}

/** A day typed in the inbox: "2026-12-03" (a date field) or "03/12/2026"; undefined if it is no real day. */
export function parseDay(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : french
      ? [french[3], french[2]?.padStart(2, '0'), french[1]?.padStart(2, '0')]
      : [];
  if (!year || !month || !day) return undefined;
  const candidate = `${year}-${month}-${day}`;
  const date = new Date(`${candidate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== candidate ? undefined : candidate;
}

/**
 * Why a day recorded after the acceptance (goods received, work done, a payment) is refused, in French;
 * undefined when it is fine: a real day, not before the acceptance's Paris day, not after today's.
 */
export function followUpDayError(day: string | undefined, acceptedAt: Date, now: Date): string | undefined {
  if (day === undefined) return 'Saisissez une date, par exemple 03/12/2026.';
  const accepted = isoDay(acceptedAt);
  if (day < accepted) return `La date ne peut pas précéder l’acceptation du devis, le ${formatFrenchDay(accepted)}.`;
  if (day > isoDay(now))
    return `La date ne peut pas être postérieure à aujourd’hui, le ${formatFrenchDay(isoDay(now))}.`;
  return undefined;
}

/** The largest payment the inbox records at once, in cents (a typing slip beyond it is refused). */
export const MAX_PAYMENT_CENTS = 100_000_000;

/**
 * Why a payment is refused, in French; undefined when it may be recorded: an amount above zero, not more than
 * the balance still due, and, off premises (rule 'wait'), received on or after the first allowed day
 * (paymentAllowedFromDay, L. 221-10).
 */
export function paymentError(input: {
  rule: PaymentRule;
  acceptedAt: Date;
  day: string;
  amountCents: number;
  paidCents: number;
  totalCents: number;
}): string | undefined {
  const { rule, acceptedAt, day, amountCents, paidCents, totalCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_PAYMENT_CENTS) {
    return 'Saisissez le montant reçu en euros, par exemple 150,00.';
  }
  if (rule === 'wait') {
    const first = paymentAllowedFromDay(acceptedAt);
    if (day < first) {
      return `Aucun paiement ni acompte ne peut être reçu avant le ${formatFrenchDay(first)}${NBSP}: le contrat, conclu hors établissement le ${formatFrenchDay(isoDay(acceptedAt))}, l’interdit pendant les ${devisTerms.offPremisesPaymentDelayDays}${NBSP}jours qui suivent (article L. 221-10 du Code de la consommation).`;
    }
  }
  const due = totalCents - paidCents;
  if (amountCents > due) {
    return `Ce paiement dépasse le reste dû, ${formatCents(Math.max(due, 0))}${NBSP}: vérifiez le montant.`;
  }
  return undefined;
}

/** What decides how long a client's link answers. */
export type LinkRecord = {
  status: DevisStatus;
  /** A later version was sent: this one can no longer be answered. */
  replaced: boolean;
  /** The version's last valid day (Paris). */
  validUntil: string;
  rule: WithdrawalRules['withdrawal'];
  /** The acceptance and what followed, when the devis is accepted (or was, before a withdrawal). */
  after?: AfterAcceptance;
  withdrawnAt?: Date;
};

/**
 * The last Paris day a client's link answers (docs/devis.md, « La durée du lien »); undefined while it has no
 * end yet (goods not yet received, so the period has not started). Not accepted (awaiting, expired, refused,
 * replaced): its last valid day plus linkExtraDays. Accepted with a withdrawal right: the period's last day.
 * Accepted without one: the acceptance's day plus linkExtraDays. Withdrawn: the withdrawal's day plus
 * linkExtraDays (the refund's fourteen days, L. 221-24).
 */
export function linkLastDay(link: LinkRecord): string | undefined {
  const extra = devisTerms.linkExtraDays;
  const afterValidity = addDays(link.validUntil, extra);
  if (link.replaced) return afterValidity;
  if (link.status === 'retracte') {
    return link.withdrawnAt ? addDays(isoDay(link.withdrawnAt), extra) : afterValidity;
  }
  if (link.status !== 'accepte' || !link.after) return afterValidity;
  if (!link.rule.applies) return addDays(isoDay(link.after.acceptedAt), extra);
  return periodLastDay(link.rule, link.after);
}

/** Whether the link still answers at `now`: until midnight (Paris) after its last day. */
export function linkAnswers(link: LinkRecord, now: Date): boolean {
  const last = linkLastDay(link);
  return last === undefined || now.getTime() < endOfParisDay(last).getTime();
}
