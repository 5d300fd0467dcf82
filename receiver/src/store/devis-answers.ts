import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { devisCodeCaps, devisCodeRules } from '../facts';
import { DEVIS_AWAITING } from '../requests/devis/statuses';
import { devisReference, messageIdFor, type MailKind } from '../requests/mail-kinds';
import type { Db } from './db';
import { eventStatements } from './devis-events';
import { expireDue } from './devis-queries';
import { type LinkedVersion } from './devis-versions';

/**
 * The client's answer to a devis, from its page (receiver/src/client/; migration 14; docs/devis.md, « Les
 * étapes du client »): a six-digit code asked with the name typed and the early-start choice, the code
 * confirmed (the acceptance, with its two mails), or a refusal (with the company's mail). Each answer and
 * the mails that report it are written in one transaction.
 *
 * A code is stored as its salted SHA-256. Its plain value stays in its row only while its mail may still
 * need it: the outbox builds a mail when its turn comes, maybe after a retry, so the builder reads it there
 * (delivery/devis-client-mails.ts); it is cleared once the code is used, dead (its last try), replaced by a
 * newer code or past its 15 minutes (then its mail, if still unsent, is cancelled), and as soon as the relay
 * accepted its mail (delivery/outbox.ts).
 */

export type ClientMeta = { ip?: string; userAgent?: string };

/**
 * What a code confirms: the name the client typed, and whether they asked for an early start (L. 221-25);
 * since the acceptance form's boxes were recorded, each box with its exact words as shown and whether it
 * was ticked, a professional signer's capacity, and the address the code went to. Older records have only
 * the first two.
 */
export type AcceptanceDetail = {
  signerName: string;
  earlyStart: boolean;
  /** A professional client's signer: their capacity (« gérant », « responsable des achats »…). */
  signerCapacity?: string;
  /** Every box of the acceptance form, in the form's order: its words as the client read them, and its answer. */
  boxes?: readonly AcceptanceBox[];
  /** The e-mail address the confirmed code was sent to. */
  codeSentTo?: string;
};

/** One box of the acceptance form as the client answered it. */
export type AcceptanceBox = { id: string; text: string; checked: boolean };

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

function awaitingGuard(linked: Pick<LinkedVersion, 'devisId' | 'version'>): { sql: string; args: (string | number)[] } {
  return {
    sql: `EXISTS (SELECT 1 FROM devis WHERE id = ? AND current_version = ? AND status IN (${DEVIS_AWAITING.map(() => '?').join(', ')}))`,
    args: [linked.devisId, linked.version, ...DEVIS_AWAITING],
  };
}

/** The version's row id and its request's reference (the mails' subject and Message-ID). */
async function versionMailFacts(db: Db, linked: Pick<LinkedVersion, 'devisId' | 'version'>) {
  const result = await db.execute({
    sql: `SELECT v.id AS version_id, d.number, r.reference FROM devis_versions v JOIN devis d ON d.id = v.devis_id
          JOIN requests r ON r.id = d.request_id WHERE v.devis_id = ? AND v.version = ?`,
    args: [linked.devisId, linked.version],
  });
  const row = result.rows[0];
  if (!row) throw new Error(`devis ${linked.devisId} has no version ${linked.version}`);
  return { versionId: Number(row.version_id), number: String(row.number), reference: String(row.reference) };
}

/**
 * An outbox row about the version, written only while `guard` holds. next_attempt_at is the wall clock's
 * now, never the caller's clock: the worker schedules on the real time.
 */
function queueMail(
  facts: { versionId: number; number: string; reference: string },
  version: number,
  kind: MailKind,
  fromEmail: string,
  guard: { sql: string; args: (string | number)[] },
  detail?: string,
): InStatement {
  const reference = devisReference(facts.reference, facts.number, version, detail);
  return {
    sql: `INSERT INTO outbox (devis_version_id, kind, message_id, detail, next_attempt_at) SELECT ?, ?, ?, ?, ? WHERE ${guard.sql}`,
    args: [facts.versionId, kind, messageIdFor(reference, kind, fromEmail), detail ?? null, Date.now(), ...guard.args],
  };
}

