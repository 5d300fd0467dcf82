import { parseFrozenDevis, type FrozenDevis } from '../requests/devis/draft';
import type { DevisStatus } from '../requests/devis/statuses';
import type { Db } from './db';
import { DevisError, sha256Hex } from './devis-queries';

/** A devis's sent versions (devis_versions): found by a client's link, and their PDF. */

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
