import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { createElement } from 'react';
import type { Config } from '../config';
import { reviewRules, typeset, withoutInvisible, type RefusalReasonId } from '../facts';
import type { PublishDeps } from '../publish/engine';
import { publishReviewsIfDue } from '../publish/reviews';
import type { Db } from '../store/db';
import {
  answerReview,
  inboxReview,
  inboxReviews,
  publishReview,
  refuseReview,
  removeReview,
} from '../store/review-moderation';
import { sendNotFound } from './not-found';
import { href, ROUTES } from './paths';
import { DevisParams, EmptyBody, NoticeQuery, ReviewAnswerBody, ReviewRefuseBody, ReviewRemoveBody } from './schemas';
import { PUBLISHING_OFF } from './site-publishing';
import { signedIn } from './signed-in';
import { sendPage } from './ui/render';
import { ReviewsPage } from './ui/reviews-page';

/**
 * « Avis » (docs/avis.md): the clients' reviews and the team's acts on them (publish, refuse, answer, remove at
 * the client's request). Every member sees the page and
 * acts, as on a devis: publishing a review is not editing the site (the file is written from the store, with
 * the client's words as they are), and the rules' delay must be kept whoever is at work; the audit trail says
 * who did what. « Publier », an answer changed on a published review, and « Refuser » of a published one
 * start a publication of content/data/avis.json at once (publish/reviews.ts); if another runs, the store keeps
 * the change due and the receiver's pass publishes it when that one ends. Post/redirect/get.
 */

export type ReviewPagesOptions = {
  config: Pick<Config, 'fromEmail'>;
  db: Db;
  publishing: PublishDeps | undefined;
  wakeOutbox: () => void;
  now?: () => Date;
};

const NOTICES: Record<string, string> = {
  publie: typeset('Avis publié : le site est en cours de publication.'),
  'publie-plus-tard': typeset('Avis publié : il sera mis en ligne à la fin de la publication en cours.'),
  refuse: typeset('Avis refusé : le client reçoit le motif par e-mail.'),
  reponse: typeset('Réponse enregistrée.'),
  retire: typeset('Avis retiré : il est supprimé, et retiré du site s’il y était.'),
  inchange: typeset('Rien n’a changé : l’avis était déjà dans cet état, ou le client l’a modifié entre-temps.'),
};

const isReason = (value: unknown): value is RefusalReasonId =>
  reviewRules.refusalReasons.some((entry) => entry.id === value);

const reviewPages: FastifyPluginAsyncTypebox<ReviewPagesOptions> = async (app, options) => {
  const { db, config, publishing } = options;
  const clock = options.now ?? (() => new Date());

  async function page(
    request: Parameters<typeof signedIn>[0],
    reply: FastifyReply,
    extra: { notice?: string; refusalError?: number; removalError?: number } = {},
    status = 200,
  ) {
    const { member, csrfToken } = signedIn(request);
    return sendPage(
      reply,
      createElement(ReviewsPage, {
        member,
        csrfToken,
        reviews: await inboxReviews(db),
        now: clock(),
        ...extra,
        ...(publishing ? {} : { publishingOff: PUBLISHING_OFF }),
      }),
      status,
    );
  }

  /** A publication of the reviews now, if one is due; whether it started. */
  async function publishNow(): Promise<boolean> {
    if (!publishing) return false;
    return (await publishReviewsIfDue(publishing, { force: true, now: clock() })) !== undefined;
  }

  const back = (reply: FastifyReply, done: string, id: number) =>
    reply.redirect(`${href.reviews}?fait=${done}#avis-${id}`, 303);

  app.get(ROUTES.reviews, { schema: { querystring: NoticeQuery } }, async (request, reply) =>
    page(request, reply, { notice: request.query.fait ? NOTICES[request.query.fait] : undefined }),
  );

  app.post(ROUTES.reviewPublish, { schema: { params: DevisParams, body: EmptyBody } }, async (request, reply) => {
    const id = Number(request.params.id);
    if (!(await inboxReview(db, id))) return sendNotFound(request, reply);
    if (!(await publishReview(db, id, signedIn(request).member.id, clock()))) return back(reply, 'inchange', id);
    return back(reply, (await publishNow()) ? 'publie' : 'publie-plus-tard', id);
  });

  app.post(ROUTES.reviewRefuse, { schema: { params: DevisParams, body: ReviewRefuseBody } }, async (request, reply) => {
    const id = Number(request.params.id);
    const review = await inboxReview(db, id);
    if (!review) return sendNotFound(request, reply);
    const reason = request.body.motif;
    if (!isReason(reason)) return page(request, reply, { refusalError: id }, 400);
    const refused = await refuseReview(db, id, reason, signedIn(request).member.id, clock(), config.fromEmail);
    if (!refused) return back(reply, 'inchange', id);
    options.wakeOutbox();
    // A published review refused leaves the site.
    if (review.status === 'published') await publishNow();
    return back(reply, 'refuse', id);
  });

  app.post(ROUTES.reviewAnswer, { schema: { params: DevisParams, body: ReviewAnswerBody } }, async (request, reply) => {
    const id = Number(request.params.id);
    const review = await inboxReview(db, id);
    if (!review) return sendNotFound(request, reply);
    const text = withoutInvisible(request.body.reponse ?? '').trim();
    if (text.length > reviewRules.answer.max) return page(request, reply, {}, 400);
    await answerReview(db, id, text, signedIn(request).member.id, clock());
    if (review.status === 'published') await publishNow();
    return back(reply, 'reponse', id);
  });

  app.post(ROUTES.reviewRemove, { schema: { params: DevisParams, body: ReviewRemoveBody } }, async (request, reply) => {
    const id = Number(request.params.id);
    const review = await inboxReview(db, id);
    if (!review) return sendNotFound(request, reply);
    if (request.body.demande !== 'oui') return page(request, reply, { removalError: id }, 400);
    await removeReview(db, id, signedIn(request).member.id, clock());
    if (review.status === 'published') await publishNow();
    return reply.redirect(`${href.reviews}?fait=retire`, 303);
  });
};

export default reviewPages;
