import { randomBytes, randomInt } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { devisCodeCaps, devisCodeRules } from '../facts';
import { acceptanceDetail, type AcceptanceDetail } from '../requests/devis/acceptance-detail';
import {
  CODE_VALUES,
  codeExpiry,
  codeLive,
  codeMatches,
  codeText,
  codeWait,
  frozenBy,
  hashCode,
  hourBefore,
  nonceHash,
  nonceMatches,
  triesLeft,
  type CodeTally,
} from '../requests/devis/codes';
import type { Db } from './db';
import { awaitingGuard, clearStaleCodes, queueMail, versionMailFacts, type ClientMeta } from './devis-answers';
import { eventStatements } from './devis-events';
import { expireDue } from './devis-queries';
import { type LinkedVersion } from './devis-versions';

/**
 * The codes of a client's acceptance (migration 14; docs/devis.md, « Le code et ses limites »): a six-digit
 * code asked with the name typed and the early-start choice, then confirmed (the acceptance, with its two
 * mails). The rules (how long, how many, the waits, the caps) are requests/devis/codes.ts; this module keeps
 * and reads the codes.
 *
 * A code is stored as its salted SHA-256. Its plain value stays in its row only while its mail may still
 * need it: the outbox builds a mail when its turn comes, maybe after a retry, so the builder reads it there
 * (delivery/devis-client-mails.ts); it is cleared once the code is used, dead (its last try), replaced by a
 * newer code or past its 15 minutes (then its mail, if still unsent, is cancelled), and as soon as the relay
 * accepted its mail (delivery/outbox.ts).
 */

export type CodeAsked =
  | { ok: true; codeId: number; code: string; nonce: string }
  | { ok: false; reason: 'closed' | 'too-many' | 'frozen' }
  | { ok: false; reason: 'wait'; minutes: number };

export async function codeTally(db: Db, linked: Pick<LinkedVersion, 'devisId' | 'version'>): Promise<CodeTally> {
  const result = await db.execute({
    sql: `SELECT COUNT(*) AS codes, ifnull(SUM(wrong), 0) AS wrong, max(created_at) AS last
          FROM devis_codes WHERE devis_id = ? AND version = ?`,
    args: [linked.devisId, linked.version],
  });
  const row = result.rows[0];
  return {
    codes: Number(row?.codes ?? 0),
    wrong: Number(row?.wrong ?? 0),
    lastAt: row?.last === null || row?.last === undefined ? undefined : String(row.last),
  };
}

/**
 * The team's notice that a version reached its caps (devis_codes_capped), queued once per version. The
 * batch it is in is one transaction, so the « once » holds against a request at the same time.
 */
function queueCapped(
  facts: { versionId: number; number: string; reference: string },
  version: number,
  fromEmail: string,
) {
  return queueMail(facts, version, 'devis_codes_capped', fromEmail, {
    sql: "NOT EXISTS (SELECT 1 FROM outbox WHERE devis_version_id = ? AND kind = 'devis_codes_capped')",
    args: [facts.versionId],
  });
}

/**
 * A new code for this version of the devis, with what it will confirm (the whole AcceptanceDetail, kept as
 * JSON in the row beside the name and the early-start choice): its row, its mail (devis_code,
 * detail = the row's id) and the code_sent event, in one transaction, while the devis awaits an answer on
 * this version, fewer than devisCodeRules.perHour codes were asked within the hour, the version is under its
 * caps (devisCodeCaps; at the cap, the team is told once) and the wait since its last code is over. An
 * earlier code of the version dies (its plain value cleared; its tries no longer count).
 *
 * The code is bound to this request: `nonce`, random, goes back to the browser that asked (the code page's
 * address) and only its SHA-256 is stored; confirmCode requires it with the code, so a code asked by another
 * holder of the link never confirms what this one typed, and theirs never confirms this one's.
 */
