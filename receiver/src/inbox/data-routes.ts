import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import contentDisposition from 'content-disposition';
import { createElement } from 'react';
import type { Config } from '../config';
import { isoDay } from '../facts';
import { recordAudit } from '../store/audit';
import { toCsv } from '../store/csv';
import { type Db } from '../store/db';
import { countRequests, requestByReference } from '../store/inbox-reads';
import { isManager } from '../store/members';
import { publishedSite } from '../store/site-data';
import { recordExport } from '../store/request-actions';
import { listRequests } from '../store/request-queries';
import { accessReport } from './access-report';
import { sendNotFound } from './not-found';
import { ROUTES } from './paths';
import { ReferenceParams } from './schemas';
import { signedIn } from './signed-in';
import { ExportPage, ExportRefusedPage } from './ui/export-page';
import { sendPage } from './ui/render';

/**
 * The inbox's downloads of personal data, each recorded in the audit trail: a request's access report (the
 * right of access) and the full export (managers only). Registered by the inbox's server inside its guarded
 * scope, beside request-pages.ts.
 */
const dataRoutes: FastifyPluginAsyncTypebox<{ config: Pick<Config, 'site'>; db: Db; now?: () => Date }> = async (
  app,
  { config, db, now },
) => {
  const clock = now ?? (() => new Date());

  // The right of access: everything held about this request's e-mail address, as a text file.
  app.get(ROUTES.requestData, { schema: { params: ReferenceParams } }, async (request, reply) => {
    const stored = await requestByReference(db, request.params.reference);
    if (!stored) return sendNotFound(request, reply);
    const now = clock();
    const report = await accessReport(db, stored.email, now, publishedSite(config.site?.sourceDir));
    // A HEAD (a browser's or a link checker's) downloads nothing: no audit row.
    if (request.method === 'GET') {
      await recordAudit(
        db,
        {
          userId: signedIn(request).member.id,
          action: 'access_report',
          reference: stored.reference,
          detail: String(report.requests),
        },
        now,
      );
    }
    return reply
      .type('text/plain; charset=utf-8')
      .header('Content-Disposition', attachment(`donnees-${stored.reference}.txt`))
      .send(report.text);
  });

  // The full export: managers only (`receiver:user -- manager`), after a page that says what it holds.
  app.get(ROUTES.exportPage, async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    if (!(await isManager(db, member.id))) {
      return sendPage(reply, createElement(ExportRefusedPage, { member, csrfToken }), 403);
    }
    const requests = await countRequests(db);
    return sendPage(reply, createElement(ExportPage, { member, csrfToken, requests }));
  });

  // Fastify answers HEAD with this route too: only a GET downloads the file, so only a GET is recorded.
  app.get(ROUTES.export, async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    if (!(await isManager(db, member.id))) {
      return sendPage(reply, createElement(ExportRefusedPage, { member, csrfToken }), 403);
    }
    const rows = (await listRequests(db, { spam: false })).reverse();
    const now = clock();
    if (request.method === 'GET') await recordExport(db, rows.length, member.id, now);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', attachment(`demandes-${isoDay(now)}.csv`))
      .send(toCsv(rows));
  });
};

export default dataRoutes;

/**
 * `attachment` with the file's name (the content-disposition package): the exact name in RFC 5987's
 * filename*, and a plain ASCII fallback (quotes, backslashes, controls and other characters replaced) for
 * the rare client without it, so no name can break the header.
 */
export function attachment(name: string): string {
  return contentDisposition(name, { type: 'attachment', fallback: name.replace(/[^\x20-\x7e]|["\\%;]/g, '_') });
}
