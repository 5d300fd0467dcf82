import { createHash, randomBytes } from 'node:crypto';
import type { InStatement, Row } from '@libsql/client';
import { addYears, devisTerms, formatDevisNumber, isoDay, parisClock } from '../facts';
import { type DevisDraft, type FrozenDevis, parseFrozenDevis } from '../requests/devis/draft';
import { COMPANY, validUntilDay, type CompanyFacts } from '../requests/devis/mentions';
import { centsOfEuros, devisTotals } from '../requests/devis/money';
import { frozenCompany, validateDraft } from '../requests/devis/view';
import {
  DEVIS_AWAITING,
  DEVIS_EVENT_REQUIRES,
  DEVIS_FINAL,
  DEVIS_STATUS_RULES,
  DEVIS_TRANSITIONS,
  type DevisEventKind,
  type DevisStatus,
} from '../requests/devis/statuses';
import type { Status } from '../requests/statuses';
import type { MailKind } from '../requests/mail-kinds';
import type { Db } from './db';

/**
 * The store's queries on devis (migration 10; docs/devis.md, « Ce qui est conservé »): a draft made from a
 * request and edited, sent (a frozen version, its number given at the first sending in the same
 * transaction, a link secret of 256 bits kept as its SHA-256), replaced by a later version, found again by
 * its link, and its append-only record of events, which moves its status (and the request's).
 */

export class DevisError extends Error {}

/**
 * The end of a concluded contract's keeping (devisTerms.electronicContractKeep, article L. 213-1 of the Code
 * de la consommation): its years counted from `from` (the acceptance, then the work's completion).
 */
export function contractKeptUntil(from: Date): Date {
  return addYears(from, devisTerms.electronicContractKeep.years);
}

export type StoredDevis = {
  id: number;
  requestId: number;
  status: DevisStatus;
  createdAt: string;
  updatedAt: string;
  draft: DevisDraft | null;
  number: string | null;
  currentVersion: number;
  retainUntil: string | null;
};

