import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderDevisPdf as renderHere } from '../src/documents/devis-pdf';
import type { DevisDocument } from '../src/documents/devis-document';
import { pdfsPending, renderDevisPdf } from '../src/documents/render';
import { href } from '../src/inbox/paths';
import { createDevis } from '../src/store/devis-queries';
import { sha256 } from './helpers';
import { NOW, pagesApp } from './inbox-pages';
import { readPdf } from './pdf-text';
import { draft, requestForDevis, manyLines, sampleDevis } from './factories';

/**
 * The PDFs drawn in their own thread (documents/render.ts, pdf-worker.ts), one at a time: the same bytes as
 * drawn in this thread, documents asked for together wait their turn and each gets its own PDF, and a
 * drawing that fails fails alone. How long the public listener waits meanwhile is a measurement, not a test:
 * receiver/bench/pdf-thread.ts.
 */

const devis = (number: string, lines = 3): DevisDocument => sampleDevis({ number, lines: manyLines(lines) });

describe('PDFs drawn in their own thread', () => {
  test('the same PDF, byte for byte, as drawn in this thread', async () => {
    const doc = devis('D-2026-0101', 12);
    const [there, here] = [await renderDevisPdf(doc), await renderHere(doc)];
    assert.equal(sha256(there), sha256(here));
    const text = (await readPdf(there)).text;
    assert.ok(text.includes('D-2026-0101'));
    assert.ok(text.includes('Ligne 12'));
  });

  test('documents asked for together wait their turn; each gets its own', async () => {
    const numbers = ['D-2026-0201', 'D-2026-0202', 'D-2026-0203', 'D-2026-0204'];
    const finished: string[] = [];
    const drawing = numbers.map((number, index) =>
      renderDevisPdf(devis(number, 40 - index * 10)).then((pdf) => {
        finished.push(number);
        return pdf;
      }),
    );
    // One drawn, the others queued (the suite's other files, in this process, may have queued documents too).
    assert.ok(pdfsPending() >= numbers.length, 'one drawn, the others queued');
    const pdfs = await Promise.all(drawing);
    // One at a time, in order: the shortest, asked last, is not finished first.
    assert.deepEqual(finished, numbers);
    for (const [index, pdf] of pdfs.entries()) {
      const text = (await readPdf(pdf)).text;
      assert.ok(text.includes(numbers[index]!), numbers[index]);
      for (const other of numbers.filter((_, at) => at !== index)) assert.ok(!text.includes(other));
    }
  });

  test('a drawing that fails fails alone: the next documents are drawn', async () => {
    const broken = { ...devis('D-2026-0301'), lines: undefined } as unknown as DevisDocument;
    const [failed, next] = await Promise.allSettled([renderDevisPdf(broken), renderDevisPdf(devis('D-2026-0302'))]);
    assert.equal(failed.status, 'rejected');
    assert.match(String((failed as PromiseRejectedResult).reason), /^Error: PDF: /);
    assert.equal(next.status, 'fulfilled');
    assert.ok((await readPdf((next as PromiseFulfilledResult<Uint8Array>).value)).text.includes('D-2026-0302'));
    // Nor does one that cannot even be sent to the thread.
    const uncopyable = { ...devis('D-2026-0303'), subject: () => 'x' } as unknown as DevisDocument;
    await assert.rejects(renderDevisPdf(uncopyable), /could not be cloned/);
    assert.ok((await readPdf(await renderDevisPdf(devis('D-2026-0304')))).text.includes('D-2026-0304'));
  });

  test('a member gets one preview at a time: a second one asked meanwhile is refused in French', async (t) => {
    const pages = await pagesApp(t);
    const request = await requestForDevis(pages.db);
    const id = await createDevis(pages.db, request.id, draft({ lines: manyLines(60) }), NOW);
    const [first, second] = await Promise.all([
      pages.get(href.devisPreviewPdf(id)),
      pages.get(href.devisPreviewPdf(id)),
    ]);
    const answers = [first, second].sort((a, b) => a.statusCode - b.statusCode);
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [200, 429],
    );
    assert.equal(answers[0]?.headers['content-type'], 'application/pdf');
    assert.equal(answers[1]?.body, 'Un aperçu est déjà en préparation\u00a0: attendez qu’il s’ouvre, puis réessayez.');
    // Once drawn, the next preview is drawn.
    assert.equal((await pages.get(href.devisPreviewPdf(id))).statusCode, 200);
  });
});
