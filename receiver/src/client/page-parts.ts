import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { devisAnswerTexts, devisClientLinkTexts, frenchTypography, NBSP } from '../facts';
import { rateLimitKey } from '../requests/client-key';
import { parseForm } from '../form-body';
import { CLIENT_CSS_HASH } from './style';
import type { PageTokens } from './token';

/**
 * What the routes of the client's pages (client-routes.ts, code-routes.ts, review-routes.ts) share to protect
 * the page, read a form and answer.
 */

/**
 * The client pages' protections, registered in each one's scope: a CSP that allows only the stylesheet's hash
 * (no script, no frame, forms posted back here only), no referrer; bodies read by form-body.ts (every line end
 * as LF, before any rule reads them), 16 KiB at most; never cached, never indexed.
 */
export async function clientPageProtections(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: [CLIENT_CSS_HASH],
        imgSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  await app.register(formbody, { bodyLimit: 16 * 1024, parser: parseForm });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });
}

export type SecretParams = { Params: { secret: string } };
type FormBody = Record<string, string | string[] | undefined>;

export function field(body: unknown, name: string): string {
  const value = (body as FormBody | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Whether a form's POST is forged: not from one of our pages (its Origin one of `allowedOrigins`, absent, or
 * « null » on a same-origin request), or without the token of a page of this very link (`linkHash`, the
 * secret's hash).
 */
export function forgedPost(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
  tokens: PageTokens,
  linkHash: string,
  now: Date,
): boolean {
  const origin = request.headers.origin;
  const sameSite =
    origin === undefined ||
    allowedOrigins.includes(origin) ||
    (origin === 'null' && request.headers['sec-fetch-site'] === 'same-origin');
  return !sameSite || !tokens.check(field(request.body, '_csrf'), linkHash, now);
}

export function send(reply: FastifyReply, element: ReactElement, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

/** The field, and the code page's query parameter, that carry a code request's nonce (askCode). */
export const NONCE_FIELD = 'demande';

/** « … dans 5 minutes. » */
export function waitText(minutes: number): string {
  const unit = minutes > 1 ? devisAnswerTexts.minutes : devisAnswerTexts.minute;
  return `${devisAnswerTexts.waitBefore} ${minutes}${NBSP}${unit}.`;
}

/** Online acceptance frozen on the version: whom to call (the company's phone, as published). */
export function frozenText(phone: string): string {
  return frenchTypography(`${devisAnswerTexts.frozen} ${phone}.`);
}

/**
 * A client page's refusals in plain French text: too many attempts (429), a form too large (413), a fault of
 * the server (500, logged as `what`), and `expired` for the rest (a form token that no longer matches).
 */
export function clientPageErrors(app: FastifyInstance, what: string, expired: string): void {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, `${what}: unexpected error`);
    const texts = devisClientLinkTexts;
    const message =
      status === 429
        ? texts.tooManyAttempts
        : status >= 500
          ? texts.unexpected
          : status === 413
            ? texts.formTooLarge
            : expired;
    return reply
      .code(status >= 500 ? 500 : status)
      .type('text/plain; charset=utf-8')
      .send(message);
  });
}

/**
 * The route options that count a page's posts per address (`scope`: one count across every form of that
 * page), RECEIVER_RATE_LIMIT an hour; none when the limit is off (0).
 */
export function clientPageLimit(app: FastifyInstance, rateLimit: number, scope: string) {
  return rateLimit > 0
    ? {
        onRequest: app.rateLimit({
          max: rateLimit,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => `${scope}:${rateLimitKey(request.ip)}`,
        }),
      }
    : {};
}
