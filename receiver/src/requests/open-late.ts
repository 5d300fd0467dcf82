import { CLOSED_STATUSES, NEW_STATUS, type Status } from './statuses';

/**
 * « Open » and « late », the two questions every part of the receiver asks about a request, each written
 * once in TypeScript and once in SQL, side by side: the inbox's list and the digest sort and filter in SQL,
 * the pages and the mails decide in TypeScript. receiver/test/requests-rules.test.ts runs both on every
 * status and around the deadline, and fails if they ever disagree.
 *
 * - Open: nothing is settled yet, the team still owes the visitor something (any status but the closed ones).
 * - Late: still « Nouvelle » at or after its call-back deadline, the promise is broken.
 *
 * The SQL reads the columns of requests (`status`, `deadline_at`, an ISO UTC string); `table` prefixes them
 * for a query that joins (`r` gives `r.status`). lateSql() takes one argument, `now` as an ISO string.
 */

/** What both questions read of a request. */
export type StatusAndDeadline = { status: string; deadlineAt: string | null | undefined };

export function isOpen(status: string): boolean {
  return !CLOSED_STATUSES.includes(status as Status);
}

export function openSql(table?: string): string {
  const column = table ? `${table}.status` : 'status';
  return `(${column} NOT IN (${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')}))`;
}

export function isLate(request: StatusAndDeadline, now: Date): boolean {
  return (
    request.status === NEW_STATUS &&
    request.deadlineAt !== null &&
    request.deadlineAt !== undefined &&
    Date.parse(request.deadlineAt) <= now.getTime()
  );
}

/** One `?`: now, as `Date.prototype.toISOString()` writes it (the deadlines are stored the same way). */
export function lateSql(table?: string): string {
  const prefix = table ? `${table}.` : '';
  return `(${prefix}status = '${NEW_STATUS}' AND ${prefix}deadline_at <= ?)`;
}
