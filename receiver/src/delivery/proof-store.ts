import { cgvVersionOn, isoDay } from '../facts';
import { parseFrozenDevis } from '../requests/devis/draft';
import { rulesOf } from '../requests/devis/view';
import { acceptedDocumentSha256, proofDocumentOf, proofEvents } from '../documents/proof-of-version';
import { renderProofPdf } from '../documents/render';
import { acceptanceDetail } from '../store/devis-answers';
import { eventsOf, sha256Hex } from '../store/devis-queries';
import type { Db } from '../store/db';

/**
 * The proof of acceptance of a version, frozen: drawn once, at the acceptance (the client's page draws it
 * right after the code is confirmed; the acceptance mails do if they come first), from the record as it
 * stands then, and stored with its SHA-256 (devis_proofs, never changed). The acceptance mails attach the
 * stored file and the inbox downloads it: a later change of the code or of content/ never alters a proof
 * already given to the client. An acceptance older than the stored proofs has none: the inbox draws it from
 * its record as before (`store: false`).
 */

export type AcceptanceProof = { pdf: Uint8Array; sha256: string; stored: boolean };

async function storedProof(db: Db, devisId: number, version: number): Promise<AcceptanceProof | undefined> {
  const result = await db.execute({
    sql: 'SELECT pdf, pdf_sha256 FROM devis_proofs WHERE devis_id = ? AND version = ?',
    args: [devisId, version],
  });
  const row = result.rows[0];
  if (!row || !(row.pdf instanceof ArrayBuffer)) return undefined;
  return { pdf: new Uint8Array(row.pdf), sha256: String(row.pdf_sha256), stored: true };
}

/** The proof drawn from the record; undefined when the version is not accepted. */
async function drawProof(db: Db, devisId: number, version: number): Promise<Uint8Array | undefined> {
  const found = await db.execute({
    sql: `SELECT d.number, v.content, v.content_sha256, v.pdf_sha256, v.sent_at FROM devis_versions v
          JOIN devis d ON d.id = v.devis_id WHERE v.devis_id = ? AND v.version = ?`,
    args: [devisId, version],
  });
  const row = found.rows[0];
  if (!row) return undefined;
  const events = proofEvents(await eventsOf(db, devisId), version);
  const answers = acceptanceDetail(events.find((event) => event.kind === 'accepted')?.detail);
  if (!answers) return undefined;
  const content = parseFrozenDevis(String(row.content));
  return renderProofPdf(
    proofDocumentOf(
      {
        number: String(row.number),
        version,
        documentSha256: acceptedDocumentSha256({
          pdfSha256: row.pdf_sha256 === null ? null : String(row.pdf_sha256),
          contentSha256: String(row.content_sha256),
        }),
        answers,
        clientEmail: content.client.email,
        earlyStartOffered: rulesOf(content).earlyStartRequest,
        // The devis is dated by the day (Paris) its version was sent.
        cgvDate: cgvVersionOn(isoDay(new Date(String(row.sent_at)))).date,
        content,
      },
      events,
    ),
  );
}

/**
 * The version's proof of acceptance: the stored one; else, with `store`, drawn now and stored (the first
 * one stored wins, should two be drawn at once: both callers return that one); else drawn without storing.
 * Undefined when the version is not accepted.
 */
export async function acceptanceProof(
  db: Db,
  devisId: number,
  version: number,
  options: { store: boolean },
): Promise<AcceptanceProof | undefined> {
  const stored = await storedProof(db, devisId, version);
  if (stored) return stored;
  const pdf = await drawProof(db, devisId, version);
  if (!pdf) return undefined;
  if (!options.store) return { pdf, sha256: sha256Hex(pdf), stored: false };
  await db.execute({
    sql: `INSERT INTO devis_proofs (devis_id, version, created_at, pdf, pdf_sha256) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (devis_id, version) DO NOTHING`,
    args: [devisId, version, new Date().toISOString(), pdf, sha256Hex(pdf)],
  });
  return storedProof(db, devisId, version);
}
