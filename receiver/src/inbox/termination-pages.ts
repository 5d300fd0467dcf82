import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createElement } from 'react';
import { type Db } from '../store/db';
import {
  checkAgainstDevis,
  listTerminations,
  markTerminationHandled,
  terminationByReference,
  terminationMails,
} from '../store/termination-queries';
import { typeset } from '../facts';
import { recordAudit } from '../store/audit';
import { sendNotFound } from './not-found';
import { href, ROUTES } from './paths';
import { EmptyBody, NoticeQuery, TerminationParams } from './schemas';
import { signedIn } from './signed-in';
import { sendPage } from './ui/render';
import { TerminationPage } from './ui/termination-page';
import { TerminationsPage } from './ui/terminations-page';

export type TerminationPagesOptions = { db: Db; now?: () => Date };

const HANDLED_NOTICE = typeset('Résiliation marquée comme traitée.');

/**
 * The team's view of termination requests (« Résilier un contrat »): the list, one request's page (with the
 * devis its contract reference names, and whether its client matches), and
 * « Marquer comme traitée » (post, then redirect). Registered in the inbox's guarded scope beside request-pages.ts:
 * no session, no page. Spam rows (the trap) never show here.
 */
const terminationPages: FastifyPluginAsyncTypebox<TerminationPagesOptions> = async (app, { db, now }) => {
  const clock = now ?? (() => new Date());

  app.get(ROUTES.terminations, async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    const terminations = await listTerminations(db);
    return sendPage(reply, createElement(TerminationsPage, { member, csrfToken, terminations }));
  });

  app.get(
    ROUTES.termination,
    { schema: { params: TerminationParams, querystring: NoticeQuery } },
    async (request, reply) => {
      const termination = await terminationByReference(db, request.params.reference);
      if (!termination || termination.spam) return sendNotFound(request, reply);
      const { member, csrfToken } = signedIn(request);
      const mails = await terminationMails(db, termination.id);
      const check = await checkAgainstDevis(db, termination);
      const notice = request.query.fait === 'traitee' ? HANDLED_NOTICE : undefined;
      return sendPage(reply, createElement(TerminationPage, { member, csrfToken, termination, check, mails, notice }));
    },
  );

  app.post(
    ROUTES.terminationHandled,
    { schema: { params: TerminationParams, body: EmptyBody } },
    async (request, reply) => {
      const { reference } = request.params;
      const termination = await terminationByReference(db, reference);
      if (!termination || termination.spam) return sendNotFound(request, reply);
      const userId = signedIn(request).member.id;
      const at = clock();
      if (await markTerminationHandled(db, reference, userId, at)) {
        await recordAudit(db, { userId, action: 'termination_handled', reference }, at);
      }
      return reply.redirect(`${href.termination(reference)}?fait=traitee`, 303);
    },
  );
};

export default terminationPages;
