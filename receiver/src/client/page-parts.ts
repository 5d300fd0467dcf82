import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { devisAnswerTexts, frenchTypography, NBSP } from '../facts';
import { parseForm } from '../form-body';
import { CLIENT_CSS_HASH } from './style';

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
