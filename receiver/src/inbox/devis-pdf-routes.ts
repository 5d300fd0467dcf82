import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { typeset } from '../facts';
import { devisDocumentOf } from '../documents/devis-of-version';
import { renderDevisPdf } from '../documents/render';
import { devisPdfName } from '../delivery/devis-mails';
import { isDemonstration } from '../requests/devis/demonstration';
import type { FrozenDevis } from '../requests/devis/draft';
import { devisTotals } from '../requests/devis/money';
import { validateDraft } from '../requests/devis/view';
import { type Db } from '../store/db';
import { findDevis } from '../store/devis-queries';
import { publishedCompany } from '../store/site-data';
import { versionPdf } from '../store/devis-versions';
import { attachment } from './data-routes';
import { sendNotFound } from './not-found';
import { ROUTES } from './paths';
import { DevisParams, DevisVersionParams } from './schemas';
import { signedIn } from './signed-in';

/**
 * The devis's PDFs in the inbox: the preview's (drawn from the draft, one at a time per member) and each sent
 * version's (the one stored at its sending). Registered in the guarded scope beside devis-pages.ts.
 */
const devisPdfRoutes: FastifyPluginAsyncTypebox<{ config: Config; db: Db; now?: () => Date }> = async (
  app,
  { config, db, now },
) => {
  const clock = now ?? (() => new Date());

  /** The members whose preview PDF is being drawn. */
  const previewing = new Set<number>();

  // The preview's PDF: the document the client will get, dated now, its number not given yet.
  app.get(ROUTES.devisPreviewPdf, { schema: { params: DevisParams } }, async (request, reply) => {
    // One preview at a time per member: PDFs are drawn one after the other (documents/render.ts), and a
    // member's previews asked in a loop must not make the others, or a sending, wait behind them.
    const memberId = signedIn(request).member.id;
    if (previewing.has(memberId)) {
      return reply
        .code(429)
        .type('text/plain; charset=utf-8')
        .send(typeset('Un aperçu est déjà en préparation : attendez qu’il s’ouvre, puis réessayez.'));
    }
    previewing.add(memberId);
    try {
      return await previewPdf(request, reply);
    } finally {
      previewing.delete(memberId);
    }
  });

  async function previewPdf(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const devis = await findDevis(db, Number(request.params.id));
    if (!devis) return sendNotFound(request, reply);
    if (!devis.draft || validateDraft(devis.draft).length > 0) return sendNotFound(request, reply);
    const content: FrozenDevis = {
      ...devis.draft,
      number: devis.number ?? 'à venir (aperçu)',
      version: devis.currentVersion + 1,
      issuedAt: clock().toISOString(),
      totals: devisTotals(devis.draft.lines),
      ...(isDemonstration() ? { demonstration: true as const } : {}),
    };
    // The CGV's version the sending would cite: of today's versions as published.
    const pdf = await renderDevisPdf(devisDocumentOf(content, { company: publishedCompany(config.site?.sourceDir) }));
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(`apercu-devis-${devis.id}.pdf`))
      .send(Buffer.from(pdf));
  }

  app.get(ROUTES.devisVersionPdf, { schema: { params: DevisVersionParams } }, async (request, reply) => {
    const devis = await findDevis(db, Number(request.params.id));
    const version = Number(request.params.version);
    const pdf = devis && devis.number ? await versionPdf(db, devis.id, version) : undefined;
    if (!devis?.number || !pdf) return sendNotFound(request, reply);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachment(devisPdfName(devis.number, version)))
      .send(Buffer.from(pdf));
  });
};

export default devisPdfRoutes;
