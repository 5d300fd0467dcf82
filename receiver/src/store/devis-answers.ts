import type { InStatement } from '@libsql/client';
import { devisCodeRules } from '../facts';
import { DEVIS_AWAITING } from '../requests/devis/statuses';
import { devisReference, messageIdFor, type MailKind } from '../requests/mail-kinds';
import type { Db } from './db';
import { eventStatements } from './devis-events';
import { expireDue } from './devis-queries';
import { type LinkedVersion } from './devis-versions';

/**
 * The client's answer to a devis, from its page (receiver/src/client/; migration 14; docs/devis.md, « Les
 * étapes du client »): an acceptance confirmed by a code (store/devis-codes.ts), a refusal, a withdrawal,
 * each with the mails that report it, written in one transaction; and what they share with the codes: the
 * guard of a version still awaiting an answer, the outbox rows about it, the clearing of plain codes.
 */

export type ClientMeta = { ip?: string; userAgent?: string };

export function awaitingGuard(linked: Pick<LinkedVersion, 'devisId' | 'version'>): {
  sql: string;
  args: (string | number)[];
} {
  return {
    sql: `EXISTS (SELECT 1 FROM devis WHERE id = ? AND current_version = ? AND status IN (${DEVIS_AWAITING.map(() => '?').join(', ')}))`,
    args: [linked.devisId, linked.version, ...DEVIS_AWAITING],
  };
}

/** The version's row id and its request's reference (the mails' subject and Message-ID). */
export async function versionMailFacts(db: Db, linked: Pick<LinkedVersion, 'devisId' | 'version'>) {
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
export function queueMail(
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
export function clearStaleCodes(now: Date): InStatement {
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
