import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../store/db';
import { publishedSite, publishedSiteData } from '../store/site-data';
import { readFigureRows } from '../store/figures';
import { expiringThisWeek, figuresOf } from './figures';
import { FIGURES_TITLE, FiguresPage } from './ui/figures-page';
import { ROUTES } from './paths';
import { signedIn } from './signed-in';
import { sendPage } from './ui/render';
import { Shell } from './ui/shell';

/**
 * The « Chiffres » page (ROUTES.figures). A plugin without fastify-plugin: registered inside the
 * inbox's guarded scope (server.ts, with the store and the clock, as request-pages.ts), it answers only a signed-in
 * member. It reads the store (store/figures.ts), computes (inbox/figures.ts) and renders (ui/figures-page.tsx in the Shell).
 */

export type FiguresRouteOptions = { config: Pick<Config, 'site'>; db: Db; now?: () => Date };

export default async function figuresRoute(app: FastifyInstance, options: FiguresRouteOptions): Promise<void> {
  const clock = options.now ?? (() => new Date());
  app.get(ROUTES.figures, async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    const { requests, changes } = await readFigureRows(options.db);
    const now = clock();
    // Working days: the opening hours and closures as published (store/site-data.ts).
    const { sourceDir } = options.config.site ?? {};
    const closures = publishedSiteData(sourceDir).coordonnees.closures;
    const figures = figuresOf(requests, changes, now, closures, publishedSite(sourceDir).openingHours);
    return sendPage(
      reply,
      <Shell title={FIGURES_TITLE} member={member} csrfToken={csrfToken} current="chiffres">
        <FiguresPage figures={figures} expiring={expiringThisWeek(requests, now)} />
      </Shell>,
    );
  });
}
