import type { FastifyInstance } from 'fastify';
import type { Db } from '../store/db';
import type { DevisStatus } from '../requests/devis/statuses';
import { expiringThisWeek, figuresOf, type FigureDevis, type FigureRequest, type StatusChange } from './figures';
import { FIGURES_TITLE, FiguresPage } from './ui/figures-page';
import { ROUTES } from './paths';
import { signedIn } from './signed-in';
import { sendPage } from './ui/render';
import { Shell } from './ui/shell';

/**
 * The « Chiffres » page (ROUTES.figures). A plugin without fastify-plugin: registered inside the
 * inbox's guarded scope (server.ts, with the store and the clock, as request-pages.ts), it answers only a signed-in
 * member. It reads the store, computes (inbox/figures.ts) and renders (ui/figures-page.tsx in the Shell).
 */

/**
 * What the figures need from the store: every request (their columns, no visitor data), status changes, and
 * each request's sent devis (the most telling first: accepted or withdrawn, then the latest sent).
 */
export async function readFigureRows(db: Db): Promise<{ requests: FigureRequest[]; changes: StatusChange[] }> {
  const [requests, changes, devis] = await db.batch([
    'SELECT id, created_at, service_type, location, spam, status, deadline_at, called_back_at FROM requests',
    "SELECT request_id, status FROM request_events WHERE kind = 'status' AND status IS NOT NULL",
    `SELECT d.request_id, d.number, d.status, first.sent_at, current.valid_until,
       json_extract(current.content, '$.totals.htCents') AS ht_cents,
       (SELECT min(e.at) FROM devis_events e WHERE e.devis_id = d.id AND e.kind = 'opened') AS opened_at,
       (SELECT min(e.at) FROM devis_events e WHERE e.devis_id = d.id AND e.kind IN ('accepted', 'refused')) AS answered_at,
       (SELECT e.detail FROM devis_events e WHERE e.devis_id = d.id AND e.kind = 'refused' ORDER BY e.at DESC LIMIT 1) AS refusal_reason
     FROM devis d
       JOIN devis_versions first ON first.devis_id = d.id AND first.version = 1
       JOIN devis_versions current ON current.devis_id = d.id AND current.version = d.current_version
     ORDER BY d.status IN ('accepte', 'retracte'), first.sent_at, d.id`,
  ]);
  // The last row of a request wins: its accepted or withdrawn devis, else its latest sent.
  const devisOf = new Map<number, FigureDevis>();
  for (const row of devis?.rows ?? []) {
    devisOf.set(Number(row.request_id), {
      number: String(row.number),
      status: String(row.status) as DevisStatus,
      sentAt: String(row.sent_at),
      openedAt: row.opened_at === null ? null : String(row.opened_at),
      answeredAt: row.answered_at === null ? null : String(row.answered_at),
      htCents: Number(row.ht_cents),
      refusalReason: row.refusal_reason === null ? null : String(row.refusal_reason),
      validUntil: String(row.valid_until),
    });
  }
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
      ...(devisOf.has(Number(row.id)) ? { devis: devisOf.get(Number(row.id)) } : {}),
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
    const now = clock();
    const figures = figuresOf(requests, changes, now);
    return sendPage(
      reply,
      <Shell title={FIGURES_TITLE} member={member} csrfToken={csrfToken} current="chiffres">
        <FiguresPage figures={figures} expiring={expiringThisWeek(requests, now)} />
      </Shell>,
    );
  });
}
