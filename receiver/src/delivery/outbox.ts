import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { toRequest, type Db } from '../store/db';
import { companyMail, visitorMail, type Mailer, type MailKind } from './mail';
import { isTeamMail, teamMail } from './reminder-mails';
import type { Layout } from '../store/storage';

/**
 * The outbox worker: sends the mails written by the request's transaction, one at a time. The rows are in
 * the database, so pending mails leave after a restart too.
 * - A row is claimed before it is sent (claimed_until, a lease taken only while the row is still pending
 *   and unclaimed), then marked sent once the SMTP server accepted it.
 * - A mail the relay accepted but the store could not mark sent (disk full, a lock held too long) is kept
 *   in memory: the next passes retry the recording only, never the sending. Only a crash between the send
 *   and the record sends one more copy (same Message-ID), after the restart.
 * - A temporary failure is retried after a delay that doubles from QUOTE_RETRY_BASE_MS up to
 *   QUOTE_RETRY_MAX_MS, until QUOTE_MAIL_GIVE_UP_HOURS; a permanent refusal of the mail (a 5xx to RCPT TO
 *   or DATA, such as 550 unknown recipient) marks it failed at once.
 * - A pass that fails as a whole (the store unusable) is followed by the next one after the same growing
 *   delay, not at the polling period.
 */

