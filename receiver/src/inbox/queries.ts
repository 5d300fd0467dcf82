import type { Row } from '@libsql/client';
import { toRequest, type Db, type StoredRequest } from '../store/db';
import { CLOSED_STATUSES, isStatus, type Status } from './statuses';

/**
 * What the inbox's pages read from the store. Pages receive these values and render them: no component
 * queries. The changes a page makes are in actions.ts.
 */

export const PAGE_SIZE = 50;

export type ListFilter = {
  /** The spam folder (requests.spam = 1: the honeypot or the limits caught them) or the inbox. */
  spam: boolean;
  status?: Status;
  service?: string;
  town?: string;
  /** A name, an e-mail address, a phone number or a reference, or part of one. */
  search?: string;
  /** From 1. */
  page: number;
};

export type ListRow = {
  reference: string;
  firstName: string;
  lastName: string;
  location: string;
  serviceType: string;
  createdAt: string;
  deadlineAt: string | undefined;
  status: Status;
  /** Still « Nouvelle » after its deadline: the promise is broken. */
  late: boolean;
};

export type ListPage = { rows: ListRow[]; total: number; page: number; pageCount: number };

const CLOSED_SQL = CLOSED_STATUSES.map((status) => `'${status}'`).join(', ');

/** `%part%` for LIKE, the wildcards in the part taken literally. */
function contains(part: string): string {
  return `%${part.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filter: ListFilter): { sql: string; args: (string | number)[] } {
  const clauses = ['r.spam = ?'];
  const args: (string | number)[] = [filter.spam ? 1 : 0];
  if (filter.status) {
    clauses.push('r.status = ?');
    args.push(filter.status);
  }
  if (filter.service) {
    clauses.push('r.service_type = ?');
    args.push(filter.service);
  }
  if (filter.town) {
    clauses.push('r.location = ?');
    args.push(filter.town);
  }
  const search = filter.search?.trim();
  if (search) {
    const like = contains(search);
    const terms = [
      "r.first_name || ' ' || r.last_name LIKE ? ESCAPE '\\'",
      "r.last_name || ' ' || r.first_name LIKE ? ESCAPE '\\'",
      "r.email LIKE ? ESCAPE '\\'",
      "r.reference LIKE ? ESCAPE '\\'",
    ];
    args.push(like, like, like, like);
    // A phone number is found whatever its spacing: « 06 12 34 56 78 », « 0612345678 », « +33 6 12… ».
    const digits = search.replace(/[^\d]/g, '');
    if (digits.length >= 4) {
      terms.push(
        "REPLACE(REPLACE(REPLACE(REPLACE(r.phone, ' ', ''), '.', ''), '-', ''), '\u00a0', '') LIKE ? ESCAPE '\\'",
      );
      args.push(contains(digits));
    }
    clauses.push(`(${terms.join(' OR ')})`);
  }
  return { sql: clauses.join(' AND '), args };
}

function toListRow(row: Row): ListRow {
  const status = String(row.status);
  return {
    reference: String(row.reference),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    location: String(row.location),
    serviceType: String(row.service_type),
    createdAt: String(row.created_at),
    deadlineAt: row.deadline_at === null ? undefined : String(row.deadline_at),
    status: isStatus(status) ? status : 'nouvelle',
    late: Number(row.late) === 1,
  };
}

/**
 * One page of the list: late requests first (oldest deadline first), then the other open ones by
 * deadline, then the closed ones, newest first.
 */
export async function listPage(db: Db, filter: ListFilter, now: Date): Promise<ListPage> {
  const where = whereOf(filter);
  const page = Math.max(1, Math.trunc(filter.page));
  const [counted, listed] = await db.batch([
    { sql: `SELECT COUNT(*) AS total FROM requests r WHERE ${where.sql}`, args: where.args },
    {
      sql: `SELECT r.reference, r.first_name, r.last_name, r.location, r.service_type, r.created_at, r.deadline_at,
                   r.status, (r.status = 'nouvelle' AND r.deadline_at IS NOT NULL AND r.deadline_at <= ?) AS late,
                   (r.status IN (${CLOSED_SQL})) AS closed
            FROM requests r WHERE ${where.sql}
            ORDER BY late DESC, closed ASC,
                     CASE WHEN closed THEN NULL ELSE r.deadline_at END ASC NULLS LAST,
                     r.created_at DESC, r.id DESC
            LIMIT ? OFFSET ?`,
      args: [now.toISOString(), ...where.args, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    },
  ]);
  const total = Number(counted?.rows[0]?.total ?? 0);
  return {
    rows: (listed?.rows ?? []).map(toListRow),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

export type MemberRef = { id: number; name: string };

export type RequestDetail = StoredRequest & {
  emailKey: string;
  status: Status;
  statusReason: string | undefined;
  deadlineAt: string | undefined;
  assignee: MemberRef | undefined;
  calledBackAt: string | undefined;
  calledBackBy: string | undefined;
};

export type RequestEvent = {
  at: string;
  /** The member who did it; undefined for the receiver itself (a reminder) or a member since removed. */
  who: string | undefined;
  kind: 'status' | 'note' | 'assign' | 'not_spam' | 'reminder';
  status: Status | undefined;
  detail: string | undefined;
};

function optional(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

/** A request by its reference, with what the inbox adds to it; undefined when no request has it. */
export async function requestByReference(db: Db, reference: string): Promise<RequestDetail | undefined> {
  const result = await db.execute({
    sql: `SELECT r.*, a.name AS assignee_name, c.name AS called_back_name
          FROM requests r
          LEFT JOIN users a ON a.id = r.assignee_id
          LEFT JOIN users c ON c.id = r.called_back_by
          WHERE r.reference = ?`,
    args: [reference],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  const status = String(row.status);
  return {
    ...toRequest(row),
    emailKey: String(row.email_key),
    status: isStatus(status) ? status : 'nouvelle',
    statusReason: optional(row.status_reason),
    deadlineAt: optional(row.deadline_at),
    assignee: row.assignee_id === null ? undefined : { id: Number(row.assignee_id), name: String(row.assignee_name) },
    calledBackAt: optional(row.called_back_at),
    calledBackBy: optional(row.called_back_name),
  };
}

/** A request's history, oldest first. */
export async function eventsOf(db: Db, requestId: number): Promise<RequestEvent[]> {
  const result = await db.execute({
    sql: `SELECT e.at, e.kind, e.status, e.detail, u.name FROM request_events e
          LEFT JOIN users u ON u.id = e.user_id WHERE e.request_id = ? ORDER BY e.at, e.id`,
    args: [requestId],
  });
  return result.rows.map((row) => {
    const status = optional(row.status);
    return {
      at: String(row.at),
      who: optional(row.name),
      kind: String(row.kind) as RequestEvent['kind'],
      status: isStatus(status) ? status : undefined,
      detail: optional(row.detail),
    };
  });
}

/** The members a request can be assigned to (not disabled), by name. */
export async function activeMembers(db: Db): Promise<MemberRef[]> {
  const result = await db.execute('SELECT id, name FROM users WHERE disabled_at IS NULL ORDER BY name, id');
  return result.rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
}

/** How many requests one person (one e-mail address) has: the erasure takes them all. */
export async function countByEmailKey(db: Db, emailKey: string): Promise<number> {
  const result = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM requests WHERE email_key = ?', args: [emailKey] });
  return Number(result.rows[0]?.n ?? 0);
}
