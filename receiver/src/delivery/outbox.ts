import type { FastifyBaseLogger } from 'fastify';
import { statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config';
import { type Db } from '../store/db';
import { toRequest } from '../store/request-queries';
import { LOCK_FILE } from '../store/lock';
import {
  claimHolders,
  claimMail,
  clampRetriesTo,
  dueMails,
  markCancelled,
  markSent,
  nextAttemptAt,
  recordFailedAttempt,
  recordMaybeDelivered,
  releaseClaimsOf,
  retryWithoutFile,
} from '../store/outbox';
import { emlName, MAIL_KINDS, type MailKind } from '../requests/mail-kinds';
import type { Layout } from '../store/storage';
import { MAIL_BUILDERS } from './builders';
import { givesUpFrom, referenceOf } from './due-mail';
import { attachesFile } from './request-mails';
import { type Mailer } from './mailer';
import {
  isMaybeDelivered,
  isPermanentRefusal,
  isSizeRefusal,
  mailErrorCode,
  MAYBE_DELIVERED_RETRIES,
  maybeDeliveredDelay,
  retryDelay,
} from './smtp-errors';

/**
 * The outbox worker: sends the mails written by the request's transaction, one at a time, claimed before and
 * marked after each send; retries, « peut-être remis », a mail too big, the steady clock and the lock file:
 * docs/recevoir-les-demandes.md, « La file d’envoi, pas à pas ».
 */

export type Worker = {
  /** Looks for due mails now (called after each stored request). */
  wake(): void;
  /** Resolves when nothing is due any more (tests, the benchmark). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/** How long a claimed mail stays reserved: past every SMTP timeout of one send. */
export function leaseMs(config: Pick<Config, 'smtpTimeoutMs'>): number {
  return config.smtpTimeoutMs * 5;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/**
 * At start-up, with the data folder locked: a claim of a process that is gone is stale and released. A claim
 * of a live process stays until its lease ends: a receiver whose lock file was deleted may still be sending
 * that mail.
 */
export async function releaseClaims(db: Db): Promise<void> {
  for (const pid of await claimHolders(db)) {
    if (pid !== null && pid !== process.pid && isAlive(pid)) continue;
    await releaseClaimsOf(db, pid);
  }
}

/** The lock file's identity (device and inode), to notice its deletion or replacement. */
function lockIdentity(dirs: Layout): string | undefined {
  try {
    const stats = statSync(path.join(dirs.root, LOCK_FILE));
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

type Sent = { reference: string; kind: MailKind; attempts: number; sentAt: string };

type Failure = { outboxId: number; reference: string; createdAt: string; kind: MailKind; attempts: number };

export function startWorker(db: Db, mailer: Mailer, config: Config, dirs: Layout, log: FastifyBaseLogger): Worker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  /** Sent by the relay, not yet marked sent in the store: only the recording is retried. */
  const unrecorded = new Map<number, Sent>();
  /** Passes failed in a row, and no pass before this time (but a new request's wake()). */
  let failedPasses = 0;
  let backoffUntil = 0;

  /** The steady clock: the wall clock at start, then the monotonic clock's progress (never steps). */
  const wallAtStart = Date.now();
  const monotonicAtStart = performance.now();
  const now = () => Math.round(wallAtStart + (performance.now() - monotonicAtStart));

  /** The lock file this process locked (startReceiver locks before the worker starts). */
  const lock = lockIdentity(dirs);
  let lockLost = false;
  function lockHeld(): boolean {
    if (lockLost) return false;
    if (lockIdentity(dirs) === lock) return true;
    lockLost = true;
    log.error(
      { status: 'lock-lost', lock: LOCK_FILE },
      'the data folder lock file was deleted or replaced: this receiver sends no more mails, restart it',
    );
    return false;
  }

  async function recordSent(outboxId: number, sent: Sent): Promise<void> {
    await markSent(db, outboxId, sent.attempts, sent.sentAt);
    unrecorded.delete(outboxId);
    log.info({ reference: sent.reference, mail: sent.kind, status: 'sent', attempts: sent.attempts }, 'mail sent');
  }

  async function sendDue(): Promise<number | undefined> {
    for (const [outboxId, sent] of unrecorded) {
      if (stopped) return undefined;
      await recordSent(outboxId, sent);
    }
    for (;;) {
      if (stopped || !lockHeld()) return undefined;
      // Due on the steady clock; a mail never tried is also due by the wall clock that dated it (a clock
      // stepped forward since start would otherwise hold new requests back). Leases are shared with other
      // processes, on the wall clock.
      const wall = Date.now();
      const due = await dueMails(db, now(), wall);
      if (due.length === 0) break;
      for (const row of due) {
        if (stopped || !lockHeld()) return undefined;
        const kind = String(row.kind) as MailKind;
        // A day's or a member's mail has no request (the digest, a new passkey); a mail the scheduler queued gives up from its queuing.
        const rule = MAIL_KINDS[kind];
        const reference = referenceOf(rule.about, row);
        const since = givesUpFrom(rule, row);
        const outboxId = Number(row.outbox_id);
        const attempts = Number(row.attempts) + 1;
        const withoutFile = Number(row.without_file) === 1;
        const claimedAt = Date.now();
        if (!(await claimMail(db, outboxId, claimedAt, claimedAt + leaseMs(config), process.pid))) continue;
        const message = await MAIL_BUILDERS[kind]({ db, row, config, dirs, now: new Date() });
        if (message === undefined) {
          // No longer needed (the request was called back, nothing is open): never sent, never retried.
          await markCancelled(db, outboxId);
          log.info({ reference, mail: kind, status: 'cancelled' }, 'mail no longer needed');
          continue;
        }
        try {
          await mailer.send(message, emlName(reference, kind));
        } catch (error) {
          const fileAttached = kind === 'company' && !withoutFile && attachesFile(toRequest(row), config);
          const failure = { outboxId, reference, createdAt: since, kind, attempts };
          await recordFailure(failure, error, { fileAttached, maybeDelivered: Number(row.maybe_delivered) });
          continue;
        }
        const sent: Sent = { reference, kind, attempts, sentAt: new Date().toISOString() };
        unrecorded.set(outboxId, sent);
        await recordSent(outboxId, sent);
      }
    }
    return nextAttemptAt(db);
  }

  /** Retries set by an earlier run, on a clock since stepped back, come back within their longest delay. */
  async function clampRetries(): Promise<void> {
    await clampRetriesTo(db, now() + maybeDeliveredDelay(config));
  }

  async function recordFailure(
    { outboxId, reference, createdAt, kind, attempts }: Failure,
    error: unknown,
    { fileAttached, maybeDelivered }: { fileAttached: boolean; maybeDelivered: number },
  ): Promise<void> {
    const code = mailErrorCode(error);
    if (fileAttached && isSizeRefusal(error)) {
      // Sent again at once, without the file: the company learns of the request, the file stays here.
      await retryWithoutFile(db, outboxId, attempts, now(), code);
      log.warn(
        { reference, mail: kind, status: 'retry-without-file', attempts, error: code },
        'mail refused for its size: sent again without the attachment, kept on the server',
      );
      return;
    }
    if (isMaybeDelivered(error)) {
      const times = maybeDelivered + 1;
      const last = times > MAYBE_DELIVERED_RETRIES;
      await recordMaybeDelivered(db, outboxId, times, {
        failed: last,
        attempts,
        nextAttemptAt: now() + maybeDeliveredDelay(config),
        error: `maybe-delivered ${code}`,
      });
      const line = {
        reference,
        mail: kind,
        status: last ? 'maybe-delivered' : 'retry-maybe-delivered',
        attempts,
        error: code,
      };
      if (last) log.error(line, 'mail maybe delivered (the relay dropped after the data), not sent again');
      else log.warn(line, 'mail maybe delivered (the relay dropped after the data): sent again after a long delay');
      return;
    }
    const permanent = isPermanentRefusal(error);
    const expired = now() - Date.parse(createdAt) > config.mailGiveUpHours * 3_600_000;
    const failed = permanent || expired;
    await recordFailedAttempt(db, outboxId, {
      failed,
      attempts,
      nextAttemptAt: now() + retryDelay(attempts, config),
      error: code,
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
      nextDue === undefined ? config.outboxPollMs : Math.min(config.outboxPollMs, Math.max(nextDue - now(), 0));
    timer = setTimeout(run, wait);
    timer.unref();
  }

  function run(): void {
    if (stopped || now() < backoffUntil) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = sendDue()
      .then(
        (nextDue) => {
          failedPasses = 0;
          const nothingDue = nextDue === undefined || nextDue > now() || lockLost;
          if (nothingDue && !again) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
          }
          schedule(nextDue);
        },
        (error: unknown) => {
          failedPasses += 1;
          const delay = retryDelay(failedPasses, config);
          backoffUntil = now() + delay;
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

  running = clampRetries()
    .catch((error: unknown) => log.error({ error: mailErrorCode(error) }, 'outbox: retry times not checked'))
    .finally(() => {
      running = undefined;
      run();
    });
  return {
    // A new request: the store just took it, so a back-off after a storage outage ends here.
    wake() {
      backoffUntil = 0;
      run();
    },
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
