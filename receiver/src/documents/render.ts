import { cgvPdfTexts, cgvVersionOn, fillTemplate } from '../facts';
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

/**
 * The PDF of each version of the CGV, made once per process and kept in memory, by the version's date. A
 * dated version never changes (its text is a snapshot, and the go-live check refuses a changed text under
 * the same date), nor does the code that draws it while the process runs: the first PDF of a date is the
 * only one it can make. A restart makes it again, from the same text, dated by the version: the same
 * document. Nothing is written to the data folder, so no file can outlive a change of the drawing.
 */
const cgvPdfs = new Map<string, Promise<Uint8Array>>();

/** The CGV that govern a devis dated `day` (ISO, Paris), as the PDF attached to it: its name and bytes. */
export async function cgvPdfOn(day: string): Promise<{ filename: string; content: Uint8Array }> {
  const version = cgvVersionOn(day);
  let pdf = cgvPdfs.get(version.date);
  if (!pdf) {
    pdf = import('./cgv-pdf').then((module) => module.renderCgvPdf(version));
    cgvPdfs.set(version.date, pdf);
    // A failed render is not kept: the next mail tries again.
    pdf.catch(() => cgvPdfs.delete(version.date));
  }
  return { filename: fillTemplate(cgvPdfTexts.fileName, { date: version.date }), content: await pdf };
}