/** Clears the plain codes no mail needs any more (used, dead, or past their time). */
function clearStaleCodes(now: Date): InStatement {
  return {
    sql: `UPDATE devis_codes SET code = NULL WHERE code IS NOT NULL
            AND (used_at IS NOT NULL OR attempts >= ? OR expires_at <= ?)`,
    args: [devisCodeRules.maxAttempts, now.toISOString()],
  };
}

/** The daily purge's part: no plain code outlives its need by more than a day, whatever the client does next. */
export async function clearExpiredCodes(db: Db, now: Date): Promise<void> {
  await db.execute(clearStaleCodes(now));
}

export type CodeAsked =
  | { ok: true; codeId: number; code: string; nonce: string }
  | { ok: false; reason: 'closed' | 'too-many' | 'frozen' }
  | { ok: false; reason: 'wait'; minutes: number };

/** A nonce as askCode gives it: 16 random bytes, base64url (22 characters). */
export const NONCE = /^[A-Za-z0-9_-]{22}$/;

function nonceHash(nonce: string): string {
  return createHash('sha256').update(`devis-code-request:${nonce}`).digest('hex');
}

/** What a version's codes add up to over its life: the caps and the waits read them (devisCodeCaps). */
export type CodeTally = { codes: number; wrong: number; lastAt: string | undefined };

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
 * Whether the version's caps freeze this step: no new code once codesPerVersion were asked or
 * wrongPerVersion wrong codes typed; no code typed once wrongPerVersion wrong codes were (the last code
 * asked may still be typed). Online acceptance then waits for a new version.
 */
export function frozenBy(tally: CodeTally, step: 'ask' | 'confirm'): boolean {
  const wrongCap = tally.wrong >= devisCodeCaps.wrongPerVersion;
  return step === 'confirm' ? wrongCap : wrongCap || tally.codes >= devisCodeCaps.codesPerVersion;
}

/**
 * The minutes still to wait before the next code of the version may be asked, 0 when it may be now: the
 * wait grows with the codes already asked (devisCodeCaps.waitMinutes), from the last one asked. Pure.
 */
