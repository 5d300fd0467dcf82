import type { Row } from '@libsql/client';
import { type Db } from './db';
import { PHONE_DIGITS_SQL } from './migrations';
import { lateSql, openSql } from '../requests/open-late';
import { statusOf, type Status } from '../requests/statuses';

/**
 * The inbox's list as one query, measured by receiver/bench/inbox-list.ts (10,000 requests in the store):
 * open requests first, the late ones (still « Nouvelle » past their deadline) at the top, oldest deadline
 * first, then the other open ones by deadline, then the closed ones, newest first; filters by status,
 * service and town; a search by name, e-mail, phone or reference; pages of INBOX_PAGE_SIZE. The order is
 * computed from `now` in the query (nothing stored goes stale). Migration 4's requests_inbox index covers the
 * columns the list reads, filters and searches: a query scans it, not the requests and their descriptions.
 */

export const INBOX_PAGE_SIZE = 50;

export type InboxListFilter = {
  /** The spam folder (requests.spam = 1) or the inbox. */
  spam: boolean;
  status?: Status;
  service?: string;
  town?: string;
  /** A name, an e-mail address, a phone number or a reference, or part of one. */
  search?: string;
  /** From 1. */
  page: number;
};

export type InboxListRow = {
  reference: string;
  firstName: string;
  lastName: string;
  location: string;
  serviceType: string;
  createdAt: string;
  deadlineAt: string | undefined;
  status: Status;
  /** Still « Nouvelle » at or after its deadline: the promise is broken. */
  late: boolean;
};

export type InboxList = { rows: InboxListRow[]; total: number; page: number; pageCount: number };

/** `%part%` for LIKE, its wildcards taken literally. */
function contains(part: string): string {
  return `%${part.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filter: InboxListFilter): { sql: string; args: (string | number)[] } {
  const clauses = ['spam = ?'];
  const args: (string | number)[] = [filter.spam ? 1 : 0];
  if (filter.status) {
    clauses.push('status = ?');
    args.push(filter.status);
  }
  if (filter.service) {
    clauses.push('service_type = ?');
    args.push(filter.service);
  }
  if (filter.town) {
    clauses.push('location = ?');
    args.push(filter.town);
  }
  const search = filter.search?.trim();
  if (search) {
    const like = contains(search);
    // Within a first or a last name; across both (« Élodie Martin », « Martin Élodie ») only when the
    // search has a space, the only case a part can span them.
    const terms = [
      "first_name LIKE ? ESCAPE '\\'",
      "last_name LIKE ? ESCAPE '\\'",
      "email LIKE ? ESCAPE '\\'",
      "reference LIKE ? ESCAPE '\\'",
    ];
    args.push(like, like, like, like);
    if (/\s/.test(search)) {
      terms.push(
        "first_name || ' ' || last_name LIKE ? ESCAPE '\\'",
        "last_name || ' ' || first_name LIKE ? ESCAPE '\\'",
      );
      args.push(like, like);
    }
    // A phone number is found whatever its spacing (« 06 12 34 56 78 », « 0612345678 », « +33 6 12… »),
    // when the search looks like one: its digits, compared with the digits the index keeps.
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 4 && !/\p{L}/u.test(search)) {
      terms.push(`${PHONE_DIGITS_SQL} LIKE ? ESCAPE '\\'`);
      args.push(contains(digits));
    }
    clauses.push(`(${terms.join(' OR ')})`);
  }
  return { sql: clauses.join(' AND '), args };
}

function toRow(row: Row): InboxListRow {
  return {
    reference: String(row.reference),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    location: String(row.location),
    serviceType: String(row.service_type),
    createdAt: String(row.created_at),
    deadlineAt: row.deadline_at === null ? undefined : String(row.deadline_at),
    status: statusOf(row.status),
    late: Number(row.late) === 1,
  };
}

/** One page of the inbox's list, and how many requests the filter matches. */
export async function listRequestsForInbox(db: Db, filter: InboxListFilter, now: Date): Promise<InboxList> {
  const where = whereOf(filter);
  const page = Math.max(1, Math.trunc(filter.page) || 1);
  const columns = `reference, first_name, last_name, location, service_type, created_at, deadline_at, status,
                   ${lateSql()} AS late, NOT ${openSql()} AS closed`;
  const order = `ORDER BY late DESC, closed ASC, CASE WHEN closed THEN NULL ELSE deadline_at END ASC NULLS LAST,
                 created_at DESC, id DESC LIMIT ? OFFSET ?`;
  const listArgs = [now.toISOString(), ...where.args, INBOX_PAGE_SIZE, (page - 1) * INBOX_PAGE_SIZE];
  const countSql = { sql: `SELECT COUNT(*) AS total FROM requests WHERE ${where.sql}`, args: where.args };
  let rows: Row[];
  let total: number;
  if (filter.search?.trim()) {
    // A search scans the index once, for the page and (COUNT(*) OVER ()) how many match; the count is read
    // apart only for a page past the last.
    const listed = await db.execute({
      sql: `SELECT ${columns}, COUNT(*) OVER () AS total FROM requests WHERE ${where.sql} ${order}`,
      args: listArgs,
    });
    rows = listed.rows;
    total = Number(rows[0]?.total ?? (page > 1 ? (await db.execute(countSql)).rows[0]?.total : 0));
  } else {
    // The count from the index alone, and the page, in one read transaction: both see the same store.
    const [counted, listed] = await db.batch([
      countSql,
      { sql: `SELECT ${columns} FROM requests WHERE ${where.sql} ${order}`, args: listArgs },
    ]);
    rows = listed?.rows ?? [];
    total = Number(counted?.rows[0]?.total ?? 0);
  }
  return {
    rows: rows.map(toRow),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
  };
}
