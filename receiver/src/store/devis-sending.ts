import { randomBytes } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { formatDevisNumber, parisClock } from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { COMPANY, validUntilDay, type CompanyFacts } from '../requests/devis/mentions';
import { devisTotals } from '../requests/devis/money';
import { frozenCompany, validateDraft } from '../requests/devis/view';
import { DEVIS_FINAL } from '../requests/devis/statuses';
import type { MailKind } from '../requests/mail-kinds';
import type { Db } from './db';
import { requestStatus } from './devis-events';
import { DevisError, findDevis, sha256Hex } from './devis-queries';

/**
 * A devis's sending (docs/devis.md, « Ce qui est conservé »): its draft frozen as a version, its number given
 * at the first sending in the same transaction, a link secret of 256 bits kept as its SHA-256, the version it
 * replaces marked, the mails about it queued.
 */

export type SentVersion = {
  number: string;
  version: number;
  content: FrozenDevis;
  /** The JSON stored, exactly, and its SHA-256. */
  json: string;
  sha256: string;
  /** The client's link secret (256 bits, base64url): returned once, stored only as its hash. */
  secret: string;
  validUntil: string;
  /** The PDF stored with the version, when the sending rendered one. */
  pdf?: Uint8Array;
};

/**
 * What the sending does besides freezing, in the same transaction: the PDF of the version (rendered by the
 * caller from the frozen content before anything is written: a failure of rendering sends nothing), and the
 * mails to queue about the new version (requests/mail-kinds.ts). A mail that carries the client's link gets
 * the secret in its outbox row, kept only while the mail is pending (migration 13 forgets it then).
 */
export type SendingExtras = {
  pdf?: (content: FrozenDevis) => Uint8Array | Promise<Uint8Array>;
  /** The company's facts frozen into the version (requests/devis/mentions.ts): content/'s unless a test's. */
  company?: CompanyFacts;
  mails?: (sent: { requestReference: string; number: string; version: number }) => DevisQueuedMail[];
  /** A demonstration devis (requests/devis/demonstration.ts): frozen with the version. */
  demonstration?: boolean;
};

export type DevisQueuedMail = { kind: MailKind; messageId: string; detail?: string; withLink?: boolean };

/** Each failed attempt lost to another sending that succeeded: more attempts than concurrent sendings is enough. */
const MAX_SEND_ATTEMPTS = 100;

/**
 * Sends the devis's draft: freezes it as the next version, in one transaction that also gives the devis its
 * number at its first sending (the year's counter moved by one, and that value only: a trigger refuses any
 * other), marks the version it replaces, records the event, and moves the devis to « Envoyé » and its
 * request to « Devis envoyé ». The number is computed before the transaction so that it is part of the
 * frozen content and its hash; if another connection took it meanwhile, the trigger aborts the transaction
 * and the sending is tried again with the next number.
 */
export async function sendDevis(
  db: Db,
  id: number,
  now: Date,
  meta: { userId?: number; ip?: string; userAgent?: string } = {},
  extras: SendingExtras = {},
): Promise<SentVersion> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await trySend(db, id, now, meta, extras);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      const raced = /devis number out of order|UNIQUE constraint failed: devis(_versions)?\./.test(message);
      if (!raced || attempt >= MAX_SEND_ATTEMPTS) throw error;
    }
  }
}

