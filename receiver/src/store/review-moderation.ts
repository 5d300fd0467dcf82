import type { InStatement } from '@libsql/client';
import { addYears, isoDay, reviewRules, type RefusalReasonId } from '../facts';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import { auditStatement } from './audit';
import type { Db } from './db';
import { storedReviewOf, type StoredReview } from './reviews';

/**
 * What the team does with the clients' reviews (« Avis » in the inbox, migration 24; docs/avis.md): publish,
 * refuse with one of the rules' reasons (the reviewer mailed it, review_refused), answer publicly; each with
 * its audit row, in one transaction. The client's words are never written here. Whether the site must be
 * published again is the store's to say (review_site, raised by the triggers of migration 24): a change made
 * while another publication runs waits for the next one, never lost (publish/reviews.ts).
 */

/** The audit actions of the reviews. */
export const REVIEW_AUDIT_ACTIONS = {
  published: 'review_published',
  refused: 'review_refused',
  answered: 'review_answered',
  erased: 'review_erased',
} as const;

/** A review as the inbox lists it. */
export type InboxReview = StoredReview & {
  id: number;
  devisId: number;
  devisNumber: string;
  requestReference: string;
  workCompletedDay: string;
  publishedAt: string | undefined;
  refusalReason: RefusalReasonId | undefined;
  answer: { text: string; at: string } | undefined;
};

const optional = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

const SELECT = `SELECT w.*, d.number, r.reference, q.work_completed_day FROM reviews w
  JOIN devis d ON d.id = w.devis_id JOIN requests r ON r.id = d.request_id
  JOIN review_requests q ON q.devis_id = w.devis_id`;

function toReview(row: Record<string, unknown>): InboxReview {
  const answer = optional(row.answer);
  return {
    id: Number(row.id),
    devisId: Number(row.devis_id),
    devisNumber: String(row.number),
    requestReference: String(row.reference),
    ...storedReviewOf(row),
    workCompletedDay: String(row.work_completed_day),
    publishedAt: optional(row.published_at),
    refusalReason: optional(row.refusal_reason) as RefusalReasonId | undefined,
    answer: answer === undefined ? undefined : { text: answer, at: String(row.answer_at) },
  };
}

/** Every review, those waiting first (oldest first: the first to publish), then the others, newest first. */
export async function inboxReviews(db: Db): Promise<InboxReview[]> {
  const result = await db.execute(
    `${SELECT} ORDER BY w.status = 'waiting' DESC,
       CASE WHEN w.status = 'waiting' THEN w.updated_at END ASC, w.updated_at DESC`,
  );
  return result.rows.map((row) => toReview(row));
}

export async function inboxReview(db: Db, id: number): Promise<InboxReview | undefined> {
  const row = (await db.execute({ sql: `${SELECT} WHERE w.id = ?`, args: [id] })).rows[0];
  return row && toReview(row);
}

/** The member whose act a publication of the reviews carries, noted with the act. */
const actedBy = (memberId: number): InStatement => ({
  sql: 'UPDATE review_site SET member_id = ?',
  args: [memberId],
});

/** « Publier »: a waiting or refused review goes on the site at the next publication. False: nothing to do. */
export async function publishReview(db: Db, id: number, memberId: number, now: Date): Promise<boolean> {
  const review = await inboxReview(db, id);
  if (!review || review.status === 'published') return false;
  const at = now.toISOString();
  const mine = "EXISTS (SELECT 1 FROM reviews WHERE id = ? AND status = 'published' AND published_at = ?)";
  const results = await db.batch(
    [
      {
        // Published as read: a review the client changed meanwhile is read again first.
        sql: `UPDATE reviews SET status = 'published', published_at = ?, published_by = ?
              WHERE id = ? AND status != 'published' AND updated_at = ?`,
        args: [at, memberId, id, review.updatedAt],
      },
      actedBy(memberId),
      {
        sql: `INSERT INTO audit (at, user_id, action, reference, detail) SELECT ?, ?, ?, ?, NULL WHERE ${mine}`,
        args: [at, memberId, REVIEW_AUDIT_ACTIONS.published, review.requestReference, id, at],
      },
    ],
    'write',
  );
  return results[0]?.rowsAffected === 1;
}

/**
 * « Refuser », with one of the rules' reasons: the review leaves the site if it was on it, and its reviewer
 * gets one mail with the reason (review_refused, about the accepted version, its detail the refusal's count).
 */
