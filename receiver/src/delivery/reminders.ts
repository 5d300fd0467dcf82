import { closures as companyClosures, isoDay, type Closure } from '../facts';
import type { FastifyBaseLogger } from 'fastify';
import type { InStatement } from '@libsql/client';
import type { Config } from '../config';
import type { Db } from '../store/db';
import { atParisTime, deadlineOf, isWorkingDay, reminderOf } from '../requests/deadline';
import { dayReference, devisReference, messageIdFor } from '../requests/mail-kinds';
import { dueDevisReminders, type DevisCandidate, type DevisReminderKind } from '../requests/devis/reminders';
import { DEVIS_AWAITING, type DevisStatus } from '../requests/devis/statuses';
import { expireDue } from '../store/devis-queries';
import { NEW_STATUS } from '../requests/statuses';

/**
 * The reminders of the call-back promise (issue 28, section 4), queued in the outbox, which sends them
 * like every mail (retried, never doubled, across restarts and faults):
 * - a reminder when a request is still « Nouvelle » REMINDER_WORKING_HOURS working hours before its
 *   deadline (requests/deadline.ts), and a late mail at its deadline: each at most once per request (the
 *   outbox's UNIQUE (request_id, kind)), and only for requests stored with their deadline (reminders = 1:
 *   requests received before the inbox appear in the digest only);
 * - the digest of open and late requests, on working-day mornings at QUOTE_DIGEST_TIME (Paris), at most
 *   once per day (the outbox's UNIQUE digest_day); QUOTE_DIGEST_TIME=off turns it off.
 * dueMails() decides from the store's rows and `now` (pure); queueDueMails() reads the rows and inserts what
 * is due; startReminders() runs it at start and every SCHEDULER_PERIOD_MS. A receiver stopped when a mail
 * fell due queues it at its next start: a reminder until the deadline, a late mail until LATE_MAIL_HOURS
 * after it (later, the digest says it).
 */

export const SCHEDULER_PERIOD_MS = 60_000;

/** A late mail is not queued more than this long after the deadline (a receiver stopped for days). */
export const LATE_MAIL_HOURS = 24;

/** A request still « Nouvelle » that may need a reminder or a late mail, with what its outbox holds. */
export type Candidate = {
  id: number;
  reference: string;
  deadlineAt: string;
  reminderQueued: boolean;
  lateQueued: boolean;
};

export type Due =
  | { kind: 'reminder' | 'late'; requestId: number; reference: string }
  | { kind: 'digest'; day: string }
  | { kind: DevisReminderKind; versionId: number; reference: string };

/**
 * What is due at `now`, given the open requests still « Nouvelle » and whether today's digest is queued;
 * `closures`, the company's by default (facts.ts), are not working days: no digest, no reminder hours.
 */
export function dueMails(
  candidates: readonly Candidate[],
  now: Date,
  digest: { time: string | undefined; queuedToday: boolean },
  closures: readonly Closure[] = companyClosures,
): Due[] {
  const due: Due[] = [];
  const time = now.getTime();
  for (const request of candidates) {
    const deadline = new Date(request.deadlineAt);
    if (time >= deadline.getTime()) {
      if (!request.lateQueued && time < deadline.getTime() + LATE_MAIL_HOURS * 3_600_000) {
        due.push({ kind: 'late', requestId: request.id, reference: request.reference });
      }
    } else if (!request.reminderQueued && time >= reminderOf(deadline, closures).getTime()) {
      due.push({ kind: 'reminder', requestId: request.id, reference: request.reference });
    }
  }
  if (
    digest.time !== undefined &&
    !digest.queuedToday &&
    isWorkingDay(now, closures) &&
    time >= atParisTime(now, digest.time).getTime()
  ) {
    due.push({ kind: 'digest', day: isoDay(now) });
  }
  return due;
}

/**
 * Reads the store, queues what dueMails() finds due, and returns it. Every insert is ON CONFLICT DO NOTHING
 * (and a reminder is queued only while its request is still « Nouvelle »), so two passes, or a pass after a
 * restart, never queue a mail twice. A request's history gets a 'reminder' event with each mail queued.
 */
