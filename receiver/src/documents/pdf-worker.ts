import { parentPort } from 'node:worker_threads';
import type { PdfJob, PdfJobResult } from './render';

/**
 * The thread that draws the PDFs (render.ts starts it, and sends it one document at a time): laying out and
 * drawing a long devis takes a second or two of CPU, which must not hold up the receiver's own thread, where
 * the public site's requests and the inbox are answered. The PDF code (react-pdf, its fonts) is loaded here,
 * on the first document, and stays loaded for the next ones. React runs in the same build as in the
 * receiver's thread: a thread starts with a copy of its parent's environment, NODE_ENV included
 * (production-mode.ts).
 */
async function draw(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'devis':
      return (await import('./devis-pdf')).renderDevisPdf(job.doc);
    case 'proof':
      return (await import('./proof-pdf')).renderProofPdf(job.doc);
    case 'cgv':
      return (await import('./cgv-pdf')).renderCgvPdf(job.version);
  }
}

parentPort?.on('message', (job: PdfJob) => {
  draw(job).then(
    (pdf) => parentPort?.postMessage({ id: job.id, pdf } satisfies PdfJobResult),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies PdfJobResult),
  );
});