export async function refuseReview(
  db: Db,
  id: number,
  reason: RefusalReasonId,
  memberId: number,
  now: Date,
  fromEmail: string,
): Promise<boolean> {
  const review = await inboxReview(db, id);
  if (!review || review.status === 'refused') return false;
  const version = await db.execute({
    sql: `SELECT v.id, v.version FROM devis_versions v JOIN devis_events e
            ON e.devis_id = v.devis_id AND e.kind = 'work_completed' AND e.version = v.version
          WHERE v.devis_id = ?`,
    args: [review.devisId],
  });
  const versionRow = version.rows[0];
  if (!versionRow) return false;
  const at = now.toISOString();
  // The count this refusal will have: the mail's detail, unique per refusal.
  const count = await db.execute({ sql: 'SELECT refusals FROM reviews WHERE id = ?', args: [id] });
  const detail = String(Number(count.rows[0]?.refusals ?? 0) + 1);
  const reference = devisReference(review.requestReference, review.devisNumber, Number(versionRow.version), detail);
  const mine = 'EXISTS (SELECT 1 FROM reviews WHERE id = ? AND refused_at = ? AND refusals = ?)';
  const results = await db.batch(
    [
      {
        sql: `UPDATE reviews SET status = 'refused', refused_at = ?, refused_by = ?, refusal_reason = ?,
                refusals = refusals + 1 WHERE id = ? AND status != 'refused' AND refusals = ?`,
        args: [at, memberId, reason, id, Number(detail) - 1],
      },
      {
        sql: `INSERT INTO outbox (devis_version_id, kind, message_id, detail, next_attempt_at, queued_at)
              SELECT ?, 'review_refused', ?, ?, ?, ? WHERE ${mine}`,
        args: [
          Number(versionRow.id),
          messageIdFor(reference, 'review_refused', fromEmail),
          detail,
          Date.now(),
          at,
          id,
          at,
          Number(detail),
        ],
      },
      actedBy(memberId),
      {
        sql: `INSERT INTO audit (at, user_id, action, reference, detail) SELECT ?, ?, ?, ?, ? WHERE ${mine}`,
        args: [at, memberId, REVIEW_AUDIT_ACTIONS.refused, review.requestReference, reason, id, at, Number(detail)],
      },
    ],
    'write',
  );
  return results[0]?.rowsAffected === 1;
}

/** The company's public answer under a review, written, changed or removed (empty). */
export async function answerReview(db: Db, id: number, text: string, memberId: number, now: Date): Promise<boolean> {
  const review = await inboxReview(db, id);
  if (!review) return false;
  const at = now.toISOString();
  const results = await db.batch(
    [
      {
        sql: 'UPDATE reviews SET answer = ?, answer_at = ?, answer_by = ? WHERE id = ?',
        args: [text === '' ? null : text, text === '' ? null : at, text === '' ? null : memberId, id],
      },
      actedBy(memberId),
      auditStatement(
        {
          userId: memberId,
          action: REVIEW_AUDIT_ACTIONS.answered,
          reference: review.requestReference,
          detail: text === '' ? 'removed' : null,
        },
        now,
      ),
    ],
    'write',
  );
  return results[0]?.rowsAffected === 1;
}

