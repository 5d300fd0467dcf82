import { parseFrozenDevis, type FrozenDevis } from '../requests/devis/draft';
import type { DevisStatus } from '../requests/devis/statuses';
import type { Db } from './db';

/**
 * The sent versions of a devis (devis_versions, with their devis and record) as the inbox's pages, the
 * client's page and the mails read them. A version's content is read back through parseFrozenDevis only.
 * The sending, the events and the answers are store/devis-queries.ts's and store/devis-answers.ts's.
 */

/** A sent version as the devis's page lists it. */
export type SentVersion = {
  version: number;
  sentAt: string;
  replacedBy: number | null;
  hasPdf: boolean;
  /** The client accepted this version: its proof of acceptance can be downloaded. */
  accepted: boolean;
};

/** The devis's sent versions, oldest first. */
export async function sentVersionsOf(db: Db, devisId: number): Promise<SentVersion[]> {
  const result = await db.execute({
    sql: `SELECT version, sent_at, replaced_by, pdf IS NOT NULL AS has_pdf,
            EXISTS (SELECT 1 FROM devis_events e WHERE e.devis_id = v.devis_id AND e.version = v.version
              AND e.kind = 'accepted') AS accepted
          FROM devis_versions v WHERE devis_id = ? ORDER BY version`,
    args: [devisId],
  });
  return result.rows.map((row) => ({
    version: Number(row.version),
    sentAt: String(row.sent_at),
    replacedBy: row.replaced_by === null ? null : Number(row.replaced_by),
    hasPdf: Number(row.has_pdf) === 1,
    accepted: Number(row.accepted) === 1,
  }));
}

/** What a version of a devis froze, or undefined when the devis has no such version. */
export async function frozenContentOf(db: Db, devisId: number, version: number): Promise<FrozenDevis | undefined> {
  const result = await db.execute({
    sql: 'SELECT content FROM devis_versions WHERE devis_id = ? AND version = ?',
    args: [devisId, version],
  });
  const content = result.rows[0]?.content;
  return typeof content === 'string' ? parseFrozenDevis(content) : undefined;
}

/** The number of the devis of a sent version, or undefined when the devis has no such version. */
export async function numberOfVersion(db: Db, devisId: number, version: number): Promise<string | undefined> {
  const found = await db.execute({
    sql: 'SELECT d.number FROM devis_versions v JOIN devis d ON d.id = v.devis_id WHERE v.devis_id = ? AND v.version = ?',
    args: [devisId, version],
  });
  const row = found.rows[0];
  return row ? String(row.number) : undefined;
}

/** Whether the client's first view of a version is recorded already. */
export async function wasOpened(db: Db, devisId: number, version: number): Promise<boolean> {
  const seen = await db.execute({
    sql: "SELECT 1 FROM devis_events WHERE devis_id = ? AND version = ? AND kind = 'opened' LIMIT 1",
    args: [devisId, version],
  });
  return seen.rows.length > 0;
}

/** A version as the mail that sends it reads it (devis_versions.id, the outbox row's). */
export type VersionToSend = {
  content: FrozenDevis;
  validUntil: string;
  replaced: boolean;
  /** The PDF stored at the sending. */
  pdf: Uint8Array | undefined;
};

export async function versionToSend(db: Db, versionId: number): Promise<VersionToSend | undefined> {
  const result = await db.execute({
    sql: 'SELECT content, pdf, replaced_by, valid_until FROM devis_versions WHERE id = ?',
    args: [versionId],
  });
  const version = result.rows[0];
  if (!version) return undefined;
  return {
    content: parseFrozenDevis(String(version.content)),
    validUntil: String(version.valid_until),
    replaced: version.replaced_by !== null,
    pdf: version.pdf instanceof ArrayBuffer ? new Uint8Array(version.pdf) : undefined,
  };
}

/** A version as the client's reminder reads it: whether it is still the current one, and its devis's status. */
export type VersionToRemind = {
  content: FrozenDevis;
  validUntil: string;
  replaced: boolean;
  current: boolean;
  status: DevisStatus;
};

export async function versionToRemind(db: Db, versionId: number): Promise<VersionToRemind | undefined> {
  const result = await db.execute({
    sql: `SELECT v.content, v.valid_until, v.replaced_by, v.version, d.current_version, d.status
          FROM devis_versions v JOIN devis d ON d.id = v.devis_id WHERE v.id = ?`,
    args: [versionId],
  });
  const version = result.rows[0];
  if (!version) return undefined;
  return {
    content: parseFrozenDevis(String(version.content)),
    validUntil: String(version.valid_until),
    replaced: version.replaced_by !== null,
    current: Number(version.version) === Number(version.current_version),
    status: String(version.status) as DevisStatus,
  };
}

/**
 * What a team reminder reads of its devis, now: its status, whether the version is current, and the address
 * of the member to tell (the request's assignee, else who sent it, if enabled). Undefined for a request
 * marked spam.
 */
export type DevisReminderState = {
  status: DevisStatus;
  current: boolean;
  validUntil: string;
  totalTtcCents: number;
  to: string | undefined;
};

export async function devisReminderState(db: Db, versionId: number): Promise<DevisReminderState | undefined> {
  const result = await db.execute({
    sql: `SELECT d.status, d.current_version = v.version AS current, v.valid_until, v.total_ttc_cents,
            coalesce(
              (SELECT u.email FROM users u WHERE u.id = r.assignee_id AND u.disabled_at IS NULL),
              (SELECT u.email FROM users u WHERE u.id = v.sent_by AND u.disabled_at IS NULL)
            ) AS member_email
          FROM devis_versions v JOIN devis d ON d.id = v.devis_id JOIN requests r ON r.id = d.request_id
          WHERE v.id = ? AND r.spam = 0`,
    args: [versionId],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    status: String(row.status) as DevisStatus,
    current: Number(row.current) === 1,
    validUntil: String(row.valid_until),
    totalTtcCents: Number(row.total_ttc_cents),
    to: row.member_email === null ? undefined : String(row.member_email),
  };
}

/** A version as the mails of the client's answer read it: its content, hashes and stored PDF. */
export type VersionFacts = {
  devisId: number;
  version: number;
  number: string;
  content: FrozenDevis;
  contentSha256: string;
  pdf: Uint8Array | undefined;
  pdfSha256: string | null;
};

export async function versionFacts(db: Db, versionId: number): Promise<VersionFacts | undefined> {
  const result = await db.execute({
    sql: `SELECT v.devis_id, v.version, v.content, v.content_sha256, v.pdf, v.pdf_sha256, d.number
          FROM devis_versions v JOIN devis d ON d.id = v.devis_id WHERE v.id = ?`,
    args: [versionId],
  });
  const found = result.rows[0];
  if (!found) return undefined;
  return {
    devisId: Number(found.devis_id),
    version: Number(found.version),
    number: String(found.number),
    content: parseFrozenDevis(String(found.content)),
    contentSha256: String(found.content_sha256),
    pdf: found.pdf instanceof ArrayBuffer ? new Uint8Array(found.pdf) : undefined,
    pdfSha256: found.pdf_sha256 === null ? null : String(found.pdf_sha256),
  };
}
