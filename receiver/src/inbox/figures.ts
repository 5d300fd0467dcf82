import {
  closures as companyClosures,
  isoDay,
  locationOptions,
  serviceTypeOptions,
  site,
  type Closure,
  type OpeningRule,
} from '../facts';
import { workingDaysBetween } from '../requests/deadline';
import { DEVIS_AWAITING, type DevisStatus } from '../requests/devis/statuses';
import { QUOTED_STATUSES } from '../requests/statuses';
import type { FigureRequest, StatusChange } from '../store/figures';

/** What the figures read: store/figures.ts. */
export type { FigureDevis, FigureRequest, StatusChange } from '../store/figures';

/**
 * The « Chiffres » page's figures (issue 28, section 5), per month: pure, rows in, figures out. Nothing
 * is tracked for them: they are counted from the requests the store already holds.
 *
 * Every figure of a month is about the requests RECEIVED that month (Paris time), followed to where they
 * are now: how many came in (by service, by town), how many were called back within their deadline, how
 * long the call back took, how many got a quote, how many accepted it or refused it. A month's figures
 * therefore still move while its requests progress; they never depend on when someone clicked. A quote
 * counts as sent when the request's history holds a change to « Devis envoyé », or when its status is one
 * that follows a quote (« Devis envoyé », « Acceptée », « Refusée »): a request taken straight to
 * « Acceptée » had a quote too, and one « Sans suite » after a quote keeps it through its history.
 * Accepted and refused are the current status. Spam (the honeypot, the limits) and « Indésirable » are not
 * requests of a visitor and are left out.
 *
 * A request's devis made in the inbox (its most telling one: accepted or withdrawn first, else the latest
 * sent) follows it further: opened by the client, accepted, withdrawn; its amount excluding VAT once
 * accepted (withdrawn ones leave the sum); the working days from the request to the devis and from the devis
 * to the client's answer (requests/deadline.ts workingDaysBetween), as medians; the reasons clients gave for
 * a refusal. Apart from the months: the devis awaiting an answer whose validity ends within the week. Every
 * figure is the team's: none is counted per member.
 */

/** Requests of one service or one town: received, with a devis (or a quote) sent, accepted. */
export type Count = { value: string; label: string; count: number; quotesSent: number; accepted: number };

export type MonthFigures = {
  /** "2026-11". */
  month: string;
  received: number;
  byService: Count[];
  byTown: Count[];
  /** Requests whose deadline has passed, or called back already: those the promise was kept or broken for. */
  due: number;
  /** Of those, called back at or before their deadline. */
  onTime: number;
  /** onTime / due; null when nothing is due yet. */
  onTimeShare: number | null;
  /** Median time from receipt to call back, in minutes; null when nobody was called back. */
  medianCallBackMinutes: number | null;
  quotesSent: number;
  /** Requests whose devis the client opened (devis made in the inbox only). */
  opened: number;
  accepted: number;
  refused: number;
  /** Accepted devis then withdrawn by the client. */
  withdrawn: number;
  /** The accepted devis' total excluding VAT, in cents (withdrawn ones left out). */
  acceptedHtCents: number;
  /** Median working days from a request to its devis, and from the devis to the client's answer. */
  medianDaysToDevis: number | null;
  medianDaysToAnswer: number | null;
  /** The reasons given for refusing a devis, oldest first. */
  refusalReasons: string[];
};

/** A devis awaiting the client's answer whose validity ends within the week (« Chiffres », apart). */
export type ExpiringDevis = { number: string; validUntil: string };

const QUOTED: readonly string[] = QUOTED_STATUSES;

/**
 * What a devis counts for in the figures, by its status: its amount once accepted (withdrawn ones leave the
 * sum), its reason once refused, the withdrawals; the others count only as sent. Exhaustive, so that a new
 * status is decided here too.
 */
