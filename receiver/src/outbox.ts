import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { toRequest, type Db } from './db';
import { companyMail, visitorMail, type Mailer, type MailKind } from './mail';
import type { Layout } from './storage';

/**
 * The outbox worker: sends the mails written by the request's transaction, one at a time. A failure is
 * retried after a delay that doubles from QUOTE_RETRY_BASE_MS up to QUOTE_RETRY_MAX_MS; the rows are in
 * the database, so pending mails leave after a restart too. A mail is marked sent right after the SMTP
 * server accepted it: it is sent twice only if the process dies between the two (same Message-ID then).
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

export function startWorker(db: Db, mailer: Mailer, config: Config, dirs: Layout, log: FastifyBaseLogger): Worker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  async function sendDue(): Promise<number | undefined> {
    for (;;) {
      if (stopped) return undefined;
      const now = Date.now();
      const due = await db.execute({
        sql: `SELECT o.id AS outbox_id, o.kind, o.attempts, r.*
              FROM outbox o JOIN requests r ON r.id = o.request_id
              WHERE o.status = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at, o.id LIMIT 20`,
        args: [now],
      });
      if (due.rows.length === 0) break;
      for (const row of due.rows) {
        if (stopped) return undefined;
        const request = toRequest(row);
        const kind = String(row.kind) as MailKind;
        const outboxId = Number(row.outbox_id);
        const attempts = Number(row.attempts) + 1;
        const message = kind === 'company' ? companyMail(request, config, dirs) : visitorMail(request, config);
        try {
          await mailer.send(message, `${request.reference}-${kind}.eml`);
          await db.execute({
            sql: "UPDATE outbox SET status = 'sent', attempts = ?, sent_at = ?, last_error = NULL WHERE id = ?",
            args: [attempts, new Date().toISOString(), outboxId],
          });
          log.info({ reference: request.reference, mail: kind, status: 'sent', attempts }, 'mail sent');
        } catch (error) {
          const code = mailErrorCode(error);
          const expired = Date.now() - Date.parse(request.createdAt) > config.mailGiveUpHours * 3_600_000;
          await db.execute({
            sql: 'UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?',
            args: [expired ? 'failed' : 'pending', attempts, Date.now() + retryDelay(attempts, config), code, outboxId],
          });
          log.warn(
            { reference: request.reference, mail: kind, status: expired ? 'failed' : 'retry', attempts, error: code },
            'mail not sent',
          );
        }
      }
    }
    const next = await db.execute("SELECT MIN(next_attempt_at) AS next FROM outbox WHERE status = 'pending'");
    const value = next.rows[0]?.next;
    return value === null || value === undefined ? undefined : Number(value);
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
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = sendDue()
      .then(
        (nextDue) => {
          const nothingDue = nextDue === undefined || nextDue > Date.now();
          if (nothingDue && !again) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
          }
          schedule(nextDue);
        },
        (error: unknown) => {
          log.error({ status: 'outbox-error', error: mailErrorCode(error) }, 'outbox worker failed, retrying');
          schedule(undefined);
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
