import type { InStatement, Row } from '@libsql/client';
import { lateSql, openSql } from '../requests/open-late';
import { DEVIS_AWAITING, type DevisStatus } from '../requests/devis/statuses';
import { NEW_STATUS } from '../requests/statuses';
import type { Db } from './db';

/**
 * What the reminders' scheduler (delivery/reminders.ts) and the team's mails (delivery/reminder-mails.ts) read
 * and queue: the requests still « Nouvelle » with what the outbox holds for them, today's digest, the devis
 * awaiting an answer, the open requests a digest lists, and the mails the scheduler queues.
 */

/** A request still « Nouvelle » that may need a reminder or a late mail, with what its outbox holds. */
export type Candidate = {
  id: number;
  reference: string;
  deadlineAt: string;
  reminderQueued: boolean;
  lateQueued: boolean;
};

/** The requests still « Nouvelle », with reminders, whose deadline is after `since`. */
export async function reminderCandidates(db: Db, since: string): Promise<Candidate[]> {
  const rows = await db.execute({
    sql: `SELECT r.id, r.reference, r.deadline_at,
            EXISTS (SELECT 1 FROM outbox o WHERE o.request_id = r.id AND o.kind = 'reminder') AS reminder_queued,
            EXISTS (SELECT 1 FROM outbox o WHERE o.request_id = r.id AND o.kind = 'late') AS late_queued
          FROM requests r
          WHERE r.spam = 0 AND r.status = '${NEW_STATUS}' AND r.reminders = 1 AND r.deadline_at > ?`,
    args: [since],
  });
  return rows.rows.map((row) => ({
    id: Number(row.id),
    reference: String(row.reference),
    deadlineAt: String(row.deadline_at),
    reminderQueued: Number(row.reminder_queued) === 1,
    lateQueued: Number(row.late_queued) === 1,
  }));
}

/** Whether the digest of `day` (YYYY-MM-DD) is queued already. */
export async function digestQueued(db: Db, day: string): Promise<boolean> {
  const digestRow = await db.execute({
    sql: "SELECT 1 FROM outbox WHERE kind = 'digest' AND digest_day = ?",
    args: [day],
  });
  return digestRow.rows.length > 0;
}

const AWAITING = DEVIS_AWAITING.map((status) => `'${status}'`).join(', ');

/** A current version awaiting an answer, with the kinds of mails its outbox rows hold. */
export type AwaitingVersion = {
  versionId: number;
  status: DevisStatus;
  sentAt: string;
  validUntil: string;
  version: number;
  number: string;
  requestReference: string;
  queued: string[];
};

export async function awaitingVersions(db: Db): Promise<AwaitingVersion[]> {
  const rows = await db.execute(
    `SELECT v.id AS version_id, d.status, v.sent_at, v.valid_until, v.version, d.number, r.reference,
       (SELECT group_concat(o.kind) FROM outbox o WHERE o.devis_version_id = v.id) AS queued
     FROM devis d JOIN devis_versions v ON v.devis_id = d.id AND v.version = d.current_version
       JOIN requests r ON r.id = d.request_id
     WHERE d.status IN (${AWAITING}) AND r.spam = 0`,
  );
  return rows.rows.map((row) => ({
    versionId: Number(row.version_id),
    status: String(row.status) as DevisStatus,
    sentAt: String(row.sent_at),
    validUntil: String(row.valid_until),
    version: Number(row.version),
    number: String(row.number),
    requestReference: String(row.reference),
    queued: String(row.queued ?? '').split(','),
  }));
}

/** A mail the scheduler queues, with its Message-ID. */
export type ScheduledMail =
  | { kind: 'digest'; day: string; messageId: string }
  | { kind: 'reminder' | 'late'; requestId: number; messageId: string }
  | { kind: string; versionId: number; messageId: string };

