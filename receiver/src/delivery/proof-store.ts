import { cgvVersionOn, isoDay } from '../facts';
import { publishedCgvVersions } from '../store/site-data';
import { parseFrozenDevis } from '../requests/devis/draft';
import { rulesOf } from '../requests/devis/view';
import { acceptedDocumentSha256, proofDocumentOf, proofEvents } from '../documents/proof-of-version';
import { renderProofPdf } from '../documents/render';
import { acceptanceDetail } from '../requests/devis/acceptance-detail';
import { eventsOf } from '../store/devis-events';
import { sha256Hex } from '../store/devis-queries';
import { proofVersionRow, storedProof, storeProof } from '../store/devis-proofs';
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

/** The proof drawn from the record; undefined when the version is not accepted. */
async function drawProof(
  db: Db,
  devisId: number,
  version: number,
  sourceDir: string | undefined,
): Promise<Uint8Array | undefined> {
  const row = await proofVersionRow(db, devisId, version);
  if (!row) return undefined;
  const events = proofEvents(await eventsOf(db, devisId), version);
  const answers = acceptanceDetail(events.find((event) => event.kind === 'accepted')?.detail);
  if (!answers) return undefined;
  const content = parseFrozenDevis(row.content);
  return renderProofPdf(
    proofDocumentOf(
      {
        number: row.number,
        version,
        documentSha256: acceptedDocumentSha256(row),
        answers,
        clientEmail: content.client.email,
        earlyStartOffered: rulesOf(content).earlyStartRequest,
        // The devis is dated by the day (Paris) its version was sent; its CGV, among the published versions.
        cgvDate: cgvVersionOn(isoDay(new Date(row.sentAt)), publishedCgvVersions(sourceDir)).date,
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
  options: {
    store: boolean;
    /** The server's checkout (SITE_SOURCE_DIR): the CGV's versions as published (store/site-data.ts). */
    sourceDir: string | undefined;
  },
): Promise<AcceptanceProof | undefined> {
  const stored = await storedProof(db, devisId, version);
  if (stored) return { ...stored, stored: true };
  const pdf = await drawProof(db, devisId, version, options.sourceDir);
  if (!pdf) return undefined;
  if (!options.store) return { pdf, sha256: sha256Hex(pdf), stored: false };
  await storeProof(db, devisId, version, pdf, new Date());
  const kept = await storedProof(db, devisId, version);
  return kept && { ...kept, stored: true };
}
