import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { signedIn } from './signed-in';
import { NotFoundPage } from './ui/not-found-page';
import { sendPage } from './ui/render';

/**
 * The guarded scope's 404: one French page for an address nobody has (mistyped, guessed, erased), signed-in
 * header included. Every route of the scope answers an unknown request, devis or termination with it.
 */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendPage(reply, createElement(NotFoundPage, signedIn(request)), 404);
}

/**
 * The guarded scope's error handler (server.ts): an address parameter of another shape than ours (a
 * reference, an id) names something nobody has, so it gets the same 404 page as an unknown one, never a
 * 400. Any other error goes on to the inbox's own handler.
 */
export function notFoundOnMalformedAddress(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation && error.validationContext === 'params') return sendNotFound(request, reply);
  throw error;
}
