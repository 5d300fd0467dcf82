import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from './messages';
import { Refusal } from './validate';

/**
 * Every answer that is not a success: a JSON `{ error }` whose text is the French sentence the form shows.
 * A Refusal carries its own status and sentence; Fastify's and its plugins' errors get one by status.
 * The log line of the request notes the refusal's code, never a field value; a 5xx is logged in full.
 */

/** The error answer's schema, for the routes' 4xx and 5xx. */
export const errorSchema = {
  type: 'object',
  properties: { error: { type: 'string' } },
  required: ['error'],
} as const;

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof Refusal) return refuse(request, reply, error);
      const status = error.statusCode ?? 500;
      request.quoteLog = { ...request.quoteLog, refusal: error.code ?? `http-${status}` };
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: frenchForError(status, error.code) });
    });

    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: messages.notFound }));
  },
  { name: 'errors' },
);

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  request.quoteLog = { ...request.quoteLog, refusal: refusal.code };
  return reply.code(refusal.statusCode).send({ error: refusal.french });
}

function frenchForError(status: number, code: string | undefined): string {
  if (status === 429) return messages.rateLimited;
  if (status === 413) return messages.bodyTooLarge;
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return messages.notMultipart;
  if (status === 404) return messages.notFound;
  if (status === 405) return messages.method;
  if (status >= 500) return messages.server;
  return messages.malformed;
}