export function codeWait(tally: CodeTally, now: Date): number {
  if (!tally.lastAt) return 0;
  const waits = devisCodeCaps.waitMinutes;
  const wait = waits[Math.min(tally.codes, waits.length - 1)] ?? 0;
  const left = Date.parse(tally.lastAt) + wait * 60_000 - now.getTime();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
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
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const expires = new Date(now.getTime() + devisCodeRules.validMinutes * 60_000).toISOString();
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
    const code = String(randomInt(0, 10 ** devisCodeRules.digits)).padStart(devisCodeRules.digits, '0');
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
  const stored = row.nonce_hash === null ? undefined : Buffer.from(String(row.nonce_hash), 'hex');
  return {
    id: Number(row.id),
    createdAt: String(row.created_at),
    expiresAt,
    attempts,
    live: attempts < devisCodeRules.maxAttempts && Date.parse(expiresAt) > now.getTime(),
    boundTo(nonce) {
      if (!stored || nonce === undefined || !NONCE.test(nonce)) return false;
      return timingSafeEqual(stored, Buffer.from(nonceHash(nonce), 'hex'));
    },
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
  const expected = Buffer.from(String(row.code_hash), 'hex');
  const given = Buffer.from(hashCode(String(row.salt), typed.trim()), 'hex');
  const facts = await versionMailFacts(db, linked);
  if (!/^\d+$/.test(typed.trim()) || !timingSafeEqual(expected, given)) {
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
    return { outcome: 'wrong', triesLeft: devisCodeRules.maxAttempts - Number(row.attempts) };
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
 * The client refuses this version, with an optional reason: the refused event (its detail: the reason), the
 * devis « Refusé » and its request « Refusée », and the company's mail, in one transaction. False when the
 * version no longer awaits an answer.
 */
export async function refuseDevis(
  db: Db,
  linked: Pick<LinkedVersion, 'devisId' | 'version'>,
  reason: string,
  meta: ClientMeta,
  now: Date,
  fromEmail: string,
): Promise<boolean> {
  await expireDue(db, now);
  const facts = await versionMailFacts(db, linked);
  const at = now.toISOString();
  const refused = {
    sql: "EXISTS (SELECT 1 FROM devis WHERE id = ? AND status = 'refuse' AND updated_at = ?)",
    args: [linked.devisId, at],
  };
  const results = await db.batch(
    [
      ...eventStatements({
        devisId: linked.devisId,
        version: linked.version,
        kind: 'refused',
        at: now,
        ...meta,
        ...(reason ? { detail: reason } : {}),
      }),
      clearStaleCodes(now),
      queueMail(facts, linked.version, 'devis_refused_company', fromEmail, refused),
      // Whoever refused with the link, the client hears of it (and whom to call if it was not them).
      queueMail(facts, linked.version, 'devis_refused_client', fromEmail, refused),
      { sql: `SELECT ${refused.sql} AS done`, args: refused.args },
    ],
    'write',
  );
  return Number(results.at(-1)?.rows[0]?.done ?? 0) === 1;
}

/**
 * The acceptance's detail as recorded on the accepted event (and with its code, or on a code row): the name typed, the early
 * start asked, and where recorded, the signer's capacity, the form's boxes and the address the code went to.
 */
export function acceptanceDetail(detail: string | undefined): AcceptanceDetail | undefined {
  if (!detail) return undefined;
  try {
    const parsed = JSON.parse(detail) as Partial<Record<keyof AcceptanceDetail, unknown>>;
    if (typeof parsed.signerName !== 'string') return undefined;
    const boxes = Array.isArray(parsed.boxes) ? parsed.boxes.filter(isBox) : undefined;
    return {
      signerName: parsed.signerName,
      earlyStart: parsed.earlyStart === true,
      ...(typeof parsed.signerCapacity === 'string' ? { signerCapacity: parsed.signerCapacity } : {}),
      ...(boxes ? { boxes: boxes.map(({ id, text, checked }) => ({ id, text, checked })) } : {}),
      ...(typeof parsed.codeSentTo === 'string' ? { codeSentTo: parsed.codeSentTo } : {}),
    };
  } catch {
    return undefined;
  }
}

function isBox(value: unknown): value is AcceptanceBox {
  const box = value as Partial<Record<keyof AcceptanceBox, unknown>> | null;
  return (
    typeof box === 'object' &&
    box !== null &&
    typeof box.id === 'string' &&
    typeof box.text === 'string' &&
    typeof box.checked === 'boolean'
  );
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

/**
 * The client withdraws from the accepted devis online (C. conso. L. 221-18, L. 221-21): the withdrawn event,
 * the devis « Rétracté », and the acknowledgment to the client with the notice to the company, in one
 * transaction. The caller checks the period (client/state.ts withdrawalWindow). False when the devis is not
 * (or no longer) accepted on this version.
 */
export async function withdrawDevis(
  db: Db,
  linked: Pick<LinkedVersion, 'devisId' | 'version'>,
  meta: ClientMeta,
  now: Date,
  fromEmail: string,
): Promise<boolean> {
  const facts = await versionMailFacts(db, linked);
  const at = now.toISOString();
  const withdrawn = {
    sql: "EXISTS (SELECT 1 FROM devis WHERE id = ? AND status = 'retracte' AND updated_at = ?)",
    args: [linked.devisId, at],
  };
  const results = await db.batch(
    [
      ...eventStatements({ devisId: linked.devisId, version: linked.version, kind: 'withdrawn', at: now, ...meta }),
      queueMail(facts, linked.version, 'devis_withdrawn_client', fromEmail, withdrawn),
      queueMail(facts, linked.version, 'devis_withdrawn_company', fromEmail, withdrawn),
      { sql: `SELECT ${withdrawn.sql} AS done`, args: withdrawn.args },
    ],
    'write',
  );
  return Number(results.at(-1)?.rows[0]?.done ?? 0) === 1;
}
