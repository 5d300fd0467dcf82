import type { Writable } from 'node:stream';
import { startReceiver } from '../src/app';
import { loadConfig } from '../src/config';
import { renderDevisPdf as renderInThisThread } from '../src/documents/devis-pdf';
import type { DevisDocument } from '../src/documents/devis-document';
import { renderDevisPdf as renderInItsThread } from '../src/documents/render';
import { QUOTE_RECEIVER_PATH } from '../src/facts';
import { removeDir, tempDir, testEnv } from '../test/helpers';
import { percentile } from './percentile';
import { manyLines, sampleDevis } from '../test/factories';

/**
 * The public listener while a long devis's PDF is drawn (bench.ts, `--only pdf-thread`): a draft of 100 lines,
 * each designation of 101 lines (100 line breaks, about 63 Ko of text, 23 pages), drawn while
 * GET /api/devis/health is asked on the receiver's public port, one request after the other, until the PDF is
 * done. Drawn in the receiver's own thread (as before documents/render.ts sent the PDFs to a thread of their
 * own) and in its own thread (as the receiver does now), `rounds` times each after one warm-up each: the
 * health check's slowest and p95 answer during the drawing, against the time to draw.
 */

/** The long draft: 100 lines of 101 lines each. */
function longDevis(): DevisDocument {
  const lines = manyLines(100).map((line, index) => ({
    ...line,
    designation: Array.from({ length: 101 }, (_, row) => `Ligne ${index + 1}, détail ${row + 1}`).join('\n'),
  }));
  return sampleDevis({ lines });
}

type Round = { drawMs: number; checks: number[] };

/** Draws once, asking the health check meanwhile, one request at a time. */
async function round(url: string, draw: () => Promise<Uint8Array>): Promise<Round> {
  const checks: number[] = [];
  let drawing = true;
  const begin = performance.now();
  const drawn = draw().finally(() => (drawing = false));
  while (drawing) {
    const asked = performance.now();
    const answer = await fetch(`${url}${QUOTE_RECEIVER_PATH}/health`);
    await answer.arrayBuffer();
    checks.push(performance.now() - asked);
  }
  await drawn;
  return { drawMs: performance.now() - begin, checks };
}

const ms = (value: number) => `${Math.round(value)} ms`;

export async function pdfThreadBench(options: { rounds: number; logStream: Writable }): Promise<[string, string][]> {
  const dataDir = await tempDir('bench-pdf-thread-');
  const receiver = await startReceiver(loadConfig(testEnv(dataDir, {})), { logStream: options.logStream });
  const rows: [string, string][] = [];
  try {
    const doc = longDevis();
    const ways = [
      ['in the receiver’s thread (before)', () => renderInThisThread(doc)],
      ['in its own thread (now)', () => renderInItsThread(doc)],
    ] as const;
    for (const [name, draw] of ways) {
      await draw();
      const rounds: Round[] = [];
      for (let index = 0; index < options.rounds; index++) rounds.push(await round(receiver.url, draw));
      const checks = rounds.flatMap((done) => done.checks).sort((a, b) => a - b);
      const draws = rounds.map((done) => done.drawMs).sort((a, b) => a - b);
      rows.push(
        [`PDF of 100 lines × 101 lines, drawn ${name}: drawing, median`, ms(percentile(draws, 50))],
        [
          `  GET /api/devis/health meanwhile (${checks.length} answers): p50 / p95 / max`,
          `${ms(percentile(checks, 50))} / ${ms(percentile(checks, 95))} / ${ms(checks.at(-1) ?? NaN)}`,
        ],
      );
    }
  } finally {
    await receiver.close();
    await removeDir(dataDir);
  }
  return rows;
}