export async function askCode(
  db: Db,
  linked: Pick<LinkedVersion, 'devisId' | 'version'>,
  detail: AcceptanceDetail,
  meta: ClientMeta,
  now: Date,
  fromEmail: string,
): Promise<CodeAsked> {
  const facts = await versionMailFacts(db, linked);
  const at = now.toISOString();
  const hourAgo = hourBefore(now).toISOString();
  const expires = codeExpiry(now).toISOString();
  const awaiting = awaitingGuard(linked);
  const nonce = randomBytes(16).toString('base64url');
  for (let attempt = 1; ; attempt += 1) {
    const tally = await codeTally(db, linked);
    if (frozenBy(tally, 'ask')) {
      await db.batch([queueCapped(facts, linked.version, fromEmail)], 'write');
      return { ok: false, reason: 'frozen' };
    }
    const minutes = codeWait(tally, now);
    if (minutes > 0) return { ok: false, reason: 'wait', minutes };
    const counted = await db.execute({
      sql: `SELECT (SELECT COUNT(*) FROM devis_codes WHERE devis_id = ? AND version = ? AND created_at > ?) AS recent,
              (SELECT ifnull(max(id), 0) + 1 FROM devis_codes) AS next`,
      args: [linked.devisId, linked.version, hourAgo],
    });
    if (Number(counted.rows[0]?.recent ?? 0) >= devisCodeRules.perHour) return { ok: false, reason: 'too-many' };
    const codeId = Number(counted.rows[0]?.next ?? 1);
    const code = codeText(randomInt(0, CODE_VALUES));
    const salt = randomBytes(16).toString('hex');
    const mine = { sql: 'EXISTS (SELECT 1 FROM devis_codes WHERE id = ? AND created_at = ?)', args: [codeId, at] };
    const statements: InStatement[] = [
      clearStaleCodes(now),
      {
        sql: `UPDATE devis_codes SET code = NULL, attempts = ? WHERE devis_id = ? AND version = ? AND used_at IS NULL
                AND ${awaiting.sql}`,
        args: [devisCodeRules.maxAttempts, linked.devisId, linked.version, ...awaiting.args],
      },
      {
        sql: `INSERT INTO devis_codes (id, devis_id, version, created_at, expires_at, code, salt, code_hash, signer_name,
                early_start, detail, ip, user_agent)
              SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${awaiting.sql}
                AND (SELECT COUNT(*) FROM devis_codes WHERE devis_id = ? AND version = ? AND created_at > ?) < ?
                AND (SELECT COUNT(*) FROM devis_codes WHERE devis_id = ? AND version = ?) < ?`,
        args: [
          codeId,
          linked.devisId,
          linked.version,
          at,
          expires,
          code,
          salt,
          hashCode(salt, code),
          detail.signerName,
          detail.earlyStart ? 1 : 0,
          JSON.stringify(detail),
          meta.ip ?? null,
          meta.userAgent ?? null,
          ...awaiting.args,
          linked.devisId,
          linked.version,
          hourAgo,
          devisCodeRules.perHour,
          linked.devisId,
          linked.version,
          devisCodeCaps.codesPerVersion,
        ],
      },
      // The request's binding (docs/devis.md, « Le code et ses limites »), kept apart from the row's facts.
      {
        sql: 'UPDATE devis_codes SET nonce_hash = ? WHERE id = ? AND created_at = ?',
        args: [nonceHash(nonce), codeId, at],
      },
      {
        sql: `INSERT INTO devis_events (devis_id, version, kind, at, ip, user_agent, detail)
              SELECT ?, ?, 'code_sent', ?, ?, ?, ? WHERE ${mine.sql}`,
        args: [
          linked.devisId,
          linked.version,
          at,
          meta.ip ?? null,
          meta.userAgent ?? null,
          String(codeId),
          ...mine.args,
        ],
      },
      queueMail(facts, linked.version, 'devis_code', fromEmail, mine, String(codeId)),
      { sql: `SELECT ${mine.sql} AS asked, ${awaiting.sql} AS open`, args: [...mine.args, ...awaiting.args] },
    ];
    try {
      const results = await db.batch(statements, 'write');
      const row = results.at(-1)?.rows[0];
      if (Number(row?.asked ?? 0) === 1) return { ok: true, codeId, code, nonce };
      return { ok: false, reason: Number(row?.open ?? 0) === 1 ? 'too-many' : 'closed' };
    } catch (error) {
      // Another code took this id meanwhile: try again with the next one.
      const raced = error instanceof Error && /UNIQUE constraint failed: devis_codes\.id/.test(error.message);
      if (!raced || attempt >= 20) throw error;
    }
  }
}

/** The code the version waits for: the latest one asked, if not used. */
export type PendingCode = {
  id: number;
  createdAt: string;
  expiresAt: string;
  attempts: number;
  /** Whether it can still be typed: neither past its time nor out of tries. */
  live: boolean;
  /** Whether it was asked by the request that holds `nonce` (false without one). */
  boundTo: (nonce: string | undefined) => boolean;
  /** What it will confirm, as the request typed and ticked it. */
  detail: AcceptanceDetail;
};

/**
 * What a code row will confirm: the name and the early-start choice of its columns, and the acceptance
 * form's other answers where the row records them (a JSON `detail` column, AcceptanceDetail).
 */
function codeDetailOf(row: Record<string, unknown>): AcceptanceDetail {
  const extra = typeof row.detail === 'string' ? acceptanceDetail(row.detail) : undefined;
  return { ...extra, signerName: String(row.signer_name), earlyStart: Number(row.early_start) === 1 };
}

export async function pendingCode(
  db: Db,
  linked: Pick<LinkedVersion, 'devisId' | 'version'>,
  now: Date,
): Promise<PendingCode | undefined> {
  const result = await db.execute({
    sql: 'SELECT * FROM devis_codes WHERE devis_id = ? AND version = ? ORDER BY id DESC LIMIT 1',
    args: [linked.devisId, linked.version],
  });
  const row = result.rows[0];
  if (!row || row.used_at !== null) return undefined;
  const expiresAt = String(row.expires_at);
  const attempts = Number(row.attempts);
  const stored = row.nonce_hash === null ? undefined : String(row.nonce_hash);
  return {
    id: Number(row.id),
    createdAt: String(row.created_at),
    expiresAt,
    attempts,
    live: codeLive({ attempts, expiresAt }, now),
    boundTo: (nonce) => nonceMatches(stored, nonce),
    detail: codeDetailOf(row),
  };
}

