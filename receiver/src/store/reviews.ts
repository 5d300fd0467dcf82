import type { InStatement } from '@libsql/client';
import { parseFrozenDevis, type FrozenDevis } from '../requests/devis/draft';
import type { DevisStatus } from '../requests/devis/statuses';
import type { Db } from './db';
import { sha256Hex } from './devis-queries';

/**
 * The clients' reviews (migration 24; docs/avis.md): the one request for a review per devis, the mailboxes
 * that want no more of them, and the review a client writes, changes or deletes with the request's link.
 * The request's link is stored as its SHA-256 only; its secret lives in the mail's outbox row until the mail
 * has left (migration 13's trigger forgets it).
 */

export type ReviewStatus = 'waiting' | 'published' | 'refused';

/** An accepted devis whose works are recorded done and that has had no request yet. */
export type ReviewCandidate = {
  devisId: number;
  /** The accepted version (the request's mail is about it). */
  versionId: number;
  version: number;
  number: string;
  requestReference: string;
  workCompletedDay: string;
  clientEmail: string;
};

export async function reviewRequestCandidates(db: Db): Promise<ReviewCandidate[]> {
  const result = await db.execute(
    `SELECT d.id AS devis_id, v.id AS version_id, v.version, d.number, r.reference, e.detail AS day, v.content
     FROM devis d
       JOIN devis_events e ON e.devis_id = d.id AND e.kind = 'work_completed'
       JOIN devis_versions v ON v.devis_id = d.id AND v.version = e.version
       JOIN requests r ON r.id = d.request_id
     WHERE d.status = 'accepte' AND r.spam = 0
       AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.devis_id = d.id)`,
  );
  return result.rows.map((row) => ({
    devisId: Number(row.devis_id),
    versionId: Number(row.version_id),
    version: Number(row.version),
    number: String(row.number),
    requestReference: String(row.reference),
    workCompletedDay: String(row.day),
    clientEmail: parseFrozenDevis(String(row.content)).client.email,
  }));
}

/**
 * Writes the request and its mail in one transaction, once per devis (review_requests' PRIMARY KEY, and the
 * outbox's UNIQUE (devis_version_id, kind)): only while the devis is still accepted and the client's mailbox
 * has not opted out. True when this call wrote them.
 */
export async function queueReviewRequest(
  db: Db,
  candidate: ReviewCandidate,
  request: { secret: string; mailboxKey: string; lastDay: string; messageId: string },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const linkHash = sha256Hex(request.secret);
  const statements: InStatement[] = [
    {
      sql: `INSERT OR IGNORE INTO review_requests (devis_id, link_hash, work_completed_day, last_day, queued_at)
            SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM devis WHERE id = ? AND status = 'accepte')
              AND NOT EXISTS (SELECT 1 FROM review_opt_outs WHERE mailbox_key = ?)`,
      args: [
        candidate.devisId,
        linkHash,
        candidate.workCompletedDay,
        request.lastDay,
        at,
        candidate.devisId,
        request.mailboxKey,
      ],
    },
    {
      // next_attempt_at is the wall clock's now, as for the other devis mails: the worker schedules on it.
      sql: `INSERT OR IGNORE INTO outbox (devis_version_id, kind, message_id, link_secret, next_attempt_at, queued_at)
            SELECT ?, 'review_request', ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM review_requests WHERE link_hash = ?)`,
      args: [candidate.versionId, request.messageId, request.secret, Date.now(), at, linkHash],
    },
  ];
  const results = await db.batch(statements, 'write');
  return results[0]?.rowsAffected === 1;
}

/** Whether a mailbox (email.ts mailboxKey) asked for no more review requests. */
export async function optedOut(db: Db, mailboxKey: string): Promise<boolean> {
  const result = await db.execute({
    sql: 'SELECT 1 FROM review_opt_outs WHERE mailbox_key = ?',
    args: [mailboxKey],
  });
  return result.rows.length > 0;
}

/** « Ne plus recevoir ce type de message »: the mailbox gets no more review requests (idempotent). */
export async function optOut(db: Db, mailboxKey: string, now: Date): Promise<void> {
  await db.execute({
    sql: 'INSERT OR IGNORE INTO review_opt_outs (mailbox_key, at) VALUES (?, ?)',
    args: [mailboxKey, now.toISOString()],
  });
}

/** What the request's mail reads of its devis when its turn comes. */
export type RequestedReview = {
  content: FrozenDevis;
  status: DevisStatus;
  workCompletedDay: string;
};

