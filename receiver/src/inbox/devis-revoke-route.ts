import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { revokeLinks } from '../store/devis-links';
import type { Db } from '../store/db';
import { recordAudit } from '../store/audit';
import { sendNotFound } from './not-found';
import { href, ROUTES } from './paths';
import { DevisParams, EmptyBody } from './schemas';
import { signedIn } from './signed-in';

/**
 * « Révoquer ce lien » on a sent devis's page (store/devis-links.ts): one press withdraws every link to the
 * version awaiting an answer; the client's page then says only that the link was withdrawn, and to contact the
 * company. The team gives a new link with « Relancer le client » (if the version was not reminded yet) or a
 * new version. Recorded in the devis's events and the audit trail. Registered in the guarded scope (a session,
 * the anti-forgery token and the inbox's Origin, as every POST there); post/redirect/get, the outcome told by
 * the devis's page (REVOCATION_NOTICES).
 */

export type DevisRevokeOptions = { db: Db; now?: () => Date };

/** The notices of the devis's page after a press (`?fait=`), merged into its own (devis-pages.ts). */
export const REVOCATION_NOTICES: Record<string, string> = {
  'lien-revoque':
    'Lien révoqué : le client ne voit plus le devis par ses liens, seulement une page qui lui dit de vous contacter. Pour lui en donner un nouveau, relancez-le (si ce n’est déjà fait pour cette version) ou envoyez une nouvelle version.',
  'revocation-impossible':
    'Ce devis n’a plus de lien à révoquer (déjà révoqué, ou le devis n’attend plus de réponse du client) : rien n’a changé.',
};

const devisRevokeRoute: FastifyPluginAsyncTypebox<DevisRevokeOptions> = async (app, { db, now }) => {
  const clock = now ?? (() => new Date());

  app.post(ROUTES.devisRevokeLinks, { schema: { params: DevisParams, body: EmptyBody } }, async (request, reply) => {
    const devisId = Number(request.params.id);
    const userId = signedIn(request).member.id;
    const at = clock();
    const revoked = await revokeLinks(db, devisId, at, { userId });
    if (!revoked.ok) {
      if (revoked.reason === 'unknown') return sendNotFound(request, reply);
      return reply.redirect(`${href.devis(devisId)}?fait=revocation-impossible`, 303);
    }
    await recordAudit(
      db,
      {
        userId,
        action: 'devis_link_revoked',
        reference: revoked.requestReference,
        detail: `${revoked.number} v${revoked.version} (${revoked.links} lien${revoked.links > 1 ? 's' : ''})`,
      },
      at,
    );
    return reply.redirect(`${href.devis(devisId)}?fait=lien-revoque`, 303);
  });
};

export default devisRevokeRoute;