export type CodeChecked =
  | { outcome: 'accepted' }
  | { outcome: 'wrong'; triesLeft: number }
  | { outcome: 'dead' | 'none' | 'closed' | 'replaced' | 'frozen' };

/**
 * Checks a code typed for this version, by the request that holds `nonce` (askCode). The latest code asked
 * by another request is « replaced » for this one: no try is counted, nothing compared. Past the version's
 * cap on wrong codes, « frozen ». Each try is counted before the comparison, in one statement that refuses a
 * try past the limit or the time (so that tries sent at once cannot pass it together); a wrong one adds to
 * the version's tally (the team told once at the cap). The right code accepts the devis: code_confirmed and
 * accepted (with what the code's request typed and ticked) recorded, the devis « Accepté » and its request
 * « Acceptée » (eventStatements), the code used, and the two mails of the acceptance queued, in one
 * transaction.
 */
export async function confirmCode(
  db: Db,
  linked: Pick<LinkedVersion, 'devisId' | 'version'>,
  typed: string,
  nonce: string | undefined,
  meta: ClientMeta,
  now: Date,
  fromEmail: string,
): Promise<CodeChecked> {
  // An answer after the validity is refused by the devis's own status.
  await expireDue(db, now);
  const pending = await pendingCode(db, linked, now);
  if (!pending) return { outcome: 'none' };
  if (!pending.boundTo(nonce)) return { outcome: 'replaced' };
  if (frozenBy(await codeTally(db, linked), 'confirm')) return { outcome: 'frozen' };
  const at = now.toISOString();
  const counted = await db.execute({
    sql: `UPDATE devis_codes SET attempts = attempts + 1,
            code = CASE WHEN attempts + 1 >= ? THEN NULL ELSE code END
          WHERE id = ? AND used_at IS NULL AND attempts < ? AND expires_at > ?
          RETURNING *`,
    args: [devisCodeRules.maxAttempts, pending.id, devisCodeRules.maxAttempts, at],
  });
  const row = counted.rows[0];
  if (!row) {
    await db.execute(clearStaleCodes(now));
    return { outcome: 'dead' };
  }
  const facts = await versionMailFacts(db, linked);
  if (!codeMatches(typed, String(row.salt), String(row.code_hash))) {
    const results = await db.batch(
      [
        { sql: 'UPDATE devis_codes SET wrong = wrong + 1 WHERE id = ?', args: [pending.id] },
        {
          sql: 'SELECT ifnull(SUM(wrong), 0) AS wrong FROM devis_codes WHERE devis_id = ? AND version = ?',
          args: [linked.devisId, linked.version],
        },
      ],
      'write',
    );
    if (Number(results[1]?.rows[0]?.wrong ?? 0) >= devisCodeCaps.wrongPerVersion) {
      await db.batch([queueCapped(facts, linked.version, fromEmail)], 'write');
      return { outcome: 'frozen' };
    }
    return { outcome: 'wrong', triesLeft: triesLeft(Number(row.attempts)) };
  }
  const detail: AcceptanceDetail = codeDetailOf(row);
  const accepted = {
    sql: "EXISTS (SELECT 1 FROM devis WHERE id = ? AND status = 'accepte' AND updated_at = ?)",
    args: [linked.devisId, at],
  };
  const event = { devisId: linked.devisId, version: linked.version, at: now, ...meta };
  const statements: InStatement[] = [
    ...eventStatements({ ...event, kind: 'code_confirmed', detail: String(pending.id) }),
    ...eventStatements({ ...event, kind: 'accepted', detail: JSON.stringify(detail) }),
    {
      sql: `UPDATE devis_codes SET used_at = ?, code = NULL WHERE id = ? AND ${accepted.sql}`,
      args: [at, pending.id, ...accepted.args],
    },
    queueMail(facts, linked.version, 'devis_accepted_client', fromEmail, accepted),
    queueMail(facts, linked.version, 'devis_accepted_company', fromEmail, accepted),
    { sql: `SELECT ${accepted.sql} AS done`, args: accepted.args },
  ];
  const results = await db.batch(statements, 'write');
  return Number(results.at(-1)?.rows[0]?.done ?? 0) === 1 ? { outcome: 'accepted' } : { outcome: 'closed' };
}

/**
 * The plain code of a code row, while its mail may still need it (the builder of devis_code), with what it
 * will confirm.
 */
export async function codeForMail(
  db: Db,
  codeId: number,
  now: Date,
): Promise<{ code: string; detail: AcceptanceDetail } | undefined> {
  const result = await db.execute({
    sql: `SELECT * FROM devis_codes WHERE id = ? AND code IS NOT NULL AND used_at IS NULL AND attempts < ?
            AND expires_at > ?`,
    args: [codeId, devisCodeRules.maxAttempts, now.toISOString()],
  });
  const row = result.rows[0];
  return row && typeof row.code === 'string' ? { code: row.code, detail: codeDetailOf(row) } : undefined;
}
