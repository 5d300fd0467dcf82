import { purgeExpiredReviews } from './review-moderation';
import { readdir, rm } from 'node:fs/promises';
import { clearExpiredCodes } from './devis-answers';
import path from 'node:path';
import { type Db } from './db';
import { deleteRequests, toRequest, type StoredRequest } from './request-queries';
import { isoDay, retention, terminationProofYears } from '../facts';
import { emlName, MEMBER_MAIL_KINDS, requestMailFilePrefix, TERMINATION_MAIL_KINDS } from '../requests/mail-kinds';
import { deleteTerminations, toTermination, type StoredTermination } from './termination-queries';
import { removeStoredFile, type Layout } from './storage';
import { eraseDisabledMembers, purgeAudit, purgeDeadAccess, type ErasedMember } from './staff-retention';
import type { StaffRetention } from '../config';

/**
 * Retention (privacy policy): a request is kept retention.quoteRequestYears years from the last contact,
 * the last contact being the latest request from the same e-mail address. So all the requests of one
 * address go together, once its latest request is older than the retention. Spam is nobody's contact: each
 * spam request goes at its own age, after QUOTE_SPAM_RETENTION_DAYS days (config.retention.spamDays), and a
 * spam post never keeps a person's requests longer.
 *
 * A request's age is read from its date, but never older than a request stored before it (rows are
 * numbered in arrival order): a request received while the server's clock was years behind is not purged
 * at the next start, once the clock is right again. A request whose accepted devis must still be kept
 * (store/devis-queries.ts keptDevis: ten years, C. conso. L. 213-1) stays until then.
 */

export function retentionCutoff(now: Date, years: number = retention.quoteRequestYears): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** The moment before which a spam request is deleted. */
export function spamCutoff(now: Date, spamDays: number): Date {
  return new Date(now.getTime() - spamDays * 86_400_000);
}

export async function expiredRequests(db: Db, now: Date, spamDays: number): Promise<StoredRequest[]> {
  const cutoff = retentionCutoff(now).toISOString();
  const result = await db.execute({
    sql: `WITH dated AS (
            SELECT id, MAX(created_at) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS seen_at
            FROM requests
          ),
          gone AS (
            SELECT r.email_key FROM requests r JOIN dated d ON d.id = r.id
            WHERE r.spam = 0 GROUP BY r.email_key HAVING MAX(d.seen_at) < ?
          )
          SELECT r.* FROM requests r JOIN dated d ON d.id = r.id
          WHERE ((r.spam = 1 AND d.seen_at < ?) OR (r.spam = 0 AND r.email_key IN (SELECT email_key FROM gone)))
            AND NOT EXISTS (SELECT 1 FROM devis v WHERE v.request_id = r.id AND v.retain_until > ?)
          ORDER BY r.created_at, r.id`,
    args: [cutoff, spamCutoff(now, spamDays).toISOString(), now.toISOString()],
  });
  return result.rows.map(toRequest);
}

/**
 * Deletes rows (with their outbox rows) first, then their files and .eml copies: never a row without its
 * file. The rows' bytes are zeroed (secure_delete) and the WAL checkpointed and truncated (db.ts).
 */
export async function eraseRequests(db: Db, dirs: Layout, requests: StoredRequest[]): Promise<void> {
  if (requests.length === 0) return;
  await deleteRequests(
    db,
    requests.map((request) => request.id),
  );
  await db.eraseCheckpoint();
  // No outbox/ folder yet: no copy was ever written.
  const copies = await readdir(dirs.outbox).catch((error: { code?: string }) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const request of requests) {
    if (request.file) await removeStoredFile(dirs, request.file.path);
    // Every mail about the request (requests/mail-kinds.ts): its own two, the team's reminders, its devis's.
    const prefix = requestMailFilePrefix(request.reference);
    for (const name of copies.filter((copy) => copy.startsWith(prefix))) {
      await rm(path.join(dirs.outbox, name), { force: true });
    }
  }
}

