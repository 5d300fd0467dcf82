import { DEVIS_EVENTS, type DevisEventKind } from '../requests/devis/statuses';
import type { FrozenDevis } from '../requests/devis/draft';
import { COMPANY, type CompanyFacts } from '../requests/devis/mentions';
import { companyOf } from '../requests/devis/view';
import { companyFromFacts } from './devis-document';
import type { ProofDocument } from './proof-pdf';

/** An event of a devis's record as the store gives it (store/devis-queries.ts eventsOf). */
export type RecordedEvent = {
  version: number;
  kind: DevisEventKind;
  at: string;
  ip?: string | null;
  userAgent?: string | null;
};

/** The proof's file name, as attached to the acceptance mails and downloaded from the inbox. */
export function proofPdfName(number: string, version: number): string {
  return `preuve-acceptation-${number}-v${version}.pdf`;
}

/**
 * The SHA-256 the proof names for the document the client accepted: its PDF's, or its frozen content's when
 * the version has no PDF.
 */
export function acceptedDocumentSha256(version: { pdfSha256: string | null; contentSha256: string }): string {
  return version.pdfSha256 ?? version.contentSha256;
}

/** The events of an accepted version, up to its acceptance: what its proof lists ([] if not accepted). */
export function proofEvents<E extends RecordedEvent>(events: readonly E[], version: number): E[] {
  const accepted = events.find((event) => event.version === version && event.kind === 'accepted');
  if (!accepted) return [];
  return events.filter((event) => event.version === version && event.at <= accepted.at);
}

/**
 * The proof of acceptance of a version (documents/proof-pdf.tsx draws it): every event of its record up to
 * the acceptance, with its time, address and browser, and the SHA-256 of the document accepted (its PDF's,
 * or its frozen content's when it has none). The mails of the acceptance attach it, and the team downloads
 * it from the devis's page in the inbox whenever the client asks for it again (ten years, C. conso. L. 213-1).
 */
export function proofDocumentOf(
  version: { number: string; version: number; documentSha256: string; signerName: string; content?: FrozenDevis },
  events: readonly RecordedEvent[],
  today: CompanyFacts = COMPANY,
): ProofDocument {
  return {
    // The company as the version's content froze it (today's for a version sent before the facts were frozen).
    company: companyFromFacts(version.content ? companyOf(version.content, today) : today),
    number: version.number,
    version: version.version,
    documentSha256: version.documentSha256,
    signerName: version.signerName,
    events: proofEvents(events, version.version).map((event) => ({
      label: DEVIS_EVENTS[event.kind],
      at: event.at,
      address: event.ip ?? '',
      browser: event.userAgent ?? '',
    })),
  };
}
