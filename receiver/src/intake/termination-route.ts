import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitKey } from '../requests/client-key';
import { TERMINATION_RECEIVER_PATH, terminationAnswerSchema, terminationRefusalSchema } from '../facts';
import { readTerminationBody } from './multipart';
import { storeTermination } from './store-termination';
import { addPlainFormParser, answerPlainForm, isPlainForm } from './termination-plain';
import { terminationMessages } from './termination-messages';
import { Refusal } from './validate';

/**
 * POST /api/resiliation, where the « Résilier un contrat » form posts (content/termination-settings.ts), with
 * the quote route's guarantees: foreign origins refused before anything is read, the same rate limit per
 * client (its own count), multipart fields within their limits, 2xx only once the termination and its
 * mails' rows are committed, `{ reference, confirmation, effectiveDate }`; every refusal a 4xx
 * `{ error, code, field? }` in French (content/termination-contract.ts). The same form posted without
 * JavaScript (application/x-www-form-urlencoded) is answered with French pages instead: the summary, the
 * form to edit, the acknowledgment (termination-plain.ts), after the same Origin check and rate limit.
 */
export default async function terminationRoute(app: FastifyInstance) {
  const { config } = app;
  const rateLimitConfig =
    config.rateLimit > 0
      ? {
          max: config.rateLimit,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => `termination:${rateLimitKey(request.ip)}`,
          errorResponseBuilder: () =>
            Object.assign(new Error('rate-limited'), { statusCode: 429, code: 'rate-limited' }),
        }
      : (false as const);
  addPlainFormParser(app);

  app.route({
    method: 'POST',
    url: TERMINATION_RECEIVER_PATH,
    config: { rateLimit: rateLimitConfig },
    schema: {
      response: {
        201: terminationAnswerSchema,
        200: terminationAnswerSchema,
        '4xx': terminationRefusalSchema,
        '5xx': terminationRefusalSchema,
      },
    },
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !config.allowedOrigins.includes(origin)) {
        throw new Refusal(403, terminationMessages.origin, 'origin');
      }
    },
    handler: async (request, reply) => {
      if (isPlainForm(request)) return answerPlainForm(app, request, reply);
      if (!request.isMultipart()) throw new Refusal(415, terminationMessages.notMultipart, 'not-multipart');
      request.quoteLog = {};
      const fields = new Map<string, string>();
      await readTerminationBody(request, reply, fields);
      const stored = await storeTermination({ db: app.store, config }, fields);
      request.quoteLog = stored.log;
      if (stored.created) app.outbox.wake();
      return reply.code(stored.status).send(stored.answer);
    },
  });
}
