import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { Font } from '@react-pdf/renderer';
import { renderDevisPdf } from '../src/documents/devis-pdf';
import { renderProofPdf, type ProofDocument } from '../src/documents/proof-pdf';
import { companyFromFacts } from '../src/documents/devis-document';
import { formatCents } from '../src/requests/devis/money';
import { FONT_FAMILY, FONT_SIZE, styles, type GlyphCoverage } from '../src/documents/pdf-parts';
import { formatFrenchDateTime, proofTexts, site, withdrawalForm } from '../src/facts';
import { LINE_LIMITS } from '../src/requests/devis/money';
import { placedTexts, plain, readPdf, unicodeOfGlyphs, type PlacedText } from './pdf-text';
import { manyLines, sampleDevis, sampleLines, sampleWithdrawal } from './factories';

/**
 * The devis's PDF and its page of proof, read back by a real PDF reader (PDF.js): what the client and the
 * company will read, word for word. Expected amounts are written out by hand from the sample's lines.
 */
const NBSP = '\u00a0';
const NNBSP = '\u202f';
/** Whether a text read back holds `expected`, spaces as PDF.js gives them (pdf-text.ts). */
const has = (text: string | undefined, expected: string) => (text ?? '').includes(plain(expected));
const starts = (text: string | undefined, expected: string) => (text ?? '').startsWith(plain(expected));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** « Page 1 sur 3 » … on each page, in order. */
function assertPageNumbers(pages: string[]) {
  pages.forEach((text, index) => assert.ok(has(text, `Page ${index + 1} sur ${pages.length}`), `page ${index + 1}`));
}

/** A4's width in points, and the page's side margin, as the documents set it. */
const A4_WIDTH = 595.28;
const PAGE_MARGIN = Number(styles.page.paddingHorizontal);

/** No text runs into the next one on its line (PDF.js's items, grouped by their baseline). */
function assertNoTextRunsIntoAnother(page: PlacedText[]) {
  const lines = new Map<string, PlacedText[]>();
  for (const placed of page) lines.set(placed.y.toFixed(1), [...(lines.get(placed.y.toFixed(1)) ?? []), placed]);
  for (const placed of lines.values()) {
    placed.sort((a, b) => a.x - b.x);
    for (const [index, left] of placed.entries()) {
      const right = placed[index + 1];
      if (right) assert.ok(left.x + left.width <= right.x, `« ${left.text} » runs into « ${right.text} »`);
    }
  }
}

