import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { servedCompany } from '../delivery/mail-parts';
import { mailboxKey } from '../email';
import { isoDay, REVIEW_CLIENT_PATH, REVIEW_OPT_OUT_PATH, reviewPageTexts } from '../facts';
import { checkReview, defaultReviewName, type ReviewField } from '../requests/reviews';
import { sha256Hex } from '../store/devis-queries';
import { deleteReview, findReviewLink, optOut, saveReview, type ReviewLink } from '../store/reviews';
import { publishedSite } from '../store/site-data';
import {
  clientPageErrors,
  clientPageLimit,
  clientPageProtections,
  field,
  forgedPost,
  send,
  type SecretParams,
} from './page-parts';
import { pageTokens } from './token';
import { LinkClosedPage } from './ui/link-closed-page';
import { NotFoundPage } from './ui/not-found-page';
import { ReviewOptOutPage, ReviewPage, type ReviewForm } from './ui/review-page';

/**
 * The client's review page (docs/avis.md), on the public listener under REVIEW_CLIENT_PATH (content/
 * review-client.ts), opened by the link of the one request mail (delivery/review-mails.ts): `/:secret` (the
 * devis, the form; POST: the review stored or replaced, back to « à modérer »), `/:secret/supprimer` (the
 * review deleted), `/:secret/ne-plus-recevoir` (no more review requests to this mailbox; its POST also
 * answers a mail program's one-click unsubscribe, RFC 8058, with no token). The same security as the devis's
 * page (client-routes.ts): no script, a strict CSP, no-store, noindex, no referrer; each form carries a signed
 * token (token.ts) and its Origin is checked. An unknown secret answers 404; a link past its last day (Paris)
 * answers 410, « Lien expiré », and stores nothing.
 */

export type ReviewRoutesOptions = { now?: () => Date };

/** A link secret as queueReviewRequests makes it: 32 random bytes, base64url (43 characters). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

const texts = reviewPageTexts;

/** The French message of each refused field (requests/reviews.ts checkReview). */
function messages(errors: Partial<Record<ReviewField, string>>): ReviewForm['errors'] {
  return {
    ...(errors.rating ? { rating: texts.errors.rating } : {}),
    ...(errors.text ? { text: errors.text === 'characters' ? texts.errors.characters : texts.errors.text } : {}),
    ...(errors.name ? { name: errors.name === 'characters' ? texts.errors.characters : texts.errors.name } : {}),
    ...(errors.consent ? { consent: texts.errors.consent } : {}),
  };
}

