import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { proofPdfName } from '../documents/proof-of-version';
import { acceptanceProof } from '../delivery/proof-store';
import type { Db } from '../store/db';
import { numberOfVersion } from '../store/devis-reads';
import { attachment } from './data-routes';
import { sendNotFound } from './not-found';
import { ROUTES } from './paths';
import { DevisVersionParams } from './schemas';

/**
 * The proof of acceptance of an accepted version: the file stored at the acceptance, the very one the
 * acceptance mails carried (delivery/proof-store.ts); for an acceptance older than the stored proofs, drawn
 * again from its append-only record. The client may ask for the accepted devis and its proof at any time
 * while they are kept (ten years, C. conso. L. 213-1): the team downloads both from the devis's page and
 * sends them. Registered in the guarded scope: no session, no proof.
 */
const devisProofRoute: FastifyPluginAsyncTypebox<{ config: Config; db: Db }> = async (app, { config, db }) => {
  app.get(ROUTES.devisVersionProof, { schema: { params: DevisVersionParams } }, async (request, reply) => {
    const devisId = Number(request.params.id);
    const version = Number(request.params.version);
    const number = await numberOfVersion(db, devisId, version);
    const proof =
      number !== undefined
        ? await acceptanceProof(db, devisId, version, { store: false, sourceDir: config.site?.sourceDir })
        : undefined;
    if (number === undefined || !proof) return sendNotFound(request, reply);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(proofPdfName(number, version)))
      .send(Buffer.from(proof.pdf));
  });
};

export default devisProofRoute;