export async function purgeExpired(db: Db, dirs: Layout, now: Date, spamDays: number): Promise<StoredRequest[]> {
  const expired = await expiredRequests(db, now, spamDays);
  await eraseRequests(db, dirs, expired);
  return expired;
}

/**
 * A termination request is the proof that a contract ended: it is kept retention.terminationProofYears years
 * after its effective date (the time either side may dispute it, C. civ. 2224), whatever the person's other
 * requests; spam goes at its own age, like spam quote requests. A maintenance contract whose signature date
 * was not given has only its earliest effective day: kept one renewal period longer (terminationProofYears).
 */
export function terminationCutoffDay(now: Date, years: number = retention.terminationProofYears): string {
  return isoDay(retentionCutoff(now, years));
}

export async function expiredTerminations(db: Db, now: Date, spamDays: number): Promise<StoredTermination[]> {
  const result = await db.execute({
    sql: `SELECT t.*, NULL AS handled_by_name FROM terminations t
          WHERE (t.spam = 0 AND t.effective_date < CASE WHEN t.contract_type = 'maintenance' AND t.contract_start IS NULL
              THEN ? ELSE ? END)
            OR (t.spam = 1 AND t.created_at < ?)
          ORDER BY t.created_at, t.id`,
    args: [
      terminationCutoffDay(
        now,
        terminationProofYears({ contractType: 'maintenance' }, retention.terminationProofYears),
      ),
      terminationCutoffDay(now),
      spamCutoff(now, spamDays).toISOString(),
    ],
  });
  return result.rows.map(toTermination);
}

/** Deletes termination rows (with their outbox rows), then their .eml copies. */
export async function eraseTerminations(db: Db, dirs: Layout, terminations: StoredTermination[]): Promise<void> {
  if (terminations.length === 0) return;
  await deleteTerminations(
    db,
    terminations.map((termination) => termination.id),
  );
  await db.eraseCheckpoint();
  for (const termination of terminations) {
    for (const kind of TERMINATION_MAIL_KINDS) {
      await rm(path.join(dirs.outbox, emlName(termination.reference, kind)), { force: true });
    }
  }
}

export type PurgeSettings = { retention: StaffRetention; sessionAbsoluteMs: number };

export type PurgeResult = {
  /** Requests past their retention (spam past its own). */
  requests: StoredRequest[];
  /** Termination requests past their proof's retention (spam past its own). */
  terminations: StoredTermination[];
  /** Audit rows past the audit retention. */
  auditRows: number;
  /** Members disabled longer than the member retention, now erased. */
  members: ErasedMember[];
  /** Reviews published more than reviewRules.keepYears ago, removed (the site follows: publish/reviews.ts). */
  reviews: number;
};

/** Everything the daily purge deletes (the retention plugin at start and every day, `npm run receiver:purge`). */
export async function dailyPurge(db: Db, dirs: Layout, settings: PurgeSettings, now: Date): Promise<PurgeResult> {
  const requests = await purgeExpired(db, dirs, now, settings.retention.spamDays);
  const terminations = await expiredTerminations(db, now, settings.retention.spamDays);
  await eraseTerminations(db, dirs, terminations);
  const auditRows = await purgeAudit(db, now, settings.retention.auditMonths);
  const members = await eraseDisabledMembers(db, now, settings.retention.disabledMemberMonths);
  if (members.length > 0) await db.eraseCheckpoint();
  for (const member of members) {
    for (const reference of member.mails) {
      for (const kind of MEMBER_MAIL_KINDS) await rm(path.join(dirs.outbox, emlName(reference, kind)), { force: true });
    }
  }
  await purgeDeadAccess(db, now, settings.sessionAbsoluteMs);
  await clearExpiredCodes(db, now);
  const reviews = await purgeExpiredReviews(db, now);
  return { requests, terminations, auditRows, members, reviews };
}
