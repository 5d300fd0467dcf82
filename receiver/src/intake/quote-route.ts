import type { FastifyInstance } from 'fastify';
import { addFormRoute } from './form-intake';
import { readFormBody } from './form-body-reading';
import { quoteForm } from './quote-form';
import { storeRequest } from './store-request';

/**
 * POST /api/devis, where the form posts (the same path nginx passes to the receiver,
 * content/quote-settings.ts), with the guards of every public form (form-intake.ts). A request is answered
 * 2xx only once its row is committed and its file is fsynced in place, with `{ reference, confirmation }`
 * (201 new, 200 a replay): `confirmation` says whether the visitor will get a confirmation mail (the form
 * promises it only then). Every refusal is a 4xx `{ error, code, field? }` whose `error` is the French
 * sentence the form shows. Both answers are the quote contract's schemas (content/quote-contract.ts).
 */
export default async function quoteRoute(app: FastifyInstance) {
  const { config, dirs } = app;
  addFormRoute(app, quoteForm, async (request, reply) => {
    request.quoteLog = {};
    const fields = new Map<string, string>();
    const upload = await readFormBody(quoteForm, request, reply, fields, dirs);
    const stored = await storeRequest({ db: app.store, dirs, config }, fields, upload);
    request.quoteLog = stored.log;
    if (stored.created) app.outbox.wake();
    return reply.code(stored.status).send(stored.answer);
  });
}
