import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Where PDF.js is installed. */
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * How the tests open a PDF with PDF.js. A font a PDF names without embedding it (one of the standard 14) is
 * read from PDF.js's own copies, as a reader has them: without them PDF.js printed a warning for each such
 * PDF in the suite's output.
 */
const openPdf = (bytes: Uint8Array) =>
  getDocument({
    // PDF.js takes ownership of the buffer it is given: pass a copy.
    data: bytes.slice(),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: `${path.join(PDFJS_DIR, 'standard_fonts')}/`,
  }).promise;

/** What a real PDF reader (PDF.js) finds in a PDF: each page's text, the metadata, the page count. */
export interface PdfRead {
  pages: string[];
  /** All pages' text, one after the other. */
  text: string;
  info: { Title?: string; Author?: string; Subject?: string; CreationDate?: string; Producer?: string };
}

/**
 * Reads `bytes` with PDF.js. A page's text joins its runs; a run that ends a line adds a space, and spaces
 * fold into one, so a sentence wrapped over two lines reads whole. PDF.js gives every kind of space as a
 * plain one (U+00A0 and U+202F included): compare with `plain(expected)`, and see `unicodeOfGlyphs` for the
 * characters the PDF really draws.
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const pdf = await openPdf(bytes);
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
        .join('')
        .replace(/[ \n]+/g, ' ');
      pages.push(text);
    }
    const { info } = (await pdf.getMetadata()) as { info: PdfRead['info'] };
    return { pages, text: pages.join(' '), info };
  } finally {
    await pdf.destroy();
  }
}

/** A run of text where PDF.js finds it on its page: left edge and baseline (points from the bottom), width. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  width: number;
}

/** Each page's runs of text, with their place, as PDF.js reads them. */
export async function placedTexts(bytes: Uint8Array): Promise<PlacedText[][]> {
  const pdf = await openPdf(bytes);
  try {
    const pages: PlacedText[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          'str' in item && item.str.trim() !== ''
            ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** A text as PDF.js reads it back: its no-break spaces (U+00A0, U+202F) as plain spaces. */
export function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** A text with its spaces of any kind, line breaks included, folded into one plain space. */
export const squash = (text: string) => plain(text).replace(/\s+/g, ' ').trim();

/** Whether `text` holds `expected`, their spaces compared folded (squash): a PDF's lines joined back. */
export const hasSquashed = (text: string, expected: string) => squash(text).includes(squash(expected));

/**
 * Every character the PDF's fonts map their glyphs to (their ToUnicode maps, which a reader uses to copy or
 * search the text): the proof that a character is drawn by its own glyph and read back as itself.
 */
export function unicodeOfGlyphs(bytes: Uint8Array): Set<string> {
  const pdf = Buffer.from(bytes);
  const found = new Set<string>();
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = pdf.indexOf('endstream', start, 'latin1');
    let text: string;
    try {
      text = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed stream (or not one of zlib's)
    }
    if (!text.includes('/CMapName /Adobe-Identity-UCS')) continue;
    for (const [, hex] of text.matchAll(/<([0-9a-f]{4})>/gi)) found.add(String.fromCodePoint(parseInt(hex ?? '', 16)));
  }
  return found;
}
