import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { remindClient } from '../store/devis-reminder';
import type { Db } from '../store/db';
import { recordAudit } from '../store/audit';
import { sendNotFound } from './not-found';
import { href, ROUTES } from './paths';
import { DevisParams, EmptyBody } from './schemas';
import { signedIn } from './signed-in';

/**
 * « Relancer le client » on a sent devis's page (store/devis-reminder.ts): one press sends the client one
 * reminder mail about the current version, with a new link to it, through the outbox; the page then says
 * when and by whom. Registered in the guarded scope (a session, the anti-forgery token and the inbox's
 * Origin, as every POST there); post/redirect/get, the outcome told by the devis's page (REMINDER_NOTICES).
 */

export type DevisRemindOptions = {
  config: Pick<Config, 'fromEmail'>;
  db: Db;
  wakeOutbox: () => void;
  now?: () => Date;
};

/** The notices of the devis's page after a press (`?fait=`), merged into its own (devis-pages.ts). */
export const REMINDER_NOTICES: Record<string, string> = {
  relance: 'Relance envoyée : le client reçoit par e-mail un rappel avec un nouveau lien vers ce devis.',
  'deja-relance': 'Le client a déjà été relancé pour cette version : aucun autre e-mail n’est parti.',
  'relance-impossible':
    'Ce devis n’attend plus de réponse du client (accepté, refusé, expiré ou remplacé) : aucune relance n’est partie.',
};

const devisRemindRoute: FastifyPluginAsyncTypebox<DevisRemindOptions> = async (
  app,
  { config, db, wakeOutbox, now },
) => {
  const clock = now ?? (() => new Date());

  app.post(ROUTES.devisRemind, { schema: { params: DevisParams, body: EmptyBody } }, async (request, reply) => {
    const devisId = Number(request.params.id);
    const userId = signedIn(request).member.id;
    const at = clock();
    const reminded = await remindClient(db, devisId, at, { userId }, config.fromEmail);
    if (!reminded.ok) {
      if (reminded.reason === 'unknown') return sendNotFound(request, reply);
      const done = reminded.reason === 'reminded' ? 'deja-relance' : 'relance-impossible';
      return reply.redirect(`${href.devis(devisId)}?fait=${done}`, 303);
    }
    wakeOutbox();
    await recordAudit(
      db,
      {
        userId,
        action: 'devis_client_reminded',
        reference: reminded.requestReference,
        detail: `${reminded.number} v${reminded.version}`,
      },
      at,
    );
    return reply.redirect(`${href.devis(devisId)}?fait=relance`, 303);
  });
};

export default devisRemindRoute;
