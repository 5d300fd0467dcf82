import type { InStatement } from '@libsql/client';
import { type Db } from './db';
import { requestsByEmail, type StoredRequest } from './request-queries';
import { eraseRequests } from './purge';
import type { Layout } from './storage';
import { auditStatement, recordAudit } from './audit';
import type { RequestDetail } from './inbox-reads';
import { rescuedMail } from '../requests/mail-kinds';
import { CALLED_BACK_STATUS, STATUSES_WITH_REASON, type Status } from '../requests/statuses';

/**
 * What the inbox's forms change, each with its history row (request_events) and its audit row in the same
 * transaction. The audit rows name the member, the action and the reference, never the visitor's data (a
 * note's text or a reason stays in the history, which is erased with the request).
 */

export const NOTE_MAX_LENGTH = 2000;
export const REASON_MAX_LENGTH = 200;

function event(
  requestId: number,
  userId: number,
  now: Date,
  kind: 'status' | 'note' | 'assign' | 'not_spam',
  status: Status | null,
  detail: string | null,
): InStatement {
  return {
    sql: 'INSERT INTO request_events (request_id, user_id, at, kind, status, detail) VALUES (?, ?, ?, ?, ?, ?)',
    args: [requestId, userId, now.toISOString(), kind, status, detail],
  };
}

/**
 * Moves a request to a status. « Rappelée » records who called back and when, the first time only: that
 * is the moment the call-back promise was kept or broken. A status with a reason (« Sans suite ») keeps it.
 */
export async function setStatus(
  db: Db,
  request: RequestDetail,
  status: Status,
  reason: string | undefined,
  userId: number,
  now: Date,
): Promise<void> {
  const kept = STATUSES_WITH_REASON.includes(status) ? (reason ?? null) : null;
  const at = now.toISOString();
  await db.batch(
    [
      {
        sql: `UPDATE requests SET status = ?, status_reason = ?,
                called_back_at = CASE WHEN ? = '${CALLED_BACK_STATUS}' AND called_back_at IS NULL THEN ? ELSE called_back_at END,
                called_back_by = CASE WHEN ? = '${CALLED_BACK_STATUS}' AND called_back_at IS NULL THEN ? ELSE called_back_by END
              WHERE id = ?`,
        args: [status, kept, status, at, status, userId, request.id],
      },
      event(request.id, userId, now, 'status', status, kept),
      auditStatement({ userId, action: 'status', reference: request.reference, detail: status }, now),
    ],
    'write',
  );
}

export async function addNote(db: Db, request: RequestDetail, text: string, userId: number, now: Date): Promise<void> {
  await db.batch(
    [
      event(request.id, userId, now, 'note', null, text),
      auditStatement({ userId, action: 'note', reference: request.reference }, now),
    ],
    'write',
  );
}

/** Assigns a request to a member (who must exist and not be disabled), or to nobody. */
export async function assign(
  db: Db,
  request: RequestDetail,
  assignee: { id: number; name: string } | undefined,
  userId: number,
  now: Date,
): Promise<void> {
  await db.batch(
    [
      { sql: 'UPDATE requests SET assignee_id = ? WHERE id = ?', args: [assignee?.id ?? null, request.id] },
      event(request.id, userId, now, 'assign', null, assignee?.name ?? null),
      auditStatement({ userId, action: 'assign', reference: request.reference, detail: assignee?.name ?? null }, now),
    ],
    'write',
  );
}

/**
 * « Ce n'est pas un spam »: the request goes back to the inbox and the team's notification it never got is
 * queued in the outbox. The outbox's UNIQUE (request_id, kind) makes a second call change nothing: it
 * returns false and writes no history, so however many clicks, one mail.
 */
export async function notSpam(
  db: Db,
  request: RequestDetail,
  fromEmail: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const mail = rescuedMail(request.reference, fromEmail);
  const results = await db.batch(
    [
      { sql: 'UPDATE requests SET spam = 0 WHERE id = ?', args: [request.id] },
      {
        sql: `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at) VALUES (?, ?, ?, ?)
              ON CONFLICT DO NOTHING`,
        args: [request.id, mail.kind, mail.messageId, now.getTime()],
      },
      // Each INSERT below happens only if the one before it did (changes() counts the previous statement's
      // rows): the history and the audit record the first time only.
      {
        sql: `INSERT INTO request_events (request_id, user_id, at, kind) SELECT ?, ?, ?, 'not_spam' WHERE changes() = 1`,
        args: [request.id, userId, now.toISOString()],
      },
      {
        sql: `INSERT INTO audit (at, user_id, action, reference) SELECT ?, ?, 'not_spam', ? WHERE changes() = 1`,
        args: [now.toISOString(), userId, request.reference],
      },
    ],
    'write',
  );
  return (results[1]?.rowsAffected ?? 0) === 1;
}

/**
 * Erases a person (RGPD): every request of their e-mail address, their files, their pending mails and
 * their .eml copies (store/purge.ts, as receiver:erase does), then one audit row that counts them and
 * names nobody. Returns the erased requests.
 */
export async function erasePerson(
  db: Db,
  dirs: Layout,
  request: RequestDetail,
  userId: number,
  now: Date,
): Promise<StoredRequest[]> {
  const requests = await requestsByEmail(db, request.emailKey);
  await eraseRequests(db, dirs, requests);
  await recordAudit(db, { userId, action: 'erase', detail: String(requests.length) }, now);
  return requests;
}

/** The CSV export is recorded too: who exported how many requests, and when. */
export async function recordExport(db: Db, count: number, userId: number, now: Date): Promise<void> {
  await recordAudit(db, { userId, action: 'export', detail: String(count) }, now);
}
