import type { FastifyReply } from 'fastify';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { devisAnswerTexts, frenchTypography, NBSP } from '../facts';

/** What the routes of the client's page (client-routes.ts, code-routes.ts) share to read a form and answer. */

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