async function trySend(
  db: Db,
  id: number,
  now: Date,
  meta: { userId?: number; ip?: string; userAgent?: string },
  extras: SendingExtras,
): Promise<SentVersion> {
  const devis = await findDevis(db, id);
  if (!devis) throw new DevisError('Ce devis n’existe pas.');
  if (DEVIS_FINAL.includes(devis.status)) throw new DevisError('Ce devis ne peut plus être modifié.');
  if (!devis.draft) throw new DevisError('Ce devis n’a pas de modification à envoyer.');
  const faults = validateDraft(devis.draft);
  if (faults.length > 0) throw new DevisError(faults.map((fault) => fault.message).join(' '));
  const at = now.toISOString();
  const year = parisClock(now).year;
  let number = devis.number;
  let rank: number | undefined;
  if (number === null) {
    const counter = await db.execute({ sql: 'SELECT last FROM devis_counters WHERE year = ?', args: [year] });
    rank = Number(counter.rows[0]?.last ?? 0) + 1;
    number = formatDevisNumber(year, rank);
  }
  const version = devis.currentVersion + 1;
  const content: FrozenDevis = {
    ...devis.draft,
    number,
    version,
    issuedAt: at,
    totals: devisTotals(devis.draft.lines),
    ...(extras.demonstration ? { demonstration: true as const } : {}),
    // What the version shows of the company, as it is today: its page, PDF and proof never read later facts.
    company: frozenCompany(extras.company ?? COMPANY),
  };
  const json = JSON.stringify(content);
  const sha256 = sha256Hex(json);
  const secret = randomBytes(32).toString('base64url');
  const validUntil = validUntilDay(now, devis.draft.validityDays);
  const pdf = extras.pdf ? await extras.pdf(content) : undefined;
  const requestRow = await db.execute({ sql: 'SELECT reference FROM requests WHERE id = ?', args: [devis.requestId] });
  const requestReference = String(requestRow.rows[0]?.reference ?? '');
  const mails = extras.mails?.({ requestReference, number, version }) ?? [];

  // Every statement is guarded: by the draft read above (a draft saved meanwhile, a concurrent sending: nothing
  // changes, and the caller is told), then by the new version's own row (its link hash).
  const draftJson = JSON.stringify(devis.draft);
  const linkHash = sha256Hex(secret);
  const unchanged = 'current_version = ? AND draft = ?';
  const mine = 'EXISTS (SELECT 1 FROM devis_versions WHERE link_hash = ?)';
  const statements: InStatement[] = [];
  if (rank !== undefined) {
    statements.push(
      {
        sql: `INSERT INTO devis_counters (year, last)
              SELECT ?, 1 WHERE EXISTS (SELECT 1 FROM devis WHERE id = ? AND number IS NULL AND ${unchanged})
              ON CONFLICT (year) DO UPDATE SET last = last + 1`,
        args: [year, id, devis.currentVersion, draftJson],
      },
      {
        sql: `UPDATE devis SET number = ?, number_year = ?, number_rank = ? WHERE id = ? AND number IS NULL AND ${unchanged}`,
        args: [number, year, rank, id, devis.currentVersion, draftJson],
      },
    );
  }
  statements.push(
    {
      sql: `INSERT INTO devis_versions (devis_id, version, sent_at, sent_by, content, content_sha256, link_hash, valid_until,
              total_ttc_cents, pdf, pdf_sha256)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM devis WHERE id = ? AND ${unchanged})`,
      args: [
        id,
        version,
        at,
        meta.userId ?? null,
        json,
        sha256,
        linkHash,
        validUntil,
        content.totals.ttcCents,
        pdf ?? null,
        pdf ? sha256Hex(pdf) : null,
        id,
        devis.currentVersion,
        draftJson,
      ],
    },
    ...mails.map((mail) => ({
      sql: `INSERT INTO outbox (devis_version_id, kind, message_id, detail, link_secret, next_attempt_at, queued_at)
            SELECT id, ?, ?, ?, ?, ?, ? FROM devis_versions WHERE link_hash = ?`,
      args: [
        mail.kind,
        mail.messageId,
        mail.detail ?? null,
        mail.withLink ? secret : null,
        now.getTime(),
        at,
        linkHash,
      ],
    })),
    {
      sql: `UPDATE devis SET current_version = ?, draft = NULL, status = 'envoye', updated_at = ?
            WHERE id = ? AND ${unchanged} AND ${mine}`,
      args: [version, at, id, devis.currentVersion, draftJson, linkHash],
    },
    {
      sql: `UPDATE devis_versions SET replaced_at = ?, replaced_by = ? WHERE devis_id = ? AND version = ? AND ${mine}`,
      args: [at, version, id, devis.currentVersion, linkHash],
    },
    {
      sql: `INSERT INTO devis_events (devis_id, version, kind, at, ip, user_agent, user_id)
            SELECT ?, ?, 'sent', ?, ?, ?, ? WHERE ${mine}`,
      args: [id, version, at, meta.ip ?? null, meta.userAgent ?? null, meta.userId ?? null, linkHash],
    },
    ...requestStatus(id, 'devis_envoye', at, meta.userId, { sql: mine, args: [linkHash] }),
    { sql: `SELECT ${mine} AS sent`, args: [linkHash] },
  );
  const results = await db.batch(statements, 'write');
  if (Number(results.at(-1)?.rows[0]?.sent ?? 0) !== 1) {
    throw new DevisError('Ce devis a changé pendant son envoi : relisez-le, puis envoyez-le de nouveau.');
  }
  return { number, version, content, json, sha256, secret, validUntil, ...(pdf ? { pdf } : {}) };
}
