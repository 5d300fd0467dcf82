import { closures as companyClosures, isoDay, site, type Closure, type OpeningRule } from '../facts';
import { publishedSite, publishedSiteData } from '../store/site-data';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../store/db';
import { atParisTime, deadlineOf, isWorkingDay, reminderOf } from '../requests/deadline';
import { dayReference, devisReference, messageIdFor } from '../requests/mail-kinds';
import { dueDevisReminders, type DevisCandidate, type DevisReminderKind } from '../requests/devis/reminders';
import { expireDue } from '../store/devis-queries';
import { queueReviewRequests } from './review-requests';
import {
  awaitingVersions,
  digestQueued,
  queueScheduledMails,
  reminderCandidates,
  requestsWithoutDeadline,
  setMissingDeadlines,
  type Candidate,
  type ScheduledMail,
} from '../store/reminders';

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

/** A mail this module decides due and queues (store/reminders.ts queueScheduledMails). */
type ScheduledDue =
  | { kind: 'reminder' | 'late'; requestId: number; reference: string }
  | { kind: 'digest'; day: string }
  | { kind: DevisReminderKind; versionId: number; reference: string };

/** What a pass queued: its own mails, and the requests for a review (review-requests.ts). */
export type Due = ScheduledDue | { kind: 'review_request'; reference: string };

/**
 * What is due at `now`, given the open requests still « Nouvelle » and whether today's digest is queued;
 * `closures`, the company's by default (facts.ts), are not working days: no digest, no reminder hours;
 * `hours`, the opening hours (the built site's by default), make the working hours.
 */
export function dueMails(
  candidates: readonly Candidate[],
  now: Date,
  digest: { time: string | undefined; queuedToday: boolean },
  closures: readonly Closure[] = companyClosures,
  hours: readonly OpeningRule[] = site.openingHours,
): ScheduledDue[] {
  const due: ScheduledDue[] = [];
  const time = now.getTime();
  for (const request of candidates) {
    const deadline = new Date(request.deadlineAt);
    if (time >= deadline.getTime()) {
      if (!request.lateQueued && time < deadline.getTime() + LATE_MAIL_HOURS * 3_600_000) {
        due.push({ kind: 'late', requestId: request.id, reference: request.reference });
      }
    } else if (!request.reminderQueued && time >= reminderOf(deadline, closures, hours).getTime()) {
      due.push({ kind: 'reminder', requestId: request.id, reference: request.reference });
    }
  }
  if (
    digest.time !== undefined &&
    !digest.queuedToday &&
    isWorkingDay(now, closures, hours) &&
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
  config: Pick<Config, 'fromEmail' | 'digestTime'> & Partial<Pick<Config, 'site'>>,
  now: Date,
): Promise<Due[]> {
  // The closures and hours as published (store/site-data.ts): no reminder, no digest on the days the owner
  // closed, the reminders within the hours the owner opens.
  const closures = publishedSiteData(config.site?.sourceDir).coordonnees.closures;
  const hours = publishedSite(config.site?.sourceDir).openingHours;
  const since = new Date(now.getTime() - LATE_MAIL_HOURS * 3_600_000).toISOString();
  const candidates = await reminderCandidates(db, since);
  const queuedToday = await digestQueued(db, isoDay(now));
  const due: ScheduledDue[] = [
    ...dueMails(candidates, now, { time: config.digestTime, queuedToday }, closures, hours),
    ...(await dueDevisMails(db, now, closures, hours)),
  ];
  // The requests for a review (docs/avis.md) queue themselves, each with its own link.
  const reviews = (await queueReviewRequests(db, config.fromEmail, now)).map((reference): Due => ({
    kind: 'review_request',
    reference,
  }));
  if (due.length === 0) return reviews;

  // Queue bookkeeping runs on the outbox's clock (the real one): due now.
  const queuedAt = Date.now();
  const mails = due.map((mail): ScheduledMail => {
    if (mail.kind === 'digest') {
      return { ...mail, messageId: messageIdFor(dayReference(mail.day), 'digest', config.fromEmail) };
    }
    return { ...mail, messageId: messageIdFor(mail.reference, mail.kind, config.fromEmail) };
  });
  await queueScheduledMails(db, mails, queuedAt, now);
  return [...due, ...reviews];
}

const DEVIS_REMINDER_KINDS: readonly DevisReminderKind[] = ['devis_not_opened', 'devis_not_answered', 'devis_expiring'];

/**
 * The devis's reminders due at `now` (requests/devis/reminders.ts), from the current versions awaiting an
 * answer. The devis whose validity has ended become « Expiré » first (store/devis-queries.ts expireDue).
 */
async function dueDevisMails(
  db: Db,
  now: Date,
  closures: readonly Closure[],
  hours: readonly OpeningRule[],
): Promise<ScheduledDue[]> {
  await expireDue(db, now);
  const references = new Map<number, string>();
  const candidates: DevisCandidate[] = (await awaitingVersions(db)).map((row) => {
    references.set(row.versionId, devisReference(row.requestReference, row.number, row.version));
    return {
      versionId: row.versionId,
      status: row.status,
      sentAt: row.sentAt,
      validUntil: row.validUntil,
      queued: new Set(DEVIS_REMINDER_KINDS.filter((kind) => row.queued.includes(kind))),
    };
  });
  return dueDevisReminders(candidates, now, closures, hours).map((mail) => ({
    ...mail,
    reference: references.get(mail.versionId) ?? '',
  }));
}

/**
 * Gives a deadline to the requests that have none (stored before the inbox): idempotent, run at each start.
 * They get no reminders (reminders stays 0): the team handled them by mail; the digest lists those still open.
 */
export async function backfillDeadlines(db: Db): Promise<number> {
  const requests = await requestsWithoutDeadline(db);
  if (requests.length === 0) return 0;
  await setMissingDeadlines(
    db,
    requests.map(({ id, createdAt }) => ({
      id,
      deadlineAt: deadlineOf(new Date(createdAt), companyClosures).toISOString(),
    })),
  );
  return requests.length;
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
