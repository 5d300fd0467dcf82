import type { Db } from './db';
import { sha256Hex } from './devis-queries';

/**
 * The proofs of acceptance stored at the acceptance (migration 21, devis_proofs: the PDF and its SHA-256, never
 * changed, deleted with their devis), and what drawing one reads of its version. The drawing itself is
 * delivery/proof-store.ts's.
 */

export type StoredProof = { pdf: Uint8Array; sha256: string };

export async function storedProof(db: Db, devisId: number, version: number): Promise<StoredProof | undefined> {
  const result = await db.execute({
    sql: 'SELECT pdf, pdf_sha256 FROM devis_proofs WHERE devis_id = ? AND version = ?',
    args: [devisId, version],
  });
  const row = result.rows[0];
  if (!row || !(row.pdf instanceof ArrayBuffer)) return undefined;
  return { pdf: new Uint8Array(row.pdf), sha256: String(row.pdf_sha256) };
}

/** Stores the version's proof, unless one is stored already (the first one stored wins). */
export async function storeProof(db: Db, devisId: number, version: number, pdf: Uint8Array, at: Date): Promise<void> {
  await db.execute({
    sql: `INSERT INTO devis_proofs (devis_id, version, created_at, pdf, pdf_sha256) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (devis_id, version) DO NOTHING`,
    args: [devisId, version, at.toISOString(), pdf, sha256Hex(pdf)],
  });
}

/** What a proof shows of its version: the devis's number, the frozen content, its hashes, when it was sent. */
export type ProofVersionRow = {
  number: string;
  content: string;
  contentSha256: string;
  pdfSha256: string | null;
  sentAt: string;
};

export async function proofVersionRow(db: Db, devisId: number, version: number): Promise<ProofVersionRow | undefined> {
  const found = await db.execute({
    sql: `SELECT d.number, v.content, v.content_sha256, v.pdf_sha256, v.sent_at FROM devis_versions v
          JOIN devis d ON d.id = v.devis_id WHERE v.devis_id = ? AND v.version = ?`,
    args: [devisId, version],
  });
  const row = found.rows[0];
  if (!row) return undefined;
  return {
    number: String(row.number),
    content: String(row.content),
    contentSha256: String(row.content_sha256),
    pdfSha256: row.pdf_sha256 === null ? null : String(row.pdf_sha256),
    sentAt: String(row.sent_at),
  };
}