/**
 * Queues the mails, in one transaction, due at `queuedAt` (the outbox's clock). Every insert is ON CONFLICT
 * DO NOTHING; a request's mail only while it is still « Nouvelle » (with a 'reminder' event in its history,
 * dated `now`), a devis's only while its version is current and awaiting an answer.
 */
export async function queueScheduledMails(
  db: Db,
  mails: readonly ScheduledMail[],
  queuedAt: number,
  now: Date,
): Promise<void> {
  const statements: InStatement[] = [];
  for (const mail of mails) {
    if ('day' in mail) {
      statements.push({
        sql: `INSERT INTO outbox (kind, message_id, next_attempt_at, digest_day) VALUES ('digest', ?, ?, ?)
              ON CONFLICT DO NOTHING`,
        args: [mail.messageId, queuedAt, mail.day],
      });
      continue;
    }
    if ('versionId' in mail) {
      statements.push({
        sql: `INSERT INTO outbox (devis_version_id, kind, message_id, next_attempt_at)
              SELECT v.id, ?, ?, ? FROM devis_versions v JOIN devis d ON d.id = v.devis_id
              WHERE v.id = ? AND d.current_version = v.version AND d.status IN (${AWAITING})
              ON CONFLICT DO NOTHING`,
        args: [mail.kind, mail.messageId, queuedAt, mail.versionId],
      });
      continue;
    }
    statements.push(
      {
        sql: `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at)
              SELECT id, ?, ?, ? FROM requests WHERE id = ? AND status = '${NEW_STATUS}' AND spam = 0
              ON CONFLICT DO NOTHING`,
        args: [mail.kind, mail.messageId, queuedAt, mail.requestId],
      },
      {
        sql: `INSERT INTO request_events (request_id, at, kind, detail) SELECT ?, ?, 'reminder', ? WHERE changes() = 1`,
        args: [mail.requestId, now.toISOString(), mail.kind],
      },
    );
  }
  await db.batch(statements, 'write');
}

/** The requests stored without a deadline (before the inbox): their id and when they were received. */
export async function requestsWithoutDeadline(db: Db): Promise<{ id: number; createdAt: string }[]> {
  const rows = await db.execute('SELECT id, created_at FROM requests WHERE deadline_at IS NULL');
  return rows.rows.map((row) => ({ id: Number(row.id), createdAt: String(row.created_at) }));
}

/** Gives those requests their deadline, in one transaction (a request given one meanwhile keeps it). */
export async function setMissingDeadlines(
  db: Db,
  deadlines: readonly { id: number; deadlineAt: string }[],
): Promise<void> {
  await db.batch(
    deadlines.map(({ id, deadlineAt }) => ({
      sql: 'UPDATE requests SET deadline_at = ? WHERE id = ? AND deadline_at IS NULL',
      args: [deadlineAt, id],
    })),
    'write',
  );
}

/** What a team mail says of a request. */
export type RequestSummary = {
  reference: string;
  firstName: string;
  lastName: string;
  serviceType: string;
  location: string;
  createdAt: string;
  deadlineAt: string | null;
  status: string;
};

/** A request's row (or an outbox row with its request's columns) as a team mail says it. */
export function toSummary(row: Row): RequestSummary {
  return {
    reference: String(row.reference),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    serviceType: String(row.service_type),
    location: String(row.location),
    createdAt: String(row.created_at),
    deadlineAt: row.deadline_at === null ? null : String(row.deadline_at),
    status: String(row.status),
  };
}

const OPEN_SQL = `SELECT reference, first_name, last_name, service_type, location, created_at, deadline_at, status
  FROM requests WHERE spam = 0 AND ${openSql()}`;

/** The open requests (not spam, not closed), late ones first, then by deadline. */
export async function openRequests(db: Db, now: Date): Promise<RequestSummary[]> {
  const result = await db.execute({
    sql: `${OPEN_SQL} ORDER BY ${lateSql()} DESC, deadline_at IS NULL, deadline_at, id`,
    args: [now.toISOString()],
  });
  return result.rows.map(toSummary);
}
