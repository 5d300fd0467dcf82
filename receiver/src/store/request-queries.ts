import type { InStatement, Row } from '@libsql/client';
import { mailboxKey } from '../email';
import type { QuoteRequest } from '../facts';
import type { QueuedMail } from '../requests/mail-kinds';
import { ACCEPTED_STATUS } from '../requests/statuses';
import type { Db } from './db';

/**
 * The store's queries on requests and their outbox rows: a request stored with the mails it was given, found
 * again by its id, listed, erased. Which mails a request gets is the rules' choice (requests/mail-kinds.ts).
 */

export type StoredRequest = QuoteRequest & {
  id: number;
  reference: string;
  createdAt: string;
  spam: boolean;
  file: { name: string; path: string; size: number; type: string; sha256: string } | undefined;
};

export function toRequest(row: Row): StoredRequest {
  const filePath = row.file_path as string | null;
  return {
    id: Number(row.id),
    reference: String(row.reference),
    requestId: String(row.request_id),
    createdAt: String(row.created_at),
    spam: Number(row.spam) === 1,
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    serviceType: String(row.service_type),
    location: String(row.location),
    description: String(row.description),
    file:
      filePath === null
        ? undefined
        : {
            name: String(row.file_name),
            path: filePath,
            size: Number(row.file_size),
            type: String(row.file_type),
            sha256: String(row.file_sha256),
          },
  };
}

export type NewRequest = Omit<StoredRequest, 'id'> & {
  emailKey: string;
  /** The call-back deadline (requests/deadline.ts), ISO UTC; with it, the request gets its reminders. */
  deadlineAt?: string;
  /** A hash of the checked fields and the file (contentHash()): a replayed id must carry the same. */
  contentSha256: string | null;
};

/** What a request id holds: its reference, its content hash, and whether its visitor gets a confirmation. */
export type KnownRequest = { reference: string; contentSha256: string | null; confirmation: boolean };

export type InsertResult = KnownRequest & { created: boolean };

const KNOWN_REQUEST_SQL = `SELECT r.reference, r.content_sha256,
    EXISTS (SELECT 1 FROM outbox o WHERE o.request_id = r.id AND o.kind = 'visitor' AND o.status != 'failed') AS confirmation
  FROM requests r WHERE r.request_id = ?`;

function toKnown(row: Row | undefined): KnownRequest | undefined {
  if (!row) return undefined;
  return {
    reference: String(row.reference),
    contentSha256: row.content_sha256 === null ? null : String(row.content_sha256),
    confirmation: Number(row.confirmation) === 1,
  };
}

/**
 * Stores a request and the outbox rows the rules chose for it (requests/mail-kinds.ts mailsOf), in one
 * transaction. A row with a cap is written only while fewer than `cap.count` mails of its kind went to
 * `cap.mailboxKey` since `cap.since`, counted inside the transaction, so concurrent requests cannot pass the
 * limit together. A request id already known stores nothing and returns the first request: the statements
 * are written so that a duplicate (even one racing this call) changes no row, and the final SELECT says
 * which request holds the id.
 */
