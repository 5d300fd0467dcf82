import { addDays, devisTerms, isoDay, withdrawalTexts } from '../../facts';
import { atParisTime, isHoliday } from '../deadline';
import type { ContractWay, DevisLine } from './types';

/**
 * The withdrawal rules of a devis, from how the contract is made (Code de la consommation, livre II, titre
 * II, chapitre Ier; docs/devis.md, « La rétractation »). Pure: the dates are parameters.
 *
 * - Who is protected: a consumer; a professional only off premises, when the contract is outside their main
 *   activity and they employ at most five people (L. 221-3, which extends sections 2, 3 and 6: information,
 *   the off-premises rules and the withdrawal right). At a distance or on our premises, a professional has none.
 *   A non-professional (a syndicat de copropriétaires, an association) never has them: the chapter speaks of
 *   consumers, and L. 221-3 extends it to professionals only.
 * - The right: 14 days, for a contract at a distance or off premises (L. 221-18); none on our premises (the
 *   chapter gives none), none for urgent upkeep or repair at the consumer's home that they asked for
 *   (L. 221-28, 8°).
 * - From when: the conclusion for services; the receipt of the (last) goods when the lines include goods, a
 *   contract that transfers goods being a sale (L. 221-18, 2°, and L. 221-1); the last day moves to the next
 *   working day when it is a Saturday, a Sunday or a public holiday (L. 221-19).
 * - Early start: where the right applies, the client may ask in writing, on a separate box, for the work to
 *   start before the period ends (L. 221-25), and loses the right once it is fully done (L. 221-28, 1°).
 * - Payment: off premises, nothing may be received before the seventh day after the conclusion (L. 221-10),
 *   except for urgent upkeep or repair at home that the consumer asked for (L. 221-10, 4°).
 */

/**
 * The client as the withdrawal rules see them: a consumer, a non-professional, or a professional with the
 * L. 221-3 facts.
 */
export type ClientStanding =
  | { kind: 'consumer' }
  | { kind: 'nonProfessional' }
  | {
      kind: 'professional';
      /** Employees of the client's business. */
      employees: number;
      /** The contract's object falls within the client's main activity. */
      withinMainActivity: boolean;
    };

export type WithdrawalInput = {
  way: ContractWay;
  client: ClientStanding;
  /** « Intervention urgente demandée par le client »: urgent upkeep or repair at home, asked for by the client. */
  urgent: boolean;
  lines: readonly Pick<DevisLine, 'kind'>[];
};

/** Why a devis carries no withdrawal right. */
export type NoWithdrawalReason = 'premises' | 'professional' | 'nonProfessional' | 'urgent';

/** The sentence that says why, for each reason. */
const NO_WITHDRAWAL_TEXTS: Record<NoWithdrawalReason, string> = {
  premises: withdrawalTexts.noneAtPremises,
  professional: withdrawalTexts.noneProfessional,
  nonProfessional: withdrawalTexts.noneNonProfessional,
  urgent: withdrawalTexts.noneUrgent,
};

/** When nothing can be paid: 'free' any time; 'wait' not before the seventh day; 'urgent' the L. 221-10, 4° exception. */
export type PaymentRule = 'free' | 'wait' | 'urgent';

export type WithdrawalRules = {
  /** The client has the consumer's protections of this chapter (a consumer, or a professional under L. 221-3). */
  protected: boolean;
  withdrawal:
    | { applies: true; runsFrom: 'conclusion' | 'goods-receipt'; days: number }
    | { applies: false; reason: NoWithdrawalReason };
  /** The client may ask, on its separate unticked box, for the work to start before the period ends. */
  earlyStartRequest: boolean;
  payment: PaymentRule;
  /** The withdrawal information and the model form (annexe to R. 221-1) go with the devis and its mails. */
  modelForm: boolean;
  /** The paragraphs the devis, its page and its mails show, in this order. */
  texts: string[];
  /** The text of the early-start box, where it is offered. */
  earlyStartBox?: string;
  /**
   * The paragraph of `texts` that holds only while no early start is asked (« Sans demande expresse… »): a
   * mail sent after the client asked for one leaves it out.
   */
  withoutEarlyStart?: string;
};

/** Whether the client has the consumer's rights of this chapter for a contract made this way. */
export function isProtected(way: ContractWay, client: ClientStanding): boolean {
  switch (client.kind) {
    case 'consumer':
      return true;
    case 'nonProfessional':
      return false;
    case 'professional':
      return (
        way === 'hors-etablissement' &&
        !client.withinMainActivity &&
        Number.isInteger(client.employees) &&
        client.employees >= 0 &&
        client.employees <= devisTerms.smallBusinessMaxEmployees
      );
    default:
      return unknownKind(client);
  }
}