export const FIGURE_OF: Record<DevisStatus, 'accepted' | 'refused' | 'withdrawn' | null> = {
  brouillon: null,
  envoye: null,
  vu: null,
  accepte: 'accepted',
  refuse: 'refused',
  expire: null,
  retracte: 'withdrawn',
};

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Counts by value, most frequent first (then in the form's order), labelled as the form names them, with how
 * many of each had a quote sent and were accepted.
 */
function countBy(
  list: readonly FigureRequest[],
  valueOf: (request: FigureRequest) => string,
  options: readonly { value: string; label: string }[],
  quoted: (request: FigureRequest) => boolean,
): Count[] {
  const counts = new Map<string, Count>();
  for (const request of list) {
    const value = valueOf(request);
    const count = counts.get(value) ?? {
      value,
      label: options.find((option) => option.value === value)?.label ?? value,
      count: 0,
      quotesSent: 0,
      accepted: 0,
    };
    count.count += 1;
    if (quoted(request)) count.quotesSent += 1;
    if (request.status === 'acceptee') count.accepted += 1;
    counts.set(value, count);
  }
  const order = (value: string) => {
    const index = options.findIndex((option) => option.value === value);
    return index === -1 ? options.length : index;
  };
  return [...counts.values()].sort(
    (a, b) => b.count - a.count || order(a.value) - order(b.value) || a.value.localeCompare(b.value),
  );
}

/** The devis awaiting an answer whose last valid day is within the seven days from `now`'s Paris day. */
export function expiringThisWeek(requests: readonly FigureRequest[], now: Date): ExpiringDevis[] {
  const today = isoDay(now);
  const inAWeek = isoDay(new Date(now.getTime() + 6 * 24 * 3_600_000));
  return requests
    .flatMap((request) => (request.devis && !request.spam ? [request.devis] : []))
    .filter((devis) => DEVIS_AWAITING.includes(devis.status) && devis.validUntil >= today)
    .filter((devis) => devis.validUntil <= inAWeek)
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.number.localeCompare(b.number))
    .map(({ number, validUntil }) => ({ number, validUntil }));
}

/**
 * The figures of every month that received a request, newest month first. `closures` and `hours`, the
 * company's as published (the route reads them), make the working days of the delays.
 */
export function figuresOf(
  requests: readonly FigureRequest[],
  changes: readonly StatusChange[],
  now: Date,
  closures: readonly Closure[] = companyClosures,
  hours: readonly OpeningRule[] = site.openingHours,
): MonthFigures[] {
  const quotedByHistory = new Set(
    changes.filter((change) => change.status === 'devis_envoye').map((change) => change.requestId),
  );
  const byMonth = new Map<string, FigureRequest[]>();
  for (const request of requests) {
    if (request.spam || request.status === 'indesirable') continue;
    const month = isoDay(new Date(request.createdAt)).slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), request]);
  }
  const quoted = (request: FigureRequest) =>
    QUOTED.includes(request.status) || quotedByHistory.has(request.id) || request.devis !== undefined;
  return [...byMonth]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, list]) => {
      const devis = list.flatMap((request) => (request.devis ? [{ request, devis: request.devis }] : []));
      const answered = devis.filter(({ devis: one }) => one.answeredAt !== null);
      const calledBack = list.filter((request) => request.calledBackAt !== null);
      const due = list.filter(
        (request) =>
          request.calledBackAt !== null ||
          (request.deadlineAt !== null && Date.parse(request.deadlineAt) <= now.getTime()),
      );
      const onTime = calledBack.filter(
        (request) =>
          request.deadlineAt !== null && Date.parse(String(request.calledBackAt)) <= Date.parse(request.deadlineAt),
      );
      return {
        month,
        received: list.length,
        byService: countBy(list, (request) => request.serviceType, serviceTypeOptions, quoted),
        byTown: countBy(list, (request) => request.location, locationOptions, quoted),
        due: due.length,
        onTime: onTime.length,
        onTimeShare: due.length === 0 ? null : onTime.length / due.length,
        medianCallBackMinutes: median(
          calledBack.map(
            (request) => (Date.parse(String(request.calledBackAt)) - Date.parse(request.createdAt)) / 60_000,
          ),
        ),
        quotesSent: list.filter(quoted).length,
        opened: devis.filter(({ devis: one }) => one.openedAt !== null).length,
        accepted: list.filter((request) => request.status === 'acceptee').length,
        refused: list.filter((request) => request.status === 'refusee').length,
        withdrawn: devis.filter(({ devis: one }) => FIGURE_OF[one.status] === 'withdrawn').length,
        acceptedHtCents: devis
          .filter(({ devis: one }) => FIGURE_OF[one.status] === 'accepted')
          .reduce((sum, { devis: one }) => sum + one.htCents, 0),
        medianDaysToDevis: median(
          devis.map(({ request, devis: one }) =>
            workingDaysBetween(new Date(request.createdAt), new Date(one.sentAt), closures, hours),
          ),
        ),
        medianDaysToAnswer: median(
          answered.map(({ devis: one }) =>
            workingDaysBetween(new Date(one.sentAt), new Date(String(one.answeredAt)), closures, hours),
          ),
        ),
        refusalReasons: devis
          .filter(({ devis: one }) => FIGURE_OF[one.status] === 'refused' && one.refusalReason)
          .sort((a, b) => String(a.devis.answeredAt).localeCompare(String(b.devis.answeredAt)))
          .map(({ devis: one }) => String(one.refusalReason)),
      };
    });
}
