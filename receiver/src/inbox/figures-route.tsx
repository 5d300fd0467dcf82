import type { FastifyInstance } from 'fastify';
import type { Db } from '../store/db';
import { figuresOf, type FigureRequest, type StatusChange } from './figures';
import { FIGURES_TITLE, FiguresPage } from './ui/figures-page';
import { ROUTES } from './paths';
import { signedIn } from './signed-in';
import { sendPage } from './ui/render';
import { Shell } from './ui/shell';

/**
 * The « Chiffres » page (ROUTES.figures). A plugin without fastify-plugin: registered inside the
 * inbox's guarded scope (server.ts, with the store and the clock, as pages.ts), it answers only a signed-in
 * member. It reads the store, computes (inbox/figures.ts) and renders (ui/figures-page.tsx in the Shell).
 */

/** What the figures need from the store: every request (their columns, no visitor data) and status changes. */
export async function readFigureRows(db: Db): Promise<{ requests: FigureRequest[]; changes: StatusChange[] }> {
  const [requests, changes] = await db.batch([
    'SELECT id, created_at, service_type, location, spam, status, deadline_at, called_back_at FROM requests',
    "SELECT request_id, status FROM request_events WHERE kind = 'status' AND status IS NOT NULL",
  ]);
  return {
    requests: (requests?.rows ?? []).map((row) => ({
      id: Number(row.id),
      createdAt: String(row.created_at),
      serviceType: String(row.service_type),
      location: String(row.location),
      spam: Number(row.spam) === 1,
      status: String(row.status),
      deadlineAt: row.deadline_at === null ? null : String(row.deadline_at),
      calledBackAt: row.called_back_at === null ? null : String(row.called_back_at),
    })),
    changes: (changes?.rows ?? []).map((row) => ({ requestId: Number(row.request_id), status: String(row.status) })),
  };
}

export type FiguresRouteOptions = { db: Db; now?: () => Date };

export default async function figuresRoute(app: FastifyInstance, options: FiguresRouteOptions): Promise<void> {
  const clock = options.now ?? (() => new Date());
  app.get(ROUTES.figures, async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    const { requests, changes } = await readFigureRows(options.db);
    const figures = figuresOf(requests, changes, clock());
    return sendPage(
      reply,
      <Shell title={FIGURES_TITLE} member={member} csrfToken={csrfToken} current="chiffres">
        <FiguresPage figures={figures} />
      </Shell>,
    );
  });
}