function unknownKind(client: never): never {
  throw new Error(`unknown client kind ${JSON.stringify(client)}`);
}

export function withdrawalRules(input: WithdrawalInput): WithdrawalRules {
  const isProtectedClient = isProtected(input.way, input.client);
  const urgentAtHome = input.urgent && input.way !== 'etablissement';
  const reason: NoWithdrawalReason | undefined =
    input.way === 'etablissement'
      ? 'premises'
      : !isProtectedClient
        ? input.client.kind === 'nonProfessional'
          ? 'nonProfessional'
          : 'professional'
        : urgentAtHome
          ? 'urgent'
          : undefined;
  const payment: PaymentRule =
    input.way === 'hors-etablissement' && isProtectedClient ? (input.urgent ? 'urgent' : 'wait') : 'free';
  const paymentTexts =
    payment === 'wait' ? [withdrawalTexts.paymentWait] : payment === 'urgent' ? [withdrawalTexts.paymentUrgent] : [];

  if (reason) {
    const none = NO_WITHDRAWAL_TEXTS[reason];
    return {
      protected: isProtectedClient,
      withdrawal: { applies: false, reason },
      earlyStartRequest: false,
      payment,
      modelForm: false,
      texts: [none, ...paymentTexts],
    };
  }
  const runsFrom = input.lines.some((line) => line.kind === 'goods') ? 'goods-receipt' : 'conclusion';
  // With goods the period runs from their fitting: « not before the end of the period » would be circular.
  const withoutEarlyStart =
    runsFrom === 'conclusion' ? withdrawalTexts.noEarlyStart : withdrawalTexts.noEarlyStartGoods;
  return {
    protected: true,
    withdrawal: { applies: true, runsFrom, days: devisTerms.withdrawalDays },
    earlyStartRequest: true,
    payment,
    modelForm: true,
    texts: [
      runsFrom === 'conclusion' ? withdrawalTexts.rightFromConclusion : withdrawalTexts.rightFromGoodsReceipt,
      withdrawalTexts.periodEnd,
      withdrawalTexts.how,
      withoutEarlyStart,
      withdrawalTexts.earlyStartCost,
      ...paymentTexts,
    ],
    earlyStartBox: withdrawalTexts.earlyStartBox,
    withoutEarlyStart,
  };
}

/** Neither a Saturday, a Sunday nor a public holiday (« jour ouvrable » in L. 221-19's sense, Saturday excluded). */
function isOpenForDeadline(day: string): boolean {
  const date = new Date(`${day}T12:00:00Z`);
  const weekDay = date.getUTCDay();
  if (weekDay === 0 || weekDay === 6) return false;
  return !isHoliday({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/**
 * The last day to withdraw, for a period that runs from `startDay` (the Paris day of the conclusion, or of
 * the goods' receipt): the day of the event does not count, the period ends with its 14th day, moved to the
 * next day that is neither a Saturday, a Sunday nor a public holiday (L. 221-19).
 */
export function withdrawalLastDay(startDay: string): string {
  let day = addDays(startDay, devisTerms.withdrawalDays);
  while (!isOpenForDeadline(day)) day = addDays(day, 1);
  return day;
}

/** The instant a Paris day ends: midnight (Paris) after it. */
export function endOfParisDay(day: string): Date {
  return atParisTime(new Date(`${addDays(day, 1)}T12:00:00Z`), '00:00');
}

/** The instant the withdrawal period ends: midnight (Paris) after its last day. */
export function withdrawalEndsAt(start: Date): Date {
  return endOfParisDay(withdrawalLastDay(isoDay(start)));
}

/**
 * The first Paris day a payment may be received off premises: the day after the seven days that follow the
 * conclusion (concluded on the 1st, the 2nd to the 8th are the seven days, payment from the 9th). A delay
 * during which the company may not act, not one within which the client must: it is not extended.
 */
export function paymentAllowedFromDay(concludedAt: Date): string {
  return addDays(isoDay(concludedAt), devisTerms.offPremisesPaymentDelayDays + 1);
}

/** Whether a payment or a deposit may be recorded at `at` for a devis concluded at `concludedAt`. */
export function paymentAllowed(rule: PaymentRule, concludedAt: Date, at: Date): boolean {
  if (rule !== 'wait') return true;
  return isoDay(at) >= paymentAllowedFromDay(concludedAt);
}