export type Worker = {
  /** Looks for due mails now (called after each stored request). */
  wake(): void;
  /** Resolves when nothing is due any more (tests, the benchmark). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

export function retryDelay(attempts: number, config: Pick<Config, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}

/** Only codes, never the message: an SMTP error quotes the recipient's address. */
export function mailErrorCode(error: unknown): string {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  return [code, responseCode, command].filter((part) => part !== undefined && part !== null).join(' ') || 'unknown';
}

/**
 * A refusal of this very mail by the relay, which no retry changes: a 5xx to its recipient or its content.
 * A 5xx elsewhere (to AUTH or MAIL FROM: a wrong password, a sender the relay refuses) is a setting to fix
 * and is retried like an outage, so that the mails leave once it is fixed.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}

/** How long a claimed mail stays reserved: past every SMTP timeout of one send. */
export function leaseMs(config: Pick<Config, 'smtpTimeoutMs'>): number {
  return config.smtpTimeoutMs * 5;
}

/** At start-up, with the data folder locked: no other worker can hold a claim, so every claim is stale. */
export async function releaseClaims(db: Db): Promise<void> {
  await db.execute('UPDATE outbox SET claimed_until = NULL WHERE claimed_until IS NOT NULL');
}

type Sent = { reference: string; kind: MailKind; attempts: number; sentAt: string };

export function startWorker(db: Db, mailer: Mailer, config: Config, dirs: Layout, log: FastifyBaseLogger): Worker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  /** Sent by the relay, not yet marked sent in the store: only the recording is retried. */
  const unrecorded = new Map<number, Sent>();
  /** Passes failed in a row, and no pass before this time (wake() included). */
  let failedPasses = 0;
  let backoffUntil = 0;

  async function recordSent(outboxId: number, sent: Sent): Promise<void> {
    await db.execute({
      sql: "UPDATE outbox SET status = 'sent', attempts = ?, sent_at = ?, last_error = NULL, claimed_until = NULL WHERE id = ?",
      args: [sent.attempts, sent.sentAt, outboxId],
    });
    unrecorded.delete(outboxId);
    log.info({ reference: sent.reference, mail: sent.kind, status: 'sent', attempts: sent.attempts }, 'mail sent');
  }

  async function sendDue(): Promise<number | undefined> {
    for (const [outboxId, sent] of unrecorded) {
      if (stopped) return undefined;
      await recordSent(outboxId, sent);
    }
    for (;;) {
      if (stopped) return undefined;
      const now = Date.now();
      const due = await db.execute({
        sql: `SELECT o.id AS outbox_id, o.kind, o.attempts, o.digest_day, o.queued_at, r.*,
                EXISTS (SELECT 1 FROM outbox v WHERE v.request_id = r.id AND v.kind = 'visitor') AS confirmation
              FROM outbox o LEFT JOIN requests r ON r.id = o.request_id
              WHERE o.status = 'pending' AND o.next_attempt_at <= ? AND (o.claimed_until IS NULL OR o.claimed_until <= ?)
              ORDER BY o.next_attempt_at, o.id LIMIT 20`,
        args: [now, now],
      });
      if (due.rows.length === 0) break;
      for (const row of due.rows) {
        if (stopped) return undefined;
        const kind = String(row.kind) as MailKind;
        // A team mail (delivery/reminder-mails.ts) may have no request (the digest), and gives up from its queuing.
        const reference = row.reference === null ? `digest-${String(row.digest_day)}` : String(row.reference);
        const since = isTeamMail(kind) ? String(row.queued_at) : String(row.created_at);
        const outboxId = Number(row.outbox_id);
        const attempts = Number(row.attempts) + 1;
        const claimedAt = Date.now();
        const claim = await db.execute({
          sql: `UPDATE outbox SET claimed_until = ?
                WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)`,
          args: [claimedAt + leaseMs(config), outboxId, claimedAt],
        });
        if (claim.rowsAffected !== 1) continue;
        const message = isTeamMail(kind)
          ? await teamMail(db, kind, row, config, new Date())
          : kind === 'company'
            ? companyMail(toRequest(row), config, dirs, { confirmation: Number(row.confirmation) === 1 })
            : visitorMail(toRequest(row), config);
        if (message === undefined) {
          // No longer needed (the request was called back, nothing is open): never sent, never retried.
          await db.execute({
            sql: "UPDATE outbox SET status = 'cancelled', claimed_until = NULL WHERE id = ?",
            args: [outboxId],
          });
          log.info({ reference, mail: kind, status: 'cancelled' }, 'mail no longer needed');
          continue;
        }
        try {
          await mailer.send(message, `${reference}-${kind}.eml`);
        } catch (error) {
          await recordFailure(outboxId, reference, since, kind, attempts, error);
          continue;
        }
        const sent: Sent = { reference, kind, attempts, sentAt: new Date().toISOString() };
        unrecorded.set(outboxId, sent);
        await recordSent(outboxId, sent);
      }
    }
    const next = await db.execute("SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'");
    const value = next.rows[0]?.next;
    return value === null || value === undefined ? undefined : Number(value);
  }

  async function recordFailure(
    outboxId: number,
    reference: string,
    createdAt: string,
    kind: MailKind,
    attempts: number,
    error: unknown,
  ): Promise<void> {
    const code = mailErrorCode(error);
    const permanent = isPermanentRefusal(error);
    const expired = Date.now() - Date.parse(createdAt) > config.mailGiveUpHours * 3_600_000;
    const failed = permanent || expired;
    await db.execute({
      sql: 'UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, claimed_until = NULL WHERE id = ?',
      args: [failed ? 'failed' : 'pending', attempts, Date.now() + retryDelay(attempts, config), code, outboxId],
    });
    const line = { reference, mail: kind, status: failed ? 'failed' : 'retry', attempts, error: code };
    if (permanent) log.error(line, 'mail refused for good by the SMTP server');
    else if (expired) log.error(line, 'mail given up');
    else log.warn(line, 'mail not sent');
  }

  function schedule(nextDue: number | undefined) {
    if (stopped) return;
    clearTimeout(timer);
    const wait =
      nextDue === undefined ? config.outboxPollMs : Math.min(config.outboxPollMs, Math.max(nextDue - Date.now(), 0));
    timer = setTimeout(run, wait);
    timer.unref();
  }

  function run(): void {
    if (stopped || Date.now() < backoffUntil) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = sendDue()
      .then(
        (nextDue) => {
          failedPasses = 0;
          const nothingDue = nextDue === undefined || nextDue > Date.now();
          if (nothingDue && !again) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
          }
          schedule(nextDue);
        },
        (error: unknown) => {
          failedPasses += 1;
          const delay = retryDelay(failedPasses, config);
          backoffUntil = Date.now() + delay;
          log.error(
            {
              status: 'outbox-error',
              error: mailErrorCode(error),
              failedPasses,
              retryInMs: delay,
              unrecorded: unrecorded.size,
            },
            'outbox pass failed, next one after a delay',
          );
          again = false;
          clearTimeout(timer);
          timer = setTimeout(() => {
            backoffUntil = 0;
            run();
          }, delay);
          timer.unref();
        },
      )
      .finally(() => {
        running = undefined;
        if (again) run();
      });
  }

  run();
  return {
    wake: run,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        run();
      }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const resolve of idleWaiters) resolve();
    },
  };
}
