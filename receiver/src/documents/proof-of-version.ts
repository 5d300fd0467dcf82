import { DEVIS_EVENTS, type DevisEventKind } from '../requests/devis/statuses';
import type { FrozenDevis } from '../requests/devis/draft';
import { COMPANY, type CompanyFacts } from '../requests/devis/mentions';
import { companyOf } from '../requests/devis/view';
import { companyFromFacts } from './devis-document';
import type { ProofDocument } from './proof-pdf';

/** An event of a devis's record as the store gives it (store/devis-events.ts eventsOf). */
export type RecordedEvent = {
  version: number;
  kind: DevisEventKind;
  at: string;
  ip?: string | null;
  userAgent?: string | null;
  detail?: string | null;
};

/**
 * Who makes each step of the record: the client (on the devis's page: its address and browser are the
 * proof's) or the team (from the inbox: a team member's own address and browser are never shown to the
 * client, only the step and its time). Exhaustive: a new event kind does not compile until it is placed.
 */
export const EVENT_ACTORS: Record<DevisEventKind, 'client' | 'team'> = {
  sent: 'team',
  opened: 'client',
  code_sent: 'client',
  code_confirmed: 'client',
  accepted: 'client',
  refused: 'client',
  withdrawn: 'client',
  goods_received: 'team',
  work_completed: 'team',
  client_reminded: 'team',
  link_revoked: 'team',
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

/** What the client answered, as the acceptance recorded it (requests/devis/acceptance-detail.ts). */
export type ProofAnswers = {
  signerName: string;
  earlyStart: boolean;
  signerCapacity?: string;
  boxes?: readonly { text: string; checked: boolean }[];
  /** The address the code went to; older records lack it (then: the client's address on the devis). */
  codeSentTo?: string;
};

export type ProofVersion = {
  number: string;
  version: number;
  documentSha256: string;
  answers: ProofAnswers;
  /** The client's address on the devis, where the code was sent when the record does not say. */
  clientEmail: string;
  /** Whether the devis offered the early-start box (a withdrawal period applies): only then is the choice shown. */
  earlyStartOffered: boolean;
  /** The date of the CGV version that governs the devis (cgvVersionOn of the day it was sent). */
  cgvDate: string;
  /** The version's frozen content: the company facts it froze head the proof (today's `COMPANY` otherwise). */
  content?: FrozenDevis;
};

/**
 * The proof of acceptance of a version (documents/proof-pdf.tsx draws it): every event of its record up to
 * the acceptance with its time (and, for the client's steps, its address and browser), the SHA-256 of the
 * document accepted (its PDF's, or its frozen content's when it has none), the address the code went to,
 * which « Code envoyé » the confirmation matched, the early-start choice, each box's words and answer, the
 * signer's capacity and the CGV version. Drawn once at the acceptance and stored (delivery/proof-store.ts):
 * the mails of the acceptance attach that file, and the team downloads it from the devis's page in the inbox
 * whenever the client asks for it again (ten years, C. conso. L. 213-1).
 */
export function proofDocumentOf(
  version: ProofVersion,
  events: readonly RecordedEvent[],
  today: CompanyFacts = COMPANY,
): ProofDocument {
  const listed = proofEvents(events, version.version);
  const confirmed = listed.find((event) => event.kind === 'code_confirmed');
  const matched = confirmed
    ? listed.find((event) => event.kind === 'code_sent' && event.detail && event.detail === confirmed.detail)
    : undefined;
  const { answers } = version;
  return {
    // The company as the version's content froze it (today's for a version sent before the facts were frozen).
    company: companyFromFacts(version.content ? companyOf(version.content, today) : today),
    number: version.number,
    version: version.version,
    documentSha256: version.documentSha256,
    signerName: answers.signerName,
    ...(answers.signerCapacity ? { signerCapacity: answers.signerCapacity } : {}),
    codeSentTo: answers.codeSentTo ?? version.clientEmail,
    ...(matched
      ? { codeMatched: { at: matched.at, address: matched.ip ?? '', browser: matched.userAgent ?? '' } }
      : {}),
    ...(version.earlyStartOffered ? { earlyStart: answers.earlyStart } : {}),
    boxes: (answers.boxes ?? []).map((box) => ({ text: box.text, checked: box.checked })),
    cgvDate: version.cgvDate,
    events: listed.map((event) => {
      const client = EVENT_ACTORS[event.kind] === 'client';
      return {
        label: DEVIS_EVENTS[event.kind],
        at: event.at,
        address: client ? (event.ip ?? '') : '',
        browser: client ? (event.userAgent ?? '') : '',
      };
    }),
  };
}
