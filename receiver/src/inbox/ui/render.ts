import type { FastifyReply } from 'fastify';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A page's whole HTML: React's markup (every text escaped) after the doctype. */
export function renderPage(element: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

/** Sends a page rendered on the server (no client script: the markup is all there is). */
export function sendPage(reply: FastifyReply, element: ReactElement, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(renderPage(element));
}