describe('the devis PDF', () => {
  test('shows the company, the client, every line, every total and every mention, in French typography', async () => {
    const doc = sampleDevis();
    const bytes = await renderDevisPdf(doc);
    const { pages, text, info } = await readPdf(bytes);
    // The French spaces are drawn with their own glyphs, and read back as themselves.
    const drawn = unicodeOfGlyphs(bytes);
    for (const char of [NBSP, NNBSP, '€', '’', 'œ'])
      assert.ok(drawn.has(char), `U+${char.codePointAt(0)?.toString(16)}`);

    // The company's identity (content/site.ts) at the top, and its legal identity in every page's footer.
    for (const fact of [site.name, site.phone, site.email]) assert.ok(has(pages[0], fact), fact);
    for (const page of pages) {
      for (const fact of [site.legalName, `SIRET ${site.siret}`, site.rcs, site.vatNumber, site.address.street]) {
        assert.ok(has(page, fact), fact);
      }
    }
    assert.ok(has(text, `capital de 20${NNBSP}000${NBSP}€`));
    assertPageNumbers(pages);

    // Number, version, dates, the client and the job's address.
    assert.ok(has(text, `Devis n°${NBSP}D-2026-0042`));
    assert.ok(has(text, 'Version 1'));
    assert.ok(has(text, `Date${NBSP}: 21${NBSP}novembre${NBSP}2026`));
    assert.ok(has(text, `Valable jusqu’au 21${NBSP}décembre${NBSP}2026`));
    for (const field of [doc.client.name, doc.client.email, doc.client.phone, doc.client.jobAddress]) {
      assert.ok(has(text, field), field);
    }
    assert.ok(has(text, 'Contrat conclu à distance'));

    // Each line: designation, quantity, unit, unit price, rate, total (2,5 h × 65 € = 162,50 €).
    const rows = [
      `${sampleLines[0]?.designation} Prestation 2,5 h 65,00${NBSP}€ 10${NBSP}% 162,50${NBSP}€`,
      `${sampleLines[1]?.designation} Prestation 1 forfait 45,00${NBSP}€ 10${NBSP}% 45,00${NBSP}€`,
      `${sampleLines[2]?.designation} Fourniture 1 pièce 1${NNBSP}234,56${NBSP}€ 20${NBSP}% 1${NNBSP}234,56${NBSP}€`,
    ];
    for (const row of rows) assert.ok(has(text, row), row);
    assert.ok(has(text, 'Désignation Qté Unité PU HT TVA Total HT'));

    // Totals: HT, VAT per rate with its base, TTC; the deposit.
    for (const total of [
      `Total HT 1${NNBSP}442,06${NBSP}€`,
      `TVA 10${NBSP}% sur 207,50${NBSP}€ 20,75${NBSP}€`,
      `TVA 20${NBSP}% sur 1${NNBSP}234,56${NBSP}€ 246,91${NBSP}€`,
      `Total TTC 1${NNBSP}709,72${NBSP}€`,
      `Acompte${NBSP}: 300,00${NBSP}€ TTC`,
      `Début prévu des travaux${NBSP}: 2${NBSP}décembre${NBSP}2026`,
      `Durée prévue${NBSP}: 1 jour`,
      `Conditions de paiement${NBSP}: ${doc.paymentTerms}`,
    ]) {
      assert.ok(has(text, total), total);
    }

    // Every mention, title and paragraphs; the withdrawal section; the model form on its own last page.
    for (const mention of doc.mentions) {
      assert.ok(has(text, mention.title), mention.title);
      for (const paragraph of mention.paragraphs) assert.ok(has(text, paragraph), paragraph);
    }
    for (const paragraph of doc.withdrawal?.paragraphs ?? []) assert.ok(has(text, paragraph), paragraph);
    const formPage = pages.at(-1) ?? '';
    const withdrawalForm = doc.withdrawalForm!;
    assert.ok(starts(formPage, withdrawalForm.title));
    for (const line of [
      withdrawalForm.intro,
      withdrawalForm.addressee,
      ...withdrawalForm.fields,
      withdrawalForm.footnote,
    ]) {
      assert.ok(has(formPage, line), line);
    }
    assert.ok(has(formPage, site.email));
    assert.ok(!pages.slice(0, -1).some((page) => has(page, withdrawalForm.title)));

    // Metadata: title, author, creation date from the devis's date.
    assert.equal(info.Title, `Devis n°${NBSP}D-2026-0042, version 1`);
    assert.equal(info.Author, site.legalName);
    assert.match(info.CreationDate ?? '', /^D:20261121/);
  });

  test('without withdrawal, no withdrawal section and no form page', async () => {
    const doc = sampleDevis({ contractWay: 'etablissement', withdrawal: null, withdrawalForm: null });
    const { pages, text } = await readPdf(await renderDevisPdf(doc));
    assertPageNumbers(pages);
    assert.ok(!has(text, 'Droit de rétractation'));
    assert.ok(!has(text, withdrawalForm(site).title));
    assert.ok(has(text, 'Contrat conclu dans nos locaux'));
    for (const mention of doc.mentions) assert.ok(has(text, mention.title), mention.title);
  });

  test('an urgent repair, a professional client with a SIREN, a replaced version', async () => {
    const doc = sampleDevis({
      contractWay: 'hors-etablissement',
      urgent: true,
      client: { ...sampleDevis().client, kind: 'professional', siren: '732829320' },
      withdrawal: null,
      withdrawalForm: null,
      version: 1,
      replacedBy: 2,
    });
    const { text } = await readPdf(await renderDevisPdf(doc));
    assert.ok(has(text, 'Contrat conclu hors établissement'));
    assert.ok(has(text, 'Intervention urgente, à votre demande'));
    // The SIREN in groups of three, as INSEE prints it.
    assert.ok(has(text, `SIREN${NBSP}732${NNBSP}829${NNBSP}320`));
    assert.ok(starts(text, `Cette version est remplacée par la version 2${NBSP}:`));
  });

  test('the same document gives the same bytes; another date, other bytes', async () => {
    const first = await renderDevisPdf(sampleDevis());
    const second = await renderDevisPdf(sampleDevis());
    assert.equal(sha256(first), sha256(second));
    assert.notEqual(sha256(await renderDevisPdf(sampleDevis({ date: '2026-11-22' }))), sha256(first));
  });

  test('20 lines spill onto a second page, the table header repeated there', async () => {
    const doc = sampleDevis({ lines: manyLines(20) });
    const { pages, text } = await readPdf(await renderDevisPdf(doc));
    assert.ok(pages.length >= 3, `${pages.length} pages`);
    const header = 'Désignation Qté Unité PU HT TVA Total HT';
    assert.ok(has(pages[0], header));
    assert.ok(starts(pages[1], header), pages[1]?.slice(0, 80));
    assert.ok(!has(pages[0], 'Ligne 20 :'));
    assert.ok(has(pages[1], 'Ligne 20 :'));
    for (const line of doc.lines) assert.ok(has(text, line.designation), line.designation);
    assertPageNumbers(pages);
  });

  test('two devis made at the same time each number their own pages', async () => {
    const [long, short] = await Promise.all([
      renderDevisPdf(sampleDevis({ lines: manyLines(20) })),
      renderDevisPdf(sampleDevis({ withdrawal: null, withdrawalForm: null })),
    ]);
    const [longPages, shortPages] = [(await readPdf(long)).pages, (await readPdf(short)).pages];
    // Different page counts: a total or a number taken from the other document would show.
    assert.ok(longPages.length > shortPages.length, `${longPages.length} and ${shortPages.length} pages`);
    assertPageNumbers(longPages);
    assertPageNumbers(shortPages);
  });

  test('a unit too long for one line of its column wraps inside it, the line read in order', async () => {
    // 20 characters, the longest unit a line may have (requests/devis/money.ts).
    const longUnit = { ...sampleLines[2]!, quantityMilli: 12_500, unit: 'lot de six 🔧 pièces' };
    const doc = sampleDevis({ lines: [sampleLines[0]!, longUnit] });
    const bytes = await renderDevisPdf(doc);
    const { text } = await readPdf(bytes);
    assert.ok(has(text, `Prestation 2,5 h 65,00${NBSP}€ 10${NBSP}% 162,50${NBSP}€`));
    assert.ok(
      has(text, `Fourniture 12,5 lot de six ? pièces 1${NNBSP}234,56${NBSP}€ 20${NBSP}% 15${NNBSP}432,00${NBSP}€`),
    );
    // No text runs into the next one on its line: a figure too wide for its column wraps inside it.
    const [page] = await placedTexts(bytes);
    assertNoTextRunsIntoAnother(page ?? []);
  });

  test('the largest quantity and amounts the form allows stay inside their columns and the page', async () => {
    const largest = {
      ...sampleLines[2]!,
      quantityMilli: LINE_LIMITS.maxQuantityMilli - 1,
      unitPriceHtCents: LINE_LIMITS.maxUnitPriceCents,
    };
    const doc = sampleDevis({ lines: [largest, largest, sampleLines[0]!] });
    const bytes = await renderDevisPdf(doc);
    const pages = await placedTexts(bytes);
    const { text } = await readPdf(bytes);
    assert.ok(has(text, formatCents(doc.totals.ttcCents)), 'the total TTC is written whole');
    for (const page of pages) {
      assertNoTextRunsIntoAnother(page);
      for (const placed of page)
        assert.ok(placed.x + placed.width <= A4_WIDTH - PAGE_MARGIN + 0.5, `« ${placed.text} » runs past the margin`);
    }
  });

  test('a paragraph of several lines is set at its line height, not double-spaced', async () => {
    // The withdrawal section's first paragraph takes two lines of the page's width.
    const pages = await placedTexts(await renderDevisPdf(sampleDevis()));
    const paragraph = plain(sampleWithdrawal.paragraphs[0]!);
    const page = pages.find((placed) => placed.some((item) => paragraph.startsWith(plain(item.text.trim()))));
    const first = page?.findIndex((item) => paragraph.startsWith(plain(item.text.trim())) && item.text.length > 20);
    assert.ok(page && first !== undefined && first >= 0, 'the paragraph is drawn');
    const [line1, line2] = [page[first]!, page[first + 1]!];
    assert.ok(paragraph.endsWith(plain(line2.text.trim())), `« ${line2.text} » ends the paragraph`);
    // PDF.js gives each line's baseline, from the bottom of the page: one line's height apart, more than the
    // text's size (no overlap) and well under twice it (no blank line between them).
    const gap = line1.y - line2.y;
    assert.ok(gap > FONT_SIZE && gap < 1.6 * FONT_SIZE, `lines ${gap.toFixed(1)} pt apart for ${FONT_SIZE} pt text`);
  });

  test('hostile text neither breaks the PDF nor turns into anything but text', async () => {
    const longWord = 'A'.repeat(300);
    const doc = sampleDevis({
      client: {
        ...sampleDevis().client,
        name: '<script>alert("x")</script> Ève 😀',
        jobAddress: '\u202eevreser\u202c 3 rue <b>gras</b>\nDeuxième ligne',
      },
      subject: '</Text><Page> %PDF-1.7 endobj',
      description: `${longWord} ) ( \\ \u0000\u0007 fin`,
      lines: [{ ...sampleLines[0]!, designation: `${'Ø'.repeat(120)} 🔧 <img src=x onerror=alert(1)>` }],
      paymentTerms: '\u2067\u05e9\u05dc\u05d5\u05dd\u2069 ; virement',
    });
    // Other devis first, in the same process: the fonts' glyphs are shared from one render to the next
    // (docs/documents.md, « Le texte copié d’un PDF »).
    await renderDevisPdf(sampleDevis());
    await renderDevisPdf(sampleDevis({ lines: manyLines(20) }));
    const { pages, text, info } = await readPdf(await renderDevisPdf(doc));
    assertPageNumbers(pages);
    // Markup is shown as typed, never interpreted; the PDF syntax in a field stays text.
    assert.ok(has(text, '<script>alert("x")</script> Ève'));
    assert.ok(has(text, '3 rue <b>gras</b>'));
    assert.ok(has(text, 'Deuxième ligne'));
    assert.ok(has(text, '</Text><Page> %PDF-1.7 endobj'));
    assert.ok(has(text, '<img src=x onerror=alert(1)>'));
    // Bidirectional overrides and control characters are removed; the long word is all there, cut to fit.
    assert.ok(!/[\u202a-\u202e\u2066-\u2069\u0000-\u0008]/.test(text));
    assert.ok(has(text, 'evreser 3 rue'));
    // What the font cannot draw (emoji, Hebrew) reads « ? », never another character.
    assert.ok(has(text, 'Ève ?'));
    assert.ok(has(text, '???? ; virement'));
    assert.ok(has(text, ' ? <img'));
    const joined = text.replace(/[-\s]/g, '');
    assert.ok(has(joined, longWord));
    assert.ok(has(joined, 'Ø'.repeat(120)));
    // In the metadata too, the text stays a string: PDF.js reads back the subject as typed.
    assert.equal(info.Subject, doc.subject);
  });

  test('the embedded font draws the French spaces: U+00A0 and U+202F have glyphs, in each weight', async () => {
    for (const fontWeight of [400, 700]) {
      const descriptor = { fontFamily: FONT_FAMILY, fontWeight, fontStyle: 'normal' } as const;
      await Font.load(descriptor);
      const font = Font.getFont(descriptor).data as unknown as GlyphCoverage | null;
      for (const codePoint of [0x00a0, 0x202f, 0x20ac, 0x2019, 0xab, 0xbb, 0x0153]) {
        assert.ok(font?.hasGlyphForCodePoint(codePoint), `${fontWeight}: U+${codePoint.toString(16)}`);
      }
    }
  });
});