export async function requestedReviewOf(db: Db, versionId: number): Promise<RequestedReview | undefined> {
  const result = await db.execute({
    sql: `SELECT v.content, d.status, q.work_completed_day FROM devis_versions v
            JOIN devis d ON d.id = v.devis_id JOIN review_requests q ON q.devis_id = d.id
          WHERE v.id = ?`,
    args: [versionId],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    content: parseFrozenDevis(String(row.content)),
    status: String(row.status) as DevisStatus,
    workCompletedDay: String(row.work_completed_day),
  };
}

export type StoredReview = {
  rating: number;
  text: string;
  name: string;
  status: ReviewStatus;
  receivedAt: string;
  updatedAt: string;
};

/** A row of `reviews` as the client wrote it (with its status and dates). */
export function storedReviewOf(row: Record<string, unknown>): StoredReview {
  return {
    rating: Number(row.rating),
    text: String(row.text),
    name: String(row.name),
    status: String(row.status) as ReviewStatus,
    receivedAt: String(row.received_at),
    updatedAt: String(row.updated_at),
  };
}

/** What a review link opens: its devis (the accepted version), the link's last day, the review if any. */
export type ReviewLink = {
  devisId: number;
  content: FrozenDevis;
  workCompletedDay: string;
  lastDay: string;
  review: StoredReview | undefined;
};

export async function findReviewLink(db: Db, secret: string): Promise<ReviewLink | undefined> {
  const result = await db.execute({
    sql: `SELECT q.devis_id, q.work_completed_day, q.last_day, v.content,
            w.rating, w.text, w.name, w.status, w.received_at, w.updated_at
          FROM review_requests q
            JOIN devis_events e ON e.devis_id = q.devis_id AND e.kind = 'work_completed'
            JOIN devis_versions v ON v.devis_id = q.devis_id AND v.version = e.version
            LEFT JOIN reviews w ON w.devis_id = q.devis_id
          WHERE q.link_hash = ?`,
    args: [sha256Hex(secret)],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    devisId: Number(row.devis_id),
    content: parseFrozenDevis(String(row.content)),
    workCompletedDay: String(row.work_completed_day),
    lastDay: String(row.last_day),
    review: row.rating === null ? undefined : storedReviewOf(row),
  };
}

/**
 * Stores the client's review of the devis, or replaces it: one a devis (UNIQUE devis_id); a changed review
 * goes back to « waiting », to be read again. Only while the link works on `today` (its last day, Paris).
 */
export async function saveReview(
  db: Db,
  devisId: number,
  review: { rating: number; text: string; name: string },
  now: Date,
  today: string,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db.execute({
    sql: `INSERT INTO reviews (devis_id, rating, text, name, status, received_at, updated_at)
          SELECT ?, ?, ?, ?, 'waiting', ?, ? WHERE EXISTS
            (SELECT 1 FROM review_requests WHERE devis_id = ? AND last_day >= ?)
          ON CONFLICT (devis_id) DO UPDATE SET rating = excluded.rating, text = excluded.text,
            name = excluded.name, status = 'waiting', updated_at = excluded.updated_at`,
    args: [devisId, review.rating, review.text, review.name, at, at, devisId, today],
  });
  return result.rowsAffected === 1;
}

/** The client deletes their review: gone from the store. */
export async function deleteReview(db: Db, devisId: number, today: string): Promise<boolean> {
  const result = await db.execute({
    sql: `DELETE FROM reviews WHERE devis_id = ?
            AND EXISTS (SELECT 1 FROM review_requests WHERE devis_id = ? AND last_day >= ?)`,
    args: [devisId, devisId, today],
  });
  return result.rowsAffected === 1;
}

/** The reviews of a request's devis, as stored (the right of access: inbox/access-report.ts). */
export async function reviewsOfRequest(db: Db, requestId: number): Promise<(StoredReview & { answer?: string })[]> {
  const result = await db.execute({
    sql: `SELECT w.* FROM reviews w JOIN devis d ON d.id = w.devis_id WHERE d.request_id = ? ORDER BY w.id`,
    args: [requestId],
  });
  return result.rows.map((row) => ({
    ...storedReviewOf(row),
    ...(row.answer === null ? {} : { answer: String(row.answer) }),
  }));
}

/** When a mailbox asked for no more review requests, if it did. */
export async function optedOutAt(db: Db, mailboxKey: string): Promise<string | undefined> {
  const result = await db.execute({ sql: 'SELECT at FROM review_opt_outs WHERE mailbox_key = ?', args: [mailboxKey] });
  const at = result.rows[0]?.at;
  return at === undefined || at === null ? undefined : String(at);
}