function toDevis(row: Row): StoredDevis {
  return {
    id: Number(row.id),
    requestId: Number(row.request_id),
    status: String(row.status) as DevisStatus,
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    draft: row.draft === null ? null : (JSON.parse(String(row.draft)) as DevisDraft),
    number: row.number === null ? null : String(row.number),
    currentVersion: Number(row.current_version),
    retainUntil: row.retain_until === null ? null : String(row.retain_until),
  };
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A devis made from a request, with its first draft. */
export async function createDevis(db: Db, requestId: number, draft: DevisDraft, now: Date, userId?: number) {
  const at = now.toISOString();
  const result = await db.execute({
    sql: `INSERT INTO devis (request_id, created_at, created_by, updated_at, draft) VALUES (?, ?, ?, ?, ?) RETURNING id`,
    args: [requestId, at, userId ?? null, at, JSON.stringify(draft)],
  });
  return Number(result.rows[0]?.id);
}

export async function findDevis(db: Db, id: number): Promise<StoredDevis | undefined> {
  const result = await db.execute({ sql: 'SELECT * FROM devis WHERE id = ?', args: [id] });
  return result.rows[0] ? toDevis(result.rows[0]) : undefined;
}

export async function devisOfRequest(db: Db, requestId: number): Promise<StoredDevis[]> {
  const result = await db.execute({ sql: 'SELECT * FROM devis WHERE request_id = ? ORDER BY id', args: [requestId] });
  return result.rows.map(toDevis);
}

/**
 * Saves the team's draft. Before the first sending it is the devis itself; after, it is the next version,
 * which replaces the sent one only when it is sent. An accepted or withdrawn devis changes no more.
 */
export async function saveDraft(db: Db, id: number, draft: DevisDraft, now: Date): Promise<void> {
  const result = await db.execute({
    sql: `UPDATE devis SET draft = ?, updated_at = ? WHERE id = ? AND status NOT IN (${DEVIS_FINAL.map(() => '?').join(', ')})`,
    args: [JSON.stringify(draft), now.toISOString(), id, ...DEVIS_FINAL],
  });
  if (result.rowsAffected !== 1) throw new DevisError('Ce devis ne peut plus être modifié.');
}

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

/**
 * The request follows its devis: « Devis envoyé », « Acceptée », « Refusée », with a line in its history;
 * only when `guard` (an SQL condition) holds.
 */
function requestStatus(
  devisId: number,
  status: Status,
  at: string,
  userId: number | undefined,
  guard: { sql: string; args: (string | number)[] },
): InStatement[] {
  return [
    {
      sql: `INSERT INTO request_events (request_id, user_id, at, kind, status)
            SELECT r.id, ?, ?, 'status', ? FROM requests r JOIN devis d ON d.request_id = r.id
            WHERE d.id = ? AND r.status IS NOT ? AND ${guard.sql}`,
      args: [userId ?? null, at, status, devisId, status, ...guard.args],
    },
    {
      sql: `UPDATE requests SET status = ? WHERE id = (SELECT request_id FROM devis WHERE id = ?) AND ${guard.sql}`,
      args: [status, devisId, ...guard.args],
    },
  ];
}

/** What a client's link opens: its version, and the version that replaced it if any. */
export type LinkedVersion = {
  devisId: number;
  version: number;
  status: DevisStatus;
  currentVersion: number;
  replacedBy: number | null;
  content: FrozenDevis;
  contentSha256: string;
  validUntil: string;
  pdfSha256: string | null;
  /** The team withdrew this link (« Révoquer ce lien », store/devis-links.ts): it opens nothing of the devis. */
  revoked: boolean;
};

/**
 * The version a link secret opens (looked up by its hash), or undefined: the link given at sending
 * (devis_versions.link_hash) or a later one to the same version (devis_links, « Relancer le client »); both
 * lookups by a unique index.
 */
export async function findByLink(db: Db, secret: string): Promise<LinkedVersion | undefined> {
  const hash = sha256Hex(secret);
  const result = await db.execute({
    sql: `SELECT v.devis_id, v.version, v.replaced_by, v.content, v.content_sha256, v.valid_until, v.pdf_sha256,
            d.status, d.current_version, EXISTS (SELECT 1 FROM devis_revoked_links WHERE link_hash = ?) AS revoked
          FROM devis_versions v JOIN devis d ON d.id = v.devis_id
          WHERE v.id = coalesce((SELECT id FROM devis_versions WHERE link_hash = ?),
            (SELECT version_id FROM devis_links WHERE link_hash = ?))`,
    args: [hash, hash, hash],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    devisId: Number(row.devis_id),
    version: Number(row.version),
    status: String(row.status) as DevisStatus,
    currentVersion: Number(row.current_version),
    replacedBy: row.replaced_by === null ? null : Number(row.replaced_by),
    content: parseFrozenDevis(String(row.content)),
    contentSha256: String(row.content_sha256),
    validUntil: String(row.valid_until),
    pdfSha256: row.pdf_sha256 === null ? null : String(row.pdf_sha256),
    revoked: Number(row.revoked) === 1,
  };
}

/** Stores a sent version's PDF and its SHA-256, once (the documents make it from the frozen content). */
export async function storePdf(db: Db, devisId: number, version: number, pdf: Uint8Array): Promise<string> {
  const hash = sha256Hex(pdf);
  const result = await db.execute({
    sql: 'UPDATE devis_versions SET pdf = ?, pdf_sha256 = ? WHERE devis_id = ? AND version = ? AND pdf IS NULL',
    args: [pdf, hash, devisId, version],
  });
  if (result.rowsAffected !== 1) throw new DevisError('Le PDF de cette version est déjà enregistré.');
  return hash;
}

export async function versionPdf(db: Db, devisId: number, version: number): Promise<Uint8Array | undefined> {
  const result = await db.execute({
    sql: 'SELECT pdf FROM devis_versions WHERE devis_id = ? AND version = ?',
    args: [devisId, version],
  });
  const pdf = result.rows[0]?.pdf;
  return pdf instanceof ArrayBuffer ? new Uint8Array(pdf) : undefined;
}

export type DevisEvent = {
  devisId: number;
  version: number;
  kind: DevisEventKind;
  at: Date;
  ip?: string;
  userAgent?: string;
  userId?: number;
  detail?: string;
};

/**
 * Records an event of the client's (or the team's) on a version, and moves the devis's status as
 * DEVIS_TRANSITIONS says, in one transaction. An answer (accepted, refused) or a code is recorded only on the
 * current version of a devis still awaiting one (DEVIS_EVENT_REQUIRES); an acceptance of devisTerms'
 * threshold TTC or more dates the devis's ten years of keeping; the request follows an answer. Returns false
 * when the event was refused (a replaced version, a devis already answered).
 */
export async function recordEvent(db: Db, event: DevisEvent): Promise<boolean> {
  const results = await db.batch(eventStatements(event), 'write');
  return Number(results[1]?.rows[0]?.n ?? 0) === 1;
}

/**
 * recordEvent's statements, for a caller that writes more in the same transaction (the client's answer and
 * its mails: store/devis-answers.ts). The second statement's row says whether the event was recorded
 * (`n` = 1); the event's status change, if any, holds once `devis.status` is its new one with `updated_at`
 * the event's time.
 */
export function eventStatements(event: DevisEvent): InStatement[] {
  const at = event.at.toISOString();
  const requires = DEVIS_EVENT_REQUIRES[event.kind];
  const guard = requires
    ? `d.current_version = ? AND d.status IN (${requires.map(() => '?').join(', ')})`
    : 'd.current_version >= ? AND ? >= 1';
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO devis_events (devis_id, version, kind, at, ip, user_agent, user_id, detail)
            SELECT d.id, ?, ?, ?, ?, ?, ?, ? FROM devis d WHERE d.id = ? AND ${guard}`,
      args: [
        event.version,
        event.kind,
        at,
        event.ip ?? null,
        event.userAgent ?? null,
        event.userId ?? null,
        event.detail ?? null,
        event.devisId,
        event.version,
        ...(requires ?? [event.version]),
      ],
    },
    { sql: 'SELECT changes() AS n', args: [] },
  ];
  const transition = DEVIS_TRANSITIONS[event.kind];
  if (transition) {
    const keep = devisTerms.electronicContractKeep;
    const retainUntil = contractKeptUntil(new Date(event.at));
    statements.push({
      sql: `UPDATE devis SET status = ?, updated_at = ?,
              retain_until = CASE WHEN ? = 'accepte' AND (SELECT total_ttc_cents FROM devis_versions
                WHERE devis_id = devis.id AND version = ?) >= ? THEN ? ELSE retain_until END
            WHERE id = ? AND current_version = ? AND status IN (${transition.from.map(() => '?').join(', ')})`,
      args: [
        transition.to,
        at,
        transition.to,
        event.version,
        centsOfEuros(keep.thresholdEuros),
        retainUntil.toISOString(),
        event.devisId,
        event.version,
        ...transition.from,
      ],
    });
    const follows = DEVIS_STATUS_RULES[transition.to].request;
    if (follows) {
      statements.push(
        ...requestStatus(event.devisId, follows, at, event.userId, {
          sql: 'EXISTS (SELECT 1 FROM devis WHERE id = ? AND status = ? AND updated_at = ?)',
          args: [event.devisId, transition.to, at],
        }),
      );
    }
  }
  return statements;
}

export type StoredEvent = Omit<DevisEvent, 'at'> & { at: string };

/** A devis's record, oldest first (the proof page). */
export async function eventsOf(db: Db, devisId: number): Promise<StoredEvent[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM devis_events WHERE devis_id = ? ORDER BY at, id',
    args: [devisId],
  });
  return result.rows.map((row) => ({
    devisId: Number(row.devis_id),
    version: Number(row.version),
    kind: String(row.kind) as DevisEventKind,
    at: String(row.at),
    ip: row.ip === null ? undefined : String(row.ip),
    userAgent: row.user_agent === null ? undefined : String(row.user_agent),
    userId: row.user_id === null ? undefined : Number(row.user_id),
    detail: row.detail === null ? undefined : String(row.detail),
  }));
}

/**
 * Devis of these requests that must be kept (accepted for the threshold or more, within their ten years):
 * erasure refuses them and says why (RGPD art. 17-3, b; C. conso. L. 213-1).
 */
export async function keptDevis(
  db: Db,
  requestIds: number[],
  now: Date,
): Promise<{ requestId: number; number: string | null; retainUntil: string }[]> {
  if (requestIds.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT request_id, number, retain_until FROM devis
          WHERE request_id IN (${requestIds.map(() => '?').join(',')}) AND retain_until > ? ORDER BY id`,
    args: [...requestIds, now.toISOString()],
  });
  return result.rows.map((row) => ({
    requestId: Number(row.request_id),
    number: row.number === null ? null : String(row.number),
    retainUntil: String(row.retain_until),
  }));
}

/** Devis still awaiting an answer whose current version's validity ended before `now`'s Paris day: « Expiré ». */
export async function expireDue(db: Db, now: Date): Promise<number> {
  const today = isoDay(now);
  const result = await db.execute({
    sql: `UPDATE devis SET status = 'expire', updated_at = ?
          WHERE status IN (${DEVIS_AWAITING.map(() => '?').join(', ')})
            AND (SELECT valid_until FROM devis_versions v WHERE v.devis_id = devis.id AND v.version = devis.current_version) < ?`,
    args: [now.toISOString(), ...DEVIS_AWAITING, today],
  });
  return result.rowsAffected;
}
