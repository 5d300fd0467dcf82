import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cgvPdfTexts, cgvVersionOn, fillTemplate, type CgvVersionEntry } from '../facts';
import { RECEIVER_DIR } from '../receiver-dir';
import type { DevisDocument } from './devis-document';
import type { ProofDocument } from './proof-pdf';

/**
 * The PDFs' entry points for the rest of the receiver. Every PDF is drawn in a thread of its own
 * (pdf-worker.ts), one at a time: a long devis takes a second or two of CPU to lay out and draw, which in the
 * receiver's own thread would hold up every answer of the public site and of the inbox meanwhile (a preview of a
 * 100-line devis kept the public health check waiting about two seconds; receiver/bench/pdf-thread.ts measures
 * it). Documents asked for while one is drawn wait their turn, in order. The thread is started on the first
 * document (the PDF library, its fonts and layout engine: about a second of loading), not when the receiver
 * starts, and is kept for the next ones; idle, it does not keep the process alive. Should it end (a crash),
 * the document being drawn fails and the next one starts a new thread.
 */

export type PdfJob = { id: number } & (
  | { kind: 'devis'; doc: DevisDocument }
  | { kind: 'proof'; doc: ProofDocument }
  | { kind: 'cgv'; version: CgvVersionEntry }
);
export type PdfJobResult = { id: number; pdf: Uint8Array; error?: undefined } | { id: number; error: string };

type Waiting = { job: PdfJob; resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

/** Through tsx (the tests, the benchmark), this module is src/documents/render.ts; else a file of dist/. */
const fromSources = import.meta.url.endsWith('.ts');

/** The worker's file: pdf-worker.ts beside this one, or dist/pdf-worker.mjs (receiver/build.ts). */
function workerFile(): URL {
  return fromSources
    ? new URL('./pdf-worker.ts', import.meta.url)
    : pathToFileURL(path.join(RECEIVER_DIR, 'dist', 'pdf-worker.mjs'));
}

let worker: Worker | undefined;
let current: Waiting | undefined;
const queue: Waiting[] = [];
let nextId = 1;

/** The documents asked for and not drawn yet, the one being drawn included. */
export function pdfsPending(): number {
  return queue.length + (current ? 1 : 0);
}

function started(): Worker {
  if (worker) return worker;
  // Through tsx (the tests, the benchmark), the thread registers tsx's loader before it loads the TypeScript
  // worker (a thread's --import runs too late for its own entry file).
  const thread = fromSources
    ? new Worker(
        `Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')])
          .then(([esm, cjs]) => { esm.register(); cjs.register(); })
          .then(() => import(${JSON.stringify(workerFile().href)}))`,
        { eval: true },
      )
    : new Worker(workerFile());
  thread.on('message', (result: PdfJobResult) => {
    const done = current;
    if (!done || done.job.id !== result.id) return;
    current = undefined;
    if (result.error !== undefined) done.reject(new Error(`PDF: ${result.error}`));
    else done.resolve(new Uint8Array(result.pdf));
    next();
  });
  const lost = (error: Error) => {
    if (worker !== thread) return;
    worker = undefined;
    const failed = current;
    current = undefined;
    failed?.reject(error);
    next();
  };
  thread.on('error', lost);
  thread.on('exit', (code) => lost(new Error(`PDF: the drawing thread ended (code ${code})`)));
  worker = thread;
  return thread;
}

function next(): void {
  if (current) return;
  current = queue.shift();
  if (!current) {
    // Idle: the thread stays for the next document, without keeping the process alive.
    worker?.unref();
    return;
  }
  const thread = started();
  thread.ref();
  try {
    thread.postMessage(current.job);
  } catch (error) {
    // A document that cannot be copied to the thread (it is plain data: a caller's mistake) fails alone.
    const failed = current;
    current = undefined;
    failed.reject(error instanceof Error ? error : new Error(String(error)));
    next();
  }
}

function draw(job: PdfJob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queue.push({ job, resolve, reject });
    next();
  });
}

export async function renderDevisPdf(doc: DevisDocument): Promise<Uint8Array> {
  return draw({ id: nextId++, kind: 'devis', doc });
}

export async function renderProofPdf(doc: ProofDocument): Promise<Uint8Array> {
  return draw({ id: nextId++, kind: 'proof', doc });
}

/**
 * The PDF of each version of the CGV, made once per process (in the drawing thread, like every PDF) and kept
 * in memory, by the version's date and the SHA-256 of its text. A version in force never changes (its text is
 * a snapshot, and the go-live check refuses a changed text under the same date), nor does the code that draws
 * it while the process runs; but the next day's version, published by the owner, may be rewritten the same
 * day (lib/cgv-snapshots.ts): keyed by its text too, a rewritten version is drawn anew. A restart makes it
 * again, from the same text, dated by the version: the same document. Nothing is written to the data folder,
 * so no file can outlive a change of the drawing.
 */
const cgvPdfs = new Map<string, Promise<Uint8Array>>();

/**
 * The CGV that govern a devis dated `day` (ISO, Paris), among `versions` (the published ones:
 * store/site-data.ts publishedCgvVersions), as the PDF attached to it: its name and bytes.
 */
export async function cgvPdfOn(
  day: string,
  versions: readonly CgvVersionEntry[],
): Promise<{ filename: string; content: Uint8Array }> {
  const version = cgvVersionOn(day, versions);
  const key = `${version.date}:${createHash('sha256').update(JSON.stringify(version.content)).digest('hex')}`;
  let pdf = cgvPdfs.get(key);
  if (!pdf) {
    pdf = draw({ id: nextId++, kind: 'cgv', version });
    cgvPdfs.set(key, pdf);
    // A failed render is not kept: the next mail tries again.
    pdf.catch(() => cgvPdfs.delete(key));
  }
  return { filename: fillTemplate(cgvPdfTexts.fileName, { date: version.date }), content: await pdf };
}
