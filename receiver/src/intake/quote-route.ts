import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimitKey } from '../requests/client-key';
import { errorSchema } from './errors';
import { QUOTE_RECEIVER_PATH, quoteAnswerSchema } from '../facts';
import { messages } from './messages';
import { readQuoteBody } from './multipart';
import { storeRequest } from './store-request';
import { Refusal } from './validate';

/**
 * POST /api/devis, where the form posts (the same path nginx passes to the receiver,
 * content/quote-settings.ts). A request is answered 2xx only once its row is committed and its file is
 * fsynced in place, with `{ reference, confirmation }` (201 new, 200 a replay): `confirmation` says
 * whether the visitor will get a confirmation mail (the form promises it only then). Every refusal is a
 * 4xx `{ error, code, field? }` whose `error` is the French sentence the form shows. Both answers are the
 * quote contract's schemas (content/quote-contract.ts).
 */

export default async function quoteRoute(app: FastifyInstance) {
  const { config, dirs } = app;

  // Per client (request.ip: X-Forwarded-For only from a trusted proxy, see trustProxy; an IPv6 /64 counts
  // as one client), per hour.
  const rateLimitConfig =
    config.rateLimit > 0
      ? {
          max: config.rateLimit,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => rateLimitKey(request.ip),
          errorResponseBuilder: () =>
            Object.assign(new Error('rate-limited'), { statusCode: 429, code: 'rate-limited' }),
        }
      : (false as const);

  app.route({
    method: 'POST',
    url: QUOTE_RECEIVER_PATH,
    config: { rateLimit: rateLimitConfig },
    schema: {
      response: { 201: quoteAnswerSchema, 200: quoteAnswerSchema, '4xx': errorSchema, '5xx': errorSchema },
    },
    // Foreign origins are refused before the rate limit counts them and before the body is read.
    onRequest: async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !config.allowedOrigins.includes(origin)) {
        throw new Refusal(403, messages.origin, 'origin');
      }
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new Refusal(415, messages.notMultipart, 'not-multipart');
      request.quoteLog = {};
      const fields = new Map<string, string>();
      const upload = await readQuoteBody(request, reply, fields, dirs);
      const stored = await storeRequest({ db: app.store, dirs, config }, fields, upload);
      request.quoteLog = stored.log;
      if (stored.created) app.outbox.wake();
      return reply.code(stored.status).send(stored.answer);
    },
  });
}
