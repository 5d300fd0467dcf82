import { isoDay, locationOptions, serviceTypeOptions } from '../facts';
import { QUOTED_STATUSES } from '../requests/statuses';

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
 */

/** What the figures read of a request (requests row). */
export type FigureRequest = {
  id: number;
  createdAt: string;
  serviceType: string;
  location: string;
  spam: boolean;
  status: string;
  deadlineAt: string | null;
  calledBackAt: string | null;
};

/** A status change in a request's history (request_events, kind 'status'). */
export type StatusChange = { requestId: number; status: string };

export type Count = { value: string; label: string; count: number };

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
  accepted: number;
  refused: number;
};

const QUOTED: readonly string[] = QUOTED_STATUSES;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Counts by value, most frequent first (then in the form's order), labelled as the form names them. */
function countBy(values: string[], options: readonly { value: string; label: string }[]): Count[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const order = (value: string) => {
    const index = options.findIndex((option) => option.value === value);
    return index === -1 ? options.length : index;
  };
  return [...counts]
    .map(([value, count]) => ({
      value,
      label: options.find((option) => option.value === value)?.label ?? value,
      count,
    }))
    .sort((a, b) => b.count - a.count || order(a.value) - order(b.value) || a.value.localeCompare(b.value));
}

/** The figures of every month that received a request, newest month first. */
export function figuresOf(
  requests: readonly FigureRequest[],
  changes: readonly StatusChange[],
  now: Date,
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
  return [...byMonth]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, list]) => {
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
        byService: countBy(
          list.map((request) => request.serviceType),
          serviceTypeOptions,
        ),
        byTown: countBy(
          list.map((request) => request.location),
          locationOptions,
        ),
        due: due.length,
        onTime: onTime.length,
        onTimeShare: due.length === 0 ? null : onTime.length / due.length,
        medianCallBackMinutes: median(
          calledBack.map(
            (request) => (Date.parse(String(request.calledBackAt)) - Date.parse(request.createdAt)) / 60_000,
          ),
        ),
        quotesSent: list.filter((request) => QUOTED.includes(request.status) || quotedByHistory.has(request.id)).length,
        accepted: list.filter((request) => request.status === 'acceptee').length,
        refused: list.filter((request) => request.status === 'refusee').length,
      };
    });
}
