import type { DevisDocument } from './devis-document';
import type { ProofDocument } from './proof-pdf';

/**
 * The PDFs' entry points for the rest of the receiver. The PDF library (@react-pdf/renderer, its fonts and
 * layout engine: about a second of loading) is loaded on the first document made, not when the receiver
 * starts: a restart, the command-line tools and the tests' receivers start without it.
 */
export async function renderDevisPdf(doc: DevisDocument): Promise<Uint8Array> {
  return (await import('./devis-pdf')).renderDevisPdf(doc);
}

export async function renderProofPdf(doc: ProofDocument): Promise<Uint8Array> {
  return (await import('./proof-pdf')).renderProofPdf(doc);
}