export default async function reviewRoutes(app: FastifyInstance, options: ReviewRoutesOptions) {
  const { config } = app;
  const clock = options.now ?? (() => new Date());
  const tokens = pageTokens();
  // The company as published when a page is served (store/site-data.ts): its phone, e-mail and mentions.
  const served = () => servedCompany(publishedSite(config.site?.sourceDir));

  await clientPageProtections(app);

  const notFound = (reply: FastifyReply) => send(reply, createElement(NotFoundPage, { company: served() }), 404);
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  clientPageErrors(app, 'review page', texts.errors.expiredForm);
  const limited = clientPageLimit(app, config.rateLimit, 'review-client');

  type Link = { secret: string; link: ReviewLink; now: Date; today: string };
  const links = new WeakMap<FastifyRequest, Link>();
  app.addHook('preHandler', async (request, reply) => {
    const { secret } = request.params as SecretParams['Params'];
    const link = SECRET.test(secret) ? await findReviewLink(app.store, secret) : undefined;
    if (!link) return notFound(reply);
    const now = clock();
    const today = isoDay(now);
    const optingOut = request.url.split('?')[0]?.endsWith(`/${REVIEW_OPT_OUT_PATH}`) ?? false;
    // Past its last day the link shows only that it expired; stopping the mails still works.
    if (today > link.lastDay && !optingOut) {
      return send(
        reply,
        createElement(LinkClosedPage, {
          title: texts.expiredTitle,
          text: texts.expired,
          contact: texts.expiredContact,
          company: served(),
        }),
        410,
      );
    }
    links.set(request, { secret, link, now, today });
  });
  const linkOf = (request: FastifyRequest) => links.get(request) as Link;

  /** A form's POST: from one of our pages (Origin), with the token of a page of this very link. */
  const forged = (request: FastifyRequest, secret: string, now: Date) =>
    forgedPost(request, config.allowedOrigins, tokens, sha256Hex(secret), now);
  const refuseForged = (reply: FastifyReply) =>
    reply.code(403).type('text/plain; charset=utf-8').send(texts.errors.expiredForm);

  function page(
    reply: FastifyReply,
    { secret, link, now }: Link,
    shown: { form?: ReviewForm; deleteError?: string; done?: 'stored' | 'deleted' } = {},
    status = 200,
  ) {
    const { review, content } = link;
    const form: ReviewForm = shown.form ?? {
      rating: review ? String(review.rating) : '',
      text: review?.text ?? '',
      name: review?.name ?? defaultReviewName(content.client.name),
      consent: review !== undefined,
      errors: {},
    };
    return send(
      reply,
      createElement(ReviewPage, {
        base: `${REVIEW_CLIENT_PATH}/${secret}`,
        token: tokens.issue(sha256Hex(secret), now),
        company: served(),
        number: content.number,
        subject: content.subject,
        workCompletedDay: link.workCompletedDay,
        review,
        form,
        ...(shown.deleteError ? { deleteError: shown.deleteError } : {}),
        ...(shown.done ? { done: shown.done } : {}),
      }),
      status,
    );
  }

  app.get<SecretParams & { Querystring: { fait?: string } }>('/:secret', async (request, reply) => {
    const done = request.query.fait;
    return page(
      reply,
      linkOf(request),
      done === 'enregistre' || done === 'supprime' ? { done: done === 'enregistre' ? 'stored' : 'deleted' } : {},
    );
  });

  app.post<SecretParams>('/:secret', limited, async (request, reply) => {
    const link = linkOf(request);
    if (forged(request, link.secret, link.now)) return refuseForged(reply);
    const input = {
      rating: field(request.body, 'note'),
      text: field(request.body, 'texte'),
      name: field(request.body, 'nom'),
      consent: field(request.body, 'publication') === 'oui',
    };
    const checked = checkReview(input);
    if (!checked.ok) {
      return page(reply, link, { form: { ...input, errors: messages(checked.errors) } }, 400);
    }
    if (!(await saveReview(app.store, link.link.devisId, checked.review, link.now, link.today))) {
      return notFound(reply);
    }
    return reply.redirect(`${REVIEW_CLIENT_PATH}/${link.secret}?fait=enregistre`, 303);
  });

  app.post<SecretParams>('/:secret/supprimer', limited, async (request, reply) => {
    const link = linkOf(request);
    if (forged(request, link.secret, link.now)) return refuseForged(reply);
    if (!link.link.review) return reply.redirect(`${REVIEW_CLIENT_PATH}/${link.secret}`, 303);
    if (field(request.body, 'confirmer') !== 'oui') {
      return page(reply, link, { deleteError: texts.errors.deleteConfirm }, 400);
    }
    await deleteReview(app.store, link.link.devisId, link.today);
    return reply.redirect(`${REVIEW_CLIENT_PATH}/${link.secret}?fait=supprime`, 303);
  });

  const optOutPath = `/:secret/${REVIEW_OPT_OUT_PATH}`;
  app.get<SecretParams>(optOutPath, async (request, reply) => {
    const { secret } = linkOf(request);
    return send(
      reply,
      createElement(ReviewOptOutPage, {
        action: `${REVIEW_CLIENT_PATH}/${secret}/${REVIEW_OPT_OUT_PATH}`,
        done: false,
        company: served(),
      }),
    );
  });

  // No token: a mail program's one-click POST (RFC 8058) carries none; the link's secret is the proof, and
  // the only effect is fewer mails.
  app.post<SecretParams>(optOutPath, limited, async (request, reply) => {
    const { link, now } = linkOf(request);
    await optOut(app.store, mailboxKey(link.content.client.email), now);
    return send(reply, createElement(ReviewOptOutPage, { action: '', done: true, company: served() }));
  });
}
