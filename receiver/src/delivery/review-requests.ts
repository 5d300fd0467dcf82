import { randomBytes } from 'node:crypto';
import { mailboxKey } from '../email';
import { isoDay } from '../facts';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import { reviewLinkLastDay, reviewRequestDue } from '../requests/reviews';
import type { Db } from '../store/db';
import { queueReviewRequest, reviewRequestCandidates } from '../store/reviews';

/**
 * The requests for a review that fall due at `now` (requests/reviews.ts: requestAfterDays after the end of
 * the works, Paris days), each queued once with its new link (store/reviews.ts queueReviewRequest: a second
 * pass, a restart or a second instance writes nothing). Run by the reminders' scheduler (reminders.ts).
 * Returns the references queued.
 */
export async function queueReviewRequests(db: Db, fromEmail: string, now: Date): Promise<string[]> {
  const today = isoDay(now);
  const queued: string[] = [];
  for (const candidate of await reviewRequestCandidates(db)) {
    if (!reviewRequestDue(candidate.workCompletedDay, today)) continue;
    const reference = devisReference(candidate.requestReference, candidate.number, candidate.version);
    const written = await queueReviewRequest(
      db,
      candidate,
      {
        secret: randomBytes(32).toString('base64url'),
        mailboxKey: mailboxKey(candidate.clientEmail),
        lastDay: reviewLinkLastDay(candidate.workCompletedDay),
        messageId: messageIdFor(reference, 'review_request', fromEmail),
      },
      now,
    );
    if (written) queued.push(reference);
  }
  return queued;
}
