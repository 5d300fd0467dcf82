import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptedDocumentSha256, proofDocumentOf, proofPdfName } from '../documents/proof-of-version';
import { parseFrozenDevis } from '../requests/devis/draft';
import { renderProofPdf } from '../documents/render';
import { acceptanceDetail } from '../store/devis-answers';
import { eventsOf } from '../store/devis-queries';
import type { Db } from '../store/db';
import { attachment } from './pages';
import { sendNotFound } from './not-found';
import { ROUTES } from './paths';
import { DevisVersionParams } from './schemas';

/**
 * The proof of acceptance of an accepted version, drawn again from its append-only record: the same page
 * the acceptance mails carried. The client may ask for the accepted devis and its proof at any time while
 * they are kept (ten years, C. conso. L. 213-1): the team downloads both from the devis's page and sends
 * them. Registered in the guarded scope: no session, no proof.
 */
const devisProofRoute: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(ROUTES.devisVersionProof, { schema: { params: DevisVersionParams } }, async (request, reply) => {
    const devisId = Number(request.params.id);
    const version = Number(request.params.version);
    const found = await db.execute({
      sql: `SELECT d.number, v.content, v.content_sha256, v.pdf_sha256 FROM devis_versions v JOIN devis d ON d.id = v.devis_id
            WHERE v.devis_id = ? AND v.version = ?`,
      args: [devisId, version],
    });
    const row = found.rows[0];
    const events = row ? await eventsOf(db, devisId) : [];
    const accepted = events.find((event) => event.version === version && event.kind === 'accepted');
    const detail = acceptanceDetail(accepted?.detail);
    if (!row || !detail) return sendNotFound(request, reply);
    const number = String(row.number);
    const pdf = await renderProofPdf(
      proofDocumentOf(
        {
          number,
          version,
          documentSha256: acceptedDocumentSha256({
            pdfSha256: row.pdf_sha256 === null ? null : String(row.pdf_sha256),
            contentSha256: String(row.content_sha256),
          }),
          signerName: detail.signerName,
          content: parseFrozenDevis(String(row.content)),
        },
        events,
      ),
    );
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(proofPdfName(number, version)))
      .send(Buffer.from(pdf));
  });
};

export default devisProofRoute;
