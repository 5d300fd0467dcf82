import type { FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';

/**
 * Logs carry no personal data: no IP, no header, no query string, no field value, no SMTP error text
 * (it quotes addresses). Fastify's own request/response lines are off (disableRequestLogging); the
 * server writes one line per request with the status and the reference, and these serializers strip
 * whatever else might reach a log call.
 */
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        path: request.url?.split('?')[0],
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      // Fastify types the serializer's result loosely; the shape is ours.
      err: safeError as never,
    },
  };
}

/** The type and code of an error, and its message unless it may quote a person (SMTP replies). */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, responseCode, command, statusCode } = error as Error & Record<string, unknown>;
  const smtp = responseCode !== undefined || command !== undefined;
  return {
    type: error.name,
    code,
    statusCode,
    responseCode,
    command,
    ...(smtp ? {} : { message: error.message, stack: error.stack }),
  };
}