describe('the page of proof', () => {
  const hash = sha256(new Uint8Array([1, 2, 3]));
  const proof: ProofDocument = {
    company: companyFromFacts(),
    number: 'D-2026-0042',
    version: 2,
    documentSha256: hash,
    signerName: 'Camille Durand <b>',
    signerCapacity: 'Gérante',
    codeSentTo: 'camille.durand@example.fr',
    codeMatched: { at: '2026-11-22T17:05:40.000Z', address: '203.0.113.7', browser: 'Firefox/133.0' },
    earlyStart: true,
    boxes: [
      { text: 'Bon pour accord : j’accepte ce devis.', checked: true },
      { text: 'Je demande le début des travaux avant la fin du délai de rétractation.', checked: false },
    ],
    cgvDate: '2026-12-01',
    events: [
      { label: 'Devis envoyé', at: '2026-11-21T08:30:12.345Z', address: '', browser: '' },
      {
        label: 'Devis ouvert',
        at: '2026-11-22T17:05:00.000Z',
        address: '203.0.113.7',
        browser: 'Mozilla/5.0 (Linux; Android 14) Firefox/133.0',
      },
      { label: 'Code confirmé', at: '2026-11-22T17:06:30.000Z', address: '2001:db8::1', browser: 'Mozilla/5.0' },
      { label: 'Devis accepté', at: '2026-11-22T17:06:41.000Z', address: '2001:db8::1', browser: 'Mozilla/5.0' },
    ],
  };

  test('shows the devis, its SHA-256, the signer and every event with its time, address and browser', async () => {
    const bytes = await renderProofPdf(proof);
    const { pages, text, info } = await readPdf(bytes);
    assert.ok(has(text, `${proofTexts.title} du devis n°${NBSP}D-2026-0042, version 2`), text);
    assert.ok(has(text, `${hash.slice(0, 32)} ${hash.slice(32)}`), text);
    assert.ok(has(text, 'Camille Durand <b>'), text);
    for (const event of proof.events) {
      const when = formatFrenchDateTime(new Date(event.at));
      assert.ok(has(text, `${event.label} ${when}`), `${event.label} ${when}`);
      assert.ok(has(text, event.at.replace(/\.\d+Z$/, 'Z')), event.at);
      if (event.address) assert.ok(has(text, event.address), event.address);
      if (event.browser) assert.ok(has(text, event.browser), event.browser);
    }
    // Written out by hand: 22 November 2026, 17:06 UTC is 18 h 06 in Paris.
    assert.ok(has(text, `Devis accepté 22${NBSP}novembre${NBSP}2026 à 18${NBSP}h${NBSP}06`), text);
    assert.ok(has(text, proofTexts.signature), text);
    // The answers the code confirmed: where it went, which « Code envoyé » it matched, each box's words.
    assert.ok(has(text, `${proofTexts.capacity}${NBSP}: Gérante`), 'the capacity');
    assert.ok(has(text, `${proofTexts.codeSentTo}${NBSP}: camille.durand@example.fr`), 'the code’s address');
    const matched = `${proofTexts.codeMatched} 22${NBSP}novembre${NBSP}2026 à 18${NBSP}h${NBSP}05`;
    assert.ok(has(text, `${matched} (2026-11-22T17:05:40Z), 203.0.113.7, Firefox/133.0`), 'the code matched');
    const earlyStart = `${proofTexts.earlyStart}${NBSP}: ${proofTexts.earlyStartAnswers.asked}`;
    assert.ok(has(text, earlyStart), 'the early-start choice');
    assert.ok(has(text, `${proofTexts.cgv} 1er${NBSP}décembre${NBSP}2026`), 'the CGV version');
    for (const box of proof.boxes) {
      const answer = box.checked ? proofTexts.boxAnswers.checked : proofTexts.boxAnswers.unchecked;
      assert.ok(has(text, `«${NBSP}${box.text}${NBSP}»${NBSP}: ${answer}`), box.text);
    }
    assertPageNumbers(pages);
    assert.equal(info.Author, site.legalName);
    assert.match(info.CreationDate ?? '', /^D:20261122170641/);
    assert.equal(sha256(await renderProofPdf(proof)), sha256(bytes));
  });
});
