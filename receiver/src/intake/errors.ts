import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { QuoteRefusal, QuoteRefusalCode } from '../facts';
import { Refusal, type FormSpec } from './form-intake';
import { publishedSite } from '../store/site-data';
import { formAt } from './public-forms';
import { quoteForm } from './quote-form';

/**
 * Every answer that is not a success: a form contract's refusal (content/form-contract.ts), a JSON
 * `{ error, code, field? }` whose `error` is the French sentence the form shows and `code` its stable
 * machine code. A Refusal carries its own status, sentence and code; Fastify's and its plugins' errors get
 * them by status, in the words of the public form addressed (public-forms.ts), the quote's elsewhere. The
 * log line of the request notes the code, never a field value; a 5xx is logged in full.
 */

/** The public form a request is addressed to, the quote's by default: whose words answer its errors. */
function formOf(request: FastifyRequest): FormSpec<unknown> {
  return formAt(request.url) ?? quoteForm;
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
      if (error instanceof Refusal) return refuse(request, reply, error);
      const status = error.statusCode ?? 500;
      // Whom to call, as published (store/site-data.ts).
      const phone = publishedSite(app.config.site?.sourceDir).phone;
      const [code, french] = answerForError(status, error.code, formOf(request), phone);
      request.quoteLog = { ...request.quoteLog, refusal: error.code ?? code };
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ error: french, code } satisfies QuoteRefusal);
    });

    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({
        error: formOf(request).messages.notFound,
        code: 'not-found',
      } satisfies QuoteRefusal),
    );
  },
  { name: 'errors' },
);

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  request.quoteLog = { ...request.quoteLog, refusal: refusal.message };
  // The route's schema (its form's refusal) serialises it.
  const answer = { error: refusal.french, code: refusal.code, field: refusal.field };
  return reply.code(refusal.statusCode).send(answer);
}

/** The code and sentence of an error that is not a Refusal (Fastify's, a plugin's), by its status. */
function answerForError(
  status: number,
  code: string | undefined,
  form: FormSpec<unknown>,
  phone: string,
): [QuoteRefusalCode, string] {
  const words = form.messages;
  if (status === 429) return ['rate-limited', words.rateLimited(phone)];
  if (status === 413) return ['body-too-large', words.bodyTooLarge];
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return ['not-multipart', words.notMultipart];
  if (status === 404) return ['not-found', words.notFound];
  if (status === 405) return ['method', words.method];
  if (status >= 500) return ['server', words.server(phone)];
  return ['malformed', words.malformed];
}
