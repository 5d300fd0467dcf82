import type { FastifyBaseLogger } from 'fastify';
import { reviewsDataFile } from '../facts';
import { memberById } from '../store/members';
import { runningPublication } from '../store/publications';
import {
  publishedReviews,
  recordReviewsAttempt,
  recordReviewsPublished,
  reviewsSiteState,
} from '../store/review-moderation';
import { PublishError, startPublication, type PublishDeps, type Started } from './engine';
import { publishMessages } from './messages';

/**
 * The reviews on the site (docs/avis.md): content/data/avis.json written whole from the store (the published
 * reviews only) by a publication like any other (built, checked, switched, in the audit trail), with only that
 * file: the owner's drafts of « Le site » stay drafts. The store says when one is due (review_site: its
 * generation, raised by every change of the published reviews, ahead of the one last online). An inbox action
 * starts it at once; the receiver's pass (publish-plugin.ts) starts one every REVIEWS_PASS_MS while it is due
 * and none runs, so a change made during another publication, or by the erasure or the retention, is never
 * lost; a failed one is tried again after REVIEWS_RETRY_MS, not at every pass.
 */

export const REVIEWS_PASS_MS = 60_000;
export const REVIEWS_RETRY_MS = 3_600_000;

/**
 * Starts the publication of the reviews if one is due and none runs; undefined otherwise. `force`: an inbox
 * action, which does not wait for the retry delay of a failed attempt.
 */
export async function publishReviewsIfDue(
  deps: PublishDeps,
  options: { force: boolean; now?: Date } = { force: false },
): Promise<Started | undefined> {
  const { db } = deps;
  const now = options.now ?? (deps.now ?? (() => new Date()))();
  const state = await reviewsSiteState(db);
  if (state.generation <= state.publishedGeneration) return undefined;
  if (
    !options.force &&
    state.attemptedGeneration === state.generation &&
    state.attemptedAt !== undefined &&
    now.getTime() - Date.parse(state.attemptedAt) < REVIEWS_RETRY_MS
  ) {
    return undefined;
  }
  if (await runningPublication(db)) return undefined;
  const member = state.memberId === undefined ? undefined : await memberById(db, state.memberId);
  const author =
    member && member.disabledAt === null
      ? { memberId: member.id, name: member.name, email: member.email }
      : { memberId: null, name: publishMessages.receiverName, email: deps.fromEmail };
  const reviews = await publishedReviews(db);
  let started: Started;
  try {
    started = await startPublication(deps, {
      files: [{ path: reviewsDataFile.file, json: { reviews } }],
      author,
      message: `Avis clients : ${reviews.length} publiés`,
      changes: [{ page: reviewsDataFile.id, field: 'reviews', from: '', to: String(reviews.length) }],
    });
  } catch (error) {
    // Another publication began between the check and the start: the next pass carries the reviews.
    if (error instanceof PublishError) return undefined;
    throw error;
  }
  await recordReviewsAttempt(db, state.generation, now);
  const done = started.done.then(async (publication) => {
    if (publication.stage === 'en-ligne') await recordReviewsPublished(db, state.generation);
    return publication;
  });
  void done.catch(() => {});
  return { id: started.id, done };
}

/** The pass: publishReviewsIfDue every REVIEWS_PASS_MS; a failure is logged and the next pass tries again. */
export function startReviewsPass(deps: PublishDeps, log: FastifyBaseLogger): { stop(): void } {
  let running = false;
  const pass = () => {
    if (running) return;
    running = true;
    publishReviewsIfDue(deps)
      .then(
        (started) => started && log.info({ publication: started.id }, 'reviews: publication started'),
        (error: unknown) => log.error({ err: error }, 'reviews: publication pass failed'),
      )
      .finally(() => {
        running = false;
      });
  };
  pass();
  const timer = setInterval(pass, REVIEWS_PASS_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