export async function queueDueMails(
  db: Db,
  config: Pick<Config, 'fromEmail' | 'digestTime'>,
  now: Date,
): Promise<Due[]> {
  const since = new Date(now.getTime() - LATE_MAIL_HOURS * 3_600_000).toISOString();
  const rows = await db.execute({
    sql: `SELECT r.id, r.reference, r.deadline_at,
            EXISTS (SELECT 1 FROM outbox o WHERE o.request_id = r.id AND o.kind = 'reminder') AS reminder_queued,
            EXISTS (SELECT 1 FROM outbox o WHERE o.request_id = r.id AND o.kind = 'late') AS late_queued
          FROM requests r
          WHERE r.spam = 0 AND r.status = '${NEW_STATUS}' AND r.reminders = 1 AND r.deadline_at > ?`,
    args: [since],
  });
  const candidates: Candidate[] = rows.rows.map((row) => ({
    id: Number(row.id),
    reference: String(row.reference),
    deadlineAt: String(row.deadline_at),
    reminderQueued: Number(row.reminder_queued) === 1,
    lateQueued: Number(row.late_queued) === 1,
  }));
  const day = isoDay(now);
  const digestRow = await db.execute({
    sql: "SELECT 1 FROM outbox WHERE kind = 'digest' AND digest_day = ?",
    args: [day],
  });
  const due: Due[] = [
    ...dueMails(candidates, now, { time: config.digestTime, queuedToday: digestRow.rows.length > 0 }),
    ...(await dueDevisMails(db, now)),
  ];
  if (due.length === 0) return due;

  // Queue bookkeeping runs on the outbox's clock (the real one): due now.
  const queuedAt = Date.now();
  const statements: InStatement[] = [];
  for (const mail of due) {
    if (mail.kind === 'digest') {
      statements.push({
        sql: `INSERT INTO outbox (kind, message_id, next_attempt_at, digest_day) VALUES ('digest', ?, ?, ?)
              ON CONFLICT DO NOTHING`,
        args: [messageIdFor(dayReference(mail.day), 'digest', config.fromEmail), queuedAt, mail.day],
      });
      continue;
    }
    if ('versionId' in mail) {
      // A devis's reminder: only while its version is current and awaiting an answer.
      statements.push({
        sql: `INSERT INTO outbox (devis_version_id, kind, message_id, next_attempt_at)
              SELECT v.id, ?, ?, ? FROM devis_versions v JOIN devis d ON d.id = v.devis_id
              WHERE v.id = ? AND d.current_version = v.version AND d.status IN (${AWAITING})
              ON CONFLICT DO NOTHING`,
        args: [mail.kind, messageIdFor(mail.reference, mail.kind, config.fromEmail), queuedAt, mail.versionId],
      });
      continue;
    }
    statements.push(
      {
        sql: `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at)
              SELECT id, ?, ?, ? FROM requests WHERE id = ? AND status = '${NEW_STATUS}' AND spam = 0
              ON CONFLICT DO NOTHING`,
        args: [mail.kind, messageIdFor(mail.reference, mail.kind, config.fromEmail), queuedAt, mail.requestId],
      },
      {
        sql: `INSERT INTO request_events (request_id, at, kind, detail) SELECT ?, ?, 'reminder', ? WHERE changes() = 1`,
        args: [mail.requestId, now.toISOString(), mail.kind],
      },
    );
  }
  await db.batch(statements, 'write');
  return due;
}

const AWAITING = DEVIS_AWAITING.map((status) => `'${status}'`).join(', ');
const DEVIS_REMINDER_KINDS: readonly DevisReminderKind[] = ['devis_not_opened', 'devis_not_answered', 'devis_expiring'];

/**
 * The devis's reminders due at `now` (requests/devis/reminders.ts), from the current versions awaiting an
 * answer. The devis whose validity has ended become « Expiré » first (store/devis-queries.ts expireDue).
 */
async function dueDevisMails(db: Db, now: Date): Promise<Due[]> {
  await expireDue(db, now);
  const rows = await db.execute(
    `SELECT v.id AS version_id, d.status, v.sent_at, v.valid_until, v.version, d.number, r.reference,
       (SELECT group_concat(o.kind) FROM outbox o WHERE o.devis_version_id = v.id) AS queued
     FROM devis d JOIN devis_versions v ON v.devis_id = d.id AND v.version = d.current_version
       JOIN requests r ON r.id = d.request_id
     WHERE d.status IN (${AWAITING}) AND r.spam = 0`,
  );
  const references = new Map<number, string>();
  const candidates: DevisCandidate[] = rows.rows.map((row) => {
    const versionId = Number(row.version_id);
    references.set(versionId, devisReference(String(row.reference), String(row.number), Number(row.version)));
    const queued = String(row.queued ?? '').split(',');
    return {
      versionId,
      status: String(row.status) as DevisStatus,
      sentAt: String(row.sent_at),
      validUntil: String(row.valid_until),
      queued: new Set(DEVIS_REMINDER_KINDS.filter((kind) => queued.includes(kind))),
    };
  });
  return dueDevisReminders(candidates, now).map((mail) => ({
    ...mail,
    reference: references.get(mail.versionId) ?? '',
  }));
}

/**
 * Gives a deadline to the requests that have none (stored before the inbox): idempotent, run at each start.
 * They get no reminders (reminders stays 0): the team handled them by mail; the digest lists those still open.
 */
export async function backfillDeadlines(db: Db): Promise<number> {
  const rows = await db.execute('SELECT id, created_at FROM requests WHERE deadline_at IS NULL');
  if (rows.rows.length === 0) return 0;
  await db.batch(
    rows.rows.map((row) => ({
      sql: 'UPDATE requests SET deadline_at = ? WHERE id = ? AND deadline_at IS NULL',
      args: [deadlineOf(new Date(String(row.created_at)), companyClosures).toISOString(), Number(row.id)],
    })),
    'write',
  );
  return rows.rows.length;
}

export type Reminders = {
  /** Resolves when the pass under way, if any, is over (the plugin waits for the first one). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Runs queueDueMails() now and every SCHEDULER_PERIOD_MS, waking the outbox when something was queued. A
 * failed pass (the store busy, say) is logged and the next one tries again.
 */
export function startReminders(
  db: Db,
  config: Pick<Config, 'fromEmail' | 'digestTime'>,
  wakeOutbox: () => void,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
): Reminders {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = queueDueMails(db, config, clock())
      .then(
        (due) => {
          for (const mail of due) {
            log.info(
              { mail: mail.kind, ...(mail.kind === 'digest' ? { day: mail.day } : { reference: mail.reference }) },
              'reminder queued',
            );
          }
          if (due.length > 0) wakeOutbox();
        },
        (error: unknown) =>
          log.error({ error: (error as { code?: string }).code ?? String(error) }, 'reminders pass failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, SCHEDULER_PERIOD_MS);
  timer.unref();
  return {
    async idle() {
      await running;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
