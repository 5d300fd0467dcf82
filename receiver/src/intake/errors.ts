import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { quoteRefusalSchema, type QuoteRefusal, type QuoteRefusalCode } from '../facts';
import { messages } from './messages';
import { Refusal } from './validate';

/**
 * Every answer that is not a success: the quote contract's refusal (content/quote-contract.ts), a JSON
 * `{ error, code, field? }` whose `error` is the French sentence the form shows and `code` its stable
 * machine code. A Refusal carries its own status, sentence and code; Fastify's and its plugins' errors get
 * them by status. The log line of the request notes the code, never a field value; a 5xx is logged in full.
 */

/** The error answer's schema, for the routes' 4xx and 5xx. */
export const errorSchema = quoteRefusalSchema;

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof Refusal) return refuse(request, reply, error);
      const status = error.statusCode ?? 500;
      const [code, french] = answerForError(status, error.code);
      request.quoteLog = { ...request.quoteLog, refusal: error.code ?? code };
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: french, code } satisfies QuoteRefusal);
    });

    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ error: messages.notFound, code: 'not-found' } satisfies QuoteRefusal),
    );
  },
  { name: 'errors' },
);

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  request.quoteLog = { ...request.quoteLog, refusal: refusal.message };
  const answer: QuoteRefusal = { error: refusal.french, code: refusal.code, field: refusal.field };
  return reply.code(refusal.statusCode).send(answer);
}

/** The code and sentence of an error that is not a Refusal (Fastify's, a plugin's), by its status. */
function answerForError(status: number, code: string | undefined): [QuoteRefusalCode, string] {
  if (status === 429) return ['rate-limited', messages.rateLimited];
  if (status === 413) return ['body-too-large', messages.bodyTooLarge];
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return ['not-multipart', messages.notMultipart];
  if (status === 404) return ['not-found', messages.notFound];
  if (status === 405) return ['method', messages.method];
  if (status >= 500) return ['server', messages.server];
  return ['malformed', messages.malformed];
}
