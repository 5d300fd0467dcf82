import { type Db } from './db';
import { toRequest, type StoredRequest } from './request-queries';
import { ACCEPTED_STATUS, isStatus, statusOf, type Status } from '../requests/statuses';

/**
 * What the inbox's pages read from the store. Pages receive these values and render them: no component
 * queries. The changes a page makes are in request-actions.ts.
 */

// The list's query is store/inbox-list.ts (listRequestsForInbox), the one the benchmark measures.

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
  return {
    ...toRequest(row),
    emailKey: String(row.email_key),
    status: statusOf(row.status),
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

/** How many of one person's requests are « Acceptée »: a contract the company keeps, which the inbox never erases. */
export async function acceptedByEmailKey(db: Db, emailKey: string): Promise<number> {
  const result = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM requests WHERE email_key = ? AND status = ?',
    args: [emailKey, ACCEPTED_STATUS],
  });
  return Number(result.rows[0]?.n ?? 0);
}

/** How many requests the full export holds (spam aside). */
export async function countRequests(db: Db): Promise<number> {
  const result = await db.execute('SELECT COUNT(*) AS n FROM requests WHERE spam = 0');
  return Number(result.rows[0]?.n ?? 0);
}
