import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import type { Config } from '../config';
import { publishedSite } from '../store/site-data';
import { ROUTES } from './paths';
import { sendPage } from './ui/render';
import { StaffNoticePage } from './ui/staff-notice-page';

export type StaffNoticeOptions = { config: Pick<Config, 'retention' | 'sessionAbsoluteMs' | 'site'> };

/**
 * The staff notice, outside the guard: whoever opens an enrolment link reads it before creating a passkey,
 * and a member reaches it from every page's footer. It shows nobody's data, only the inbox's settings.
 */
export default async function staffNoticeRoute(app: FastifyInstance, options: StaffNoticeOptions): Promise<void> {
  app.get(ROUTES.staffNotice, async (_request, reply) =>
    sendPage(
      reply,
      createElement(StaffNoticePage, {
        retention: options.config.retention,
        sessionAbsoluteMs: options.config.sessionAbsoluteMs,
        site: publishedSite(options.config.site?.sourceDir),
      }),
    ),
  );
}
