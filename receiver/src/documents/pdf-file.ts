import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import * as ReactPdf from '@react-pdf/renderer';
import type { DocumentProps } from '@react-pdf/renderer';
import layoutDocument from '@react-pdf/layout';
import renderToPdfkit from '@react-pdf/render';

/**
 * A react-pdf document made into PDF bytes, as `renderToBuffer` does (the same three steps of
 * @react-pdf/renderer 4.9: its React renderer, its layout, its drawing onto a pdfkit document, with the same
 * document options), with one step between the layout and the drawing: the number of pages, given to
 * `PageNumbers` so that each page's footer can print « Page 2 sur 3 ».
 *
 * Why: react-pdf prints page numbers through a `render` prop, and its paginator then lays out again the
 * whole remaining content at each page break, then each page once more to give the total: a large part of
 * a devis's render (docs/performance.md, « Le PDF d’un devis »). Here the layout runs once, and the numbers
 * are drawn as text in the footer by a Canvas (`PageNumber` in pdf-parts.tsx), in the same font.
 */

/** The page count of one render, and which page is being drawn: one per document made. */
export class PageNumbers {
  total = 0;
  private drawn = 0;

  /** The number of the page being drawn: the footers' canvases are painted once per page, in order. */
  next(): number {
    this.drawn += 1;
    return this.drawn;
  }
}

/** pdfkit ships no types; the part of its document used here. */
type PdfkitDocument = NodeJS.ReadableStream & {
  font(src: unknown, family?: unknown, size?: unknown): PdfkitDocument;
  registerFont(name: string, src: unknown): PdfkitDocument;
};
const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (options: object) => PdfkitDocument;

/** A name for each font object drawn with, for pdfkit's registry of fonts. */
const fontNames = new WeakMap<object, string>();
let fontCount = 0;

/**
 * A pdfkit document that knows a font it has already embedded. The renderer selects the font of every run of
 * text by its object (a fontkit font); pdfkit then builds a new embedded font each time (a subset, a glyph
 * read) and compares its name table, as JSON, with the one it keeps, before dropping it. Given a name
 * instead, registered once, pdfkit finds its font in its cache: the same embedded font, without the waste.
 */
class PdfFile extends PDFDocument {
  override font(src: unknown, family?: unknown, size?: unknown): PdfkitDocument {
    if (typeof src !== 'object' || src === null) return super.font(src, family, size);
    let name = fontNames.get(src);
    if (!name) {
      name = `font-${fontCount++}`;
      fontNames.set(src, name);
    }
    this.registerFont(name, src);
    return super.font(name, family, size);
  }
}

/** Exported by @react-pdf/renderer (its pdf() builds on it) but absent from its types. */
type Renderer = {
  createContainer(container: PdfContainer): unknown;
  updateContainer(element: ReactElement, mountNode: unknown, parent: null, callback?: () => void): void;
};
type PdfContainer = { type: 'ROOT'; document: { props: DocumentProps } | null };
const { createRenderer, Font } = ReactPdf as unknown as typeof ReactPdf & {
  createRenderer(options: { onChange?: () => void }): Renderer;
};

let renderer: Renderer | null = null;

/** Without `undefined` values: pdfkit writes every key of the document's information dictionary. */
const definedOnly = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

export async function renderPdfFile(element: ReactElement<DocumentProps>, pages: PageNumbers): Promise<Buffer> {
  // One React renderer for the process, as react-pdf keeps one: two would share React's state.
  renderer ??= createRenderer({});
  const container: PdfContainer = { type: 'ROOT', document: null };
  renderer.updateContainer(element, renderer.createContainer(container), null);
  if (!container.document) throw new Error('The element is not a react-pdf <Document>.');

  const props = container.document.props;
  const ctx = new PdfFile({
    compress: true,
    lang: props.language,
    displayTitle: true,
    autoFirstPage: false,
    info: definedOnly({
      Title: props.title,
      Author: props.author,
      Subject: props.subject,
      Keywords: props.keywords,
      Creator: props.creator ?? 'react-pdf',
      Producer: props.producer ?? 'react-pdf',
      CreationDate: props.creationDate ?? new Date(),
      ModificationDate: props.modificationDate,
    }),
  });
  const layout = await (layoutDocument as unknown as (document: unknown, fonts: unknown) => Promise<unknown>)(
    container.document,
    Font,
  );
  pages.total = (layout as { children?: unknown[] }).children?.length ?? 0;

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    ctx.on('data', (chunk: Buffer) => chunks.push(chunk));
    ctx.on('end', () => resolve(Buffer.concat(chunks)));
    ctx.on('error', reject);
  });
  (renderToPdfkit as unknown as (ctx: PdfkitDocument, layout: unknown) => void)(ctx, layout);
  return done;
}
