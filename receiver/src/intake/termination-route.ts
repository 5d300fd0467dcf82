import type { FastifyInstance } from 'fastify';
import { addFormRoute } from './form-intake';
import { readFormBody } from './form-body-reading';
import { storeTermination } from './store-termination';
import { terminationForm } from './termination-form';
import { addPlainFormParser, answerPlainForm, isPlainForm } from './termination-plain';

/**
 * POST /api/resiliation, where the « Résilier un contrat » form posts (content/termination-settings.ts), with
 * the guards of every public form (form-intake.ts): foreign origins refused before anything is read, the
 * rate limit per client (its own count), multipart fields within their limits, 2xx only once the
 * termination and its mails' rows are committed, `{ reference, confirmation, effectiveDate }`; every
 * refusal a 4xx `{ error, code, field? }` in French (content/termination-contract.ts). The same form posted
 * without JavaScript (application/x-www-form-urlencoded) is answered with French pages instead: the summary,
 * the form to edit, the acknowledgment (termination-plain.ts), after the same Origin check and rate limit.
 */
export default async function terminationRoute(app: FastifyInstance) {
  const { dirs } = app;
  addPlainFormParser(app);
  addFormRoute(app, terminationForm, async (request, reply) => {
    if (isPlainForm(request)) return answerPlainForm(app, request, reply);
    request.quoteLog = {};
    const fields = new Map<string, string>();
    await readFormBody(terminationForm, request, reply, fields, dirs);
    const stored = await storeTermination({ db: app.store, config: app.config }, fields);
    request.quoteLog = stored.log;
    if (stored.created) app.outbox.wake();
    return reply.code(stored.status).send(stored.answer);
  });
}