export async function insertRequest(
  db: Db,
  request: NewRequest,
  mails: readonly QueuedMail[],
  now: number,
): Promise<InsertResult> {
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO requests (reference, request_id, created_at, spam, first_name, last_name, email, email_key, phone,
              service_type, location, description, file_name, file_path, file_size, file_type, file_sha256, content_sha256,
              deadline_at, reminders, mailbox_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (request_id) DO NOTHING`,
      args: [
        request.reference,
        request.requestId,
        request.createdAt,
        request.spam ? 1 : 0,
        request.firstName,
        request.lastName,
        request.email,
        request.emailKey,
        request.phone,
        request.serviceType,
        request.location,
        request.description,
        request.file?.name ?? null,
        request.file?.path ?? null,
        request.file?.size ?? null,
        request.file?.type ?? null,
        request.file?.sha256 ?? null,
        request.contentSha256,
        request.deadlineAt ?? null,
        request.deadlineAt ? 1 : 0,
        mailboxKey(request.email),
      ],
    },
  ];
  statements.push(...outboxStatements({ table: 'requests', column: 'request_id' }, request.reference, mails, now));
  statements.push({ sql: KNOWN_REQUEST_SQL, args: [request.requestId] });
  const results = await db.batch(statements, 'write');
  const known = toKnown(results.at(-1)?.rows[0]);
  if (!known) throw new Error('the request just stored is not found');
  return { ...known, created: known.reference === request.reference };
}

export async function findByRequestId(db: Db, requestId: string): Promise<KnownRequest | undefined> {
  const result = await db.execute({ sql: KNOWN_REQUEST_SQL, args: [requestId] });
  return toKnown(result.rows[0]);
}

/** Every stored file path, to tell committed files from orphans. */
export async function referencedFiles(db: Db): Promise<Set<string>> {
  const result = await db.execute('SELECT file_path FROM requests WHERE file_path IS NOT NULL');
  return new Set(result.rows.map((row) => String(row.file_path)));
}

/** Requests of one e-mail address (erasure, access), oldest first. */
export async function requestsByEmail(db: Db, emailKey: string): Promise<StoredRequest[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM requests WHERE email_key = ? ORDER BY created_at, id',
    args: [emailKey],
  });
  return result.rows.map(toRequest);
}

/** The rows erased with their outbox rows, and the outbox's column that names each. */
const ERASED_WITH_THEIR_MAILS = { requests: 'request_id', terminations: 'termination_id' } as const;

/**
 * Deletes rows of `table` and their outbox rows in one transaction (their history goes with them, ON DELETE
 * CASCADE); their references leave the audit trail, whose rows stay without one.
 */
export async function deleteWithTheirMails(
  db: Db,
  table: keyof typeof ERASED_WITH_THEIR_MAILS,
  ids: number[],
): Promise<void> {
  if (ids.length === 0) return;
  const statements: InStatement[] = [];
  for (const id of ids) {
    statements.push({
      sql: `UPDATE audit SET reference = NULL WHERE reference = (SELECT reference FROM ${table} WHERE id = ?)`,
      args: [id],
    });
    statements.push({ sql: `DELETE FROM outbox WHERE ${ERASED_WITH_THEIR_MAILS[table]} = ?`, args: [id] });
    statements.push({ sql: `DELETE FROM ${table} WHERE id = ?`, args: [id] });
  }
  await db.batch(statements, 'write');
}

/** Deletes requests with their outbox rows (deleteWithTheirMails). */
export function deleteRequests(db: Db, ids: number[]): Promise<void> {
  return deleteWithTheirMails(db, 'requests', ids);
}

/** The status of a request's two mails (no visitor row: no confirmation), and why a failed one failed. */
export type Mails = { company?: string; visitor?: string; companyError?: string; visitorError?: string };

/** Requests with the status of their two mails, newest first (list and export tools). */
export async function listRequests(
  db: Db,
  options: { spam?: boolean; limit?: number } = {},
): Promise<(StoredRequest & { mails: Mails })[]> {
  const result = await db.execute({
    sql: `SELECT r.*,
            (SELECT status FROM outbox WHERE request_id = r.id AND kind = 'company') AS company_mail,
            (SELECT status FROM outbox WHERE request_id = r.id AND kind = 'visitor') AS visitor_mail,
            (SELECT last_error FROM outbox WHERE request_id = r.id AND kind = 'company' AND status = 'failed') AS company_error,
            (SELECT last_error FROM outbox WHERE request_id = r.id AND kind = 'visitor' AND status = 'failed') AS visitor_error
          FROM requests r WHERE r.spam = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
    args: [options.spam ? 1 : 0, options.limit ?? -1],
  });
  return result.rows.map((row) => ({
    ...toRequest(row),
    mails: {
      company: row.company_mail === null ? undefined : String(row.company_mail),
      visitor: row.visitor_mail === null ? undefined : String(row.visitor_mail),
      companyError: row.company_error === null ? undefined : String(row.company_error),
      visitorError: row.visitor_error === null ? undefined : String(row.visitor_error),
    },
  }));
}

/** The outbox rows of some requests (the erasure tool lists them). */
export async function outboxOf(
  db: Db,
  requestIds: number[],
): Promise<{ requestId: number; kind: string; status: string; messageId: string }[]> {
  if (requestIds.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT request_id, kind, status, message_id FROM outbox WHERE request_id IN (${requestIds.map(() => '?').join(',')}) ORDER BY id`,
    args: requestIds,
  });
  return result.rows.map((row) => ({
    requestId: Number(row.request_id),
    kind: String(row.kind),
    status: String(row.status),
    messageId: String(row.message_id),
  }));
}

/** Which of these requests are « Acceptée » (a contract the company keeps: the erasure tool says so). */
export async function acceptedIds(db: Db, requestIds: number[]): Promise<Set<number>> {
  if (requestIds.length === 0) return new Set();
  const result = await db.execute({
    sql: `SELECT id FROM requests WHERE status = ? AND id IN (${requestIds.map(() => '?').join(',')})`,
    args: [ACCEPTED_STATUS, ...requestIds],
  });
  return new Set(result.rows.map((row) => Number(row.id)));
}

/**
 * The outbox rows the rules chose for a row just inserted in the same batch (a request, a termination),
 * found by its reference: a duplicate row inserted nothing, so its mails insert nothing either. A capped
 * mail goes only while fewer such mails went to that mailbox since then (counted in the same transaction).
 */
export function outboxStatements(
  subject: { table: 'requests' | 'terminations'; column: 'request_id' | 'termination_id' },
  reference: string,
  mails: readonly QueuedMail[],
  now: number,
): InStatement[] {
  const { table, column } = subject;
  return mails.map((mail) => {
    const insert = `INSERT INTO outbox (${column}, kind, message_id, next_attempt_at)
            SELECT id, ?, ?, ? FROM ${table} WHERE reference = ?`;
    const args = [mail.kind, mail.messageId, now, reference];
    if (!mail.cap) return { sql: insert, args };
    return {
      sql: `${insert}
              AND (SELECT COUNT(*) FROM outbox o JOIN ${table} s ON s.id = o.${column}
                   WHERE o.kind = ? AND s.mailbox_key = ? AND s.created_at > ?) < ?`,
      args: [...args, mail.kind, mail.cap.mailboxKey, mail.cap.since, mail.cap.count],
    };
  });
}

/** A request's reference by its id ('' when no request has it). */
export async function referenceOfRequest(db: Db, requestId: number): Promise<string> {
  const result = await db.execute({ sql: 'SELECT reference FROM requests WHERE id = ?', args: [requestId] });
  return String(result.rows[0]?.reference ?? '');
}