/** What the refusal's mail reads when its turn comes: the review still refused for that count, and why. */
export async function refusalOf(
  db: Db,
  versionId: number,
  detail: string,
): Promise<{ reason: RefusalReasonId; email: string } | undefined> {
  const result = await db.execute({
    sql: `SELECT w.refusal_reason, v.content FROM reviews w JOIN devis_versions v ON v.devis_id = w.devis_id
          WHERE v.id = ? AND w.status = 'refused' AND w.refusals = ?`,
    args: [versionId, Number(detail)],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  const content = JSON.parse(String(row.content)) as { client: { email: string } };
  return { reason: String(row.refusal_reason) as RefusalReasonId, email: content.client.email };
}

/** The reviews on the site, as content/data/avis.json holds them (schema Avis), newest publication first. */
export type PublishedReview = {
  id: string;
  rating: number;
  text: string;
  name: string;
  experience: string;
  published: string;
  answer?: { text: string; date: string };
};

export async function publishedReviews(db: Db): Promise<PublishedReview[]> {
  const result = await db.execute(
    `SELECT w.id, w.rating, w.text, w.name, w.published_at, w.answer, w.answer_at, q.work_completed_day
     FROM reviews w JOIN review_requests q ON q.devis_id = w.devis_id
     WHERE w.status = 'published' ORDER BY w.published_at DESC, w.id DESC`,
  );
  return result.rows.map((row) => ({
    id: `avis-${Number(row.id)}`,
    rating: Number(row.rating),
    text: String(row.text),
    name: String(row.name),
    experience: String(row.work_completed_day),
    published: isoDay(new Date(String(row.published_at))),
    ...(row.answer === null
      ? {}
      : { answer: { text: String(row.answer), date: isoDay(new Date(String(row.answer_at))) } }),
  }));
}

/** Whether the site's reviews lag behind the store, and the member whose act made them lag. */
export type ReviewsSiteState = {
  generation: number;
  publishedGeneration: number;
  memberId: number | undefined;
  attemptedGeneration: number | undefined;
  attemptedAt: string | undefined;
};

export async function reviewsSiteState(db: Db): Promise<ReviewsSiteState> {
  const row = (await db.execute('SELECT * FROM review_site WHERE id = 1')).rows[0];
  return {
    generation: Number(row?.generation ?? 0),
    publishedGeneration: Number(row?.published_generation ?? 0),
    memberId: row?.member_id === null || row?.member_id === undefined ? undefined : Number(row.member_id),
    attemptedGeneration:
      row?.attempted_generation === null || row?.attempted_generation === undefined
        ? undefined
        : Number(row.attempted_generation),
    attemptedAt: optional(row?.attempted_at),
  };
}

/** A publication of the reviews started for `generation`. */
export async function recordReviewsAttempt(db: Db, generation: number, now: Date): Promise<void> {
  await db.execute({
    sql: 'UPDATE review_site SET attempted_generation = ?, attempted_at = ?',
    args: [generation, now.toISOString()],
  });
}

/** The site went online with the reviews of `generation`. */
export async function recordReviewsPublished(db: Db, generation: number): Promise<void> {
  await db.execute({
    sql: 'UPDATE review_site SET published_generation = max(published_generation, ?)',
    args: [generation],
  });
}

/**
 * The retention of the reviews (the daily purge): a review published more than keepYears ago leaves the
 * store, and so the site at the next publication (review_site's trigger).
 */
export async function purgeExpiredReviews(db: Db, now: Date): Promise<number> {
  const cutoff = addYears(now, -reviewRules.keepYears).toISOString();
  const result = await db.execute({
    sql: "DELETE FROM reviews WHERE status = 'published' AND published_at < ?",
    args: [cutoff],
  });
  return result.rowsAffected;
}

/**
 * « Retirer l'avis »: the client asked for their review to be removed (an erasure request, a consent
 * withdrawn by mail or phone): it leaves the store, with an audit row, and the site at the next publication
 * (review_site's trigger, publish/reviews.ts). A request erased with its devis takes its review with it the
 * same way (ON DELETE CASCADE). False: already gone.
 */
export async function removeReview(db: Db, id: number, memberId: number, now: Date): Promise<boolean> {
  const review = await inboxReview(db, id);
  if (!review) return false;
  const results = await db.batch(
    [
      { sql: 'DELETE FROM reviews WHERE id = ?', args: [id] },
      {
        sql: 'INSERT INTO audit (at, user_id, action, reference) SELECT ?, ?, ?, ? WHERE changes() = 1',
        args: [now.toISOString(), memberId, REVIEW_AUDIT_ACTIONS.erased, review.requestReference],
      },
    ],
    'write',
  );
  return results[0]?.rowsAffected === 1;
}

/**
 * The erasure of a person by the owner's tool (`receiver:erase --yes`): the reviews of their requests' devis
 * go, even when the devis itself is kept (a contract); the site follows at the next publication
 * (review_site's trigger). The number removed.
 */
export async function eraseReviewsOf(db: Db, requestIds: readonly number[]): Promise<number> {
  if (requestIds.length === 0) return 0;
  const result = await db.execute({
    sql: `DELETE FROM reviews WHERE devis_id IN
            (SELECT id FROM devis WHERE request_id IN (${requestIds.map(() => '?').join(', ')}))`,
    args: [...requestIds],
  });
  return result.rowsAffected;
}
