import type { FastifyInstance } from 'fastify';
import { QUOTE_RECEIVER_PATH, quoteMessages as messages, quoteRefusalSchema } from '../facts';
import { cachedHealthCheck, checkStore } from '../store/health';
import { publishedSite } from '../store/site-data';

/**
 * GET /api/devis/health: 200 `{ status: 'ok' }` when the store takes a write and has space left, 503
 * otherwise. A real write and sync, at most once per QUOTE_HEALTH_CACHE_MS whoever asks (nginx lets only
 * the host itself ask).
 */
export default async function healthRoute(app: FastifyInstance) {
  const { config, dirs } = app;
  const health = cachedHealthCheck(() => checkStore(app.store, dirs, config.minFreeBytes), config.healthCacheMs);
  app.get(
    `${QUOTE_RECEIVER_PATH}/health`,
    {
      schema: {
        response: {
          200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
          '4xx': quoteRefusalSchema,
          '5xx': quoteRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await health();
      if (result.ok) return reply.code(200).send({ status: 'ok' });
      request.log.error({ err: result.error }, 'health check failed');
      const phone = publishedSite(config.site?.sourceDir).phone;
      return reply.code(503).send({ error: messages.unavailable(phone), code: 'unavailable' });
    },
  );
}
