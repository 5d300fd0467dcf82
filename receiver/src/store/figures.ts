import type { DevisStatus } from '../requests/devis/statuses';
import type { Db } from './db';

/**
 * What the « Chiffres » page reads (inbox/figures.ts computes, inbox/figures-route.tsx renders): every
 * request (their columns, no visitor data), the status changes of their history, and each request's devis.
 */

/** What the figures read of a request's devis (its first sending, its record, its current version). */
export type FigureDevis = {
  number: string;
  status: DevisStatus;
  sentAt: string;
  openedAt: string | null;
  /** When the client accepted or refused it. */
  answeredAt: string | null;
  /** The current version's total excluding VAT, in cents. */
  htCents: number;
  /** The reason a client gave for refusing it, if any. */
  refusalReason: string | null;
  /** The current version's last valid day, « YYYY-MM-DD ». */
  validUntil: string;
};

/** What the figures read of a request (requests row). */
export type FigureRequest = {
  id: number;
  createdAt: string;
  serviceType: string;
  location: string;
  spam: boolean;
  status: string;
  deadlineAt: string | null;
  calledBackAt: string | null;
  devis?: FigureDevis;
};

/** A status change in a request's history (request_events, kind 'status'). */
export type StatusChange = { requestId: number; status: string };

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
