import { Canvas, StyleSheet, Text, View } from '@react-pdf/renderer';
import { formatCents, formatQuantity, formatRate } from '../requests/devis/money';
import { LINE_KIND_LABELS } from '../requests/devis/types';
import type { DevisDocument } from './devis-document';
import {
  CELL_PADDING,
  clean,
  cleanLines,
  colours,
  FONT_SIZE,
  paintText,
  regularAscent,
  regularLineHeight,
  regularTextWidth,
  styles,
  tableStyles,
  type Painter,
} from './pdf-parts';

/**
 * The devis PDF's table (devis-pdf.tsx): its lines, each with its designation, its kind and five figures
 * that never wrap, then the totals by VAT rate.
 */

/** The table's columns, in points (an A4 page is 595 pt wide, 515 between the margins). */
const columns = { designation: 205, quantity: 45, unit: 50, unitPrice: 75, rate: 50, total: 90 } as const;

const table = StyleSheet.create({
  ...tableStyles,
  number: { paddingHorizontal: CELL_PADDING, textAlign: 'right' },
  totals: { marginTop: 8, marginLeft: 'auto', width: 250 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  grandTotal: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 4,
    paddingHorizontal: 4,
    marginTop: 2,
    backgroundColor: colours.brandLight,
    fontWeight: 700,
    color: colours.brandDark,
  },
});

function TableHeader() {
  return (
    <View style={table.header} fixed>
      <Text style={[table.cell, { width: columns.designation }]}>Désignation</Text>
      <Text style={[table.number, { width: columns.quantity }]}>Qté</Text>
      <Text style={[table.cell, { width: columns.unit }]}>Unité</Text>
      <Text style={[table.number, { width: columns.unitPrice }]}>PU HT</Text>
      <Text style={[table.number, { width: columns.rate }]}>TVA</Text>
      <Text style={[table.number, { width: columns.total }]}>Total HT</Text>
    </View>
  );
}

/**
 * A figure of a line of the table: its text, its column and how it sits in it. A number never wraps: one
 * too wide for its column at the table's size (the largest quantities and amounts the form allows) is set
 * smaller, to fit (`size`); the unit, a text, wraps instead.
 */
type Figure = { text: string; width: number; align: 'left' | 'right'; size: number };

/** The smallest size a number is set at to fit its column (the largest the form allows fit at 6 pt). */
const MIN_FIGURE_SIZE = 5;

/** The table's size, or the size at which `text` fits on one line of a column `width` wide. */
function fittedSize(text: string, width: number): number {
  const natural = regularTextWidth(text, FONT_SIZE);
  const room = width - 2 * CELL_PADDING;
  return natural <= room ? FONT_SIZE : Math.max(MIN_FIGURE_SIZE, Math.floor((FONT_SIZE * room * 10) / natural) / 10);
}

const numberFigure = (text: string, width: number): Figure => ({
  text,
  width,
  align: 'right',
  size: fittedSize(text, width),
});

/** The figures of a line, after its designation: quantity, unit, unit price, VAT rate, total. */
function figuresOf(doc: DevisDocument, index: number): Figure[] {
  const line = doc.lines[index];
  if (!line) return [];
  return [
    numberFigure(formatQuantity(line.quantityMilli), columns.quantity),
    { text: clean(line.unit), width: columns.unit, align: 'left', size: FONT_SIZE },
    numberFigure(formatCents(line.unitPriceHtCents), columns.unitPrice),
    numberFigure(formatRate(line.vatRateBp), columns.rate),
    numberFigure(formatCents(doc.totals.lineHtCents[index] ?? 0), columns.total),
  ];
}

const FIGURES_WIDTH = columns.quantity + columns.unit + columns.unitPrice + columns.rate + columns.total;

/**
 * A line's kind (under its designation) and five figures drawn by one Canvas, which stretches to the row's
 * height: each on one line, left- or right-aligned inside its cell's padding, as Texts would draw them. Real
 * text in the same font, and one node to lay out instead of five Texts and a second paragraph (the text
 * layout of the renderer is most of a devis's time, docs/performance.md).
 */
function PaintedFigures({ kind, figures }: { kind: string; figures: Figure[] }) {
  const lineHeight = regularLineHeight(FONT_SIZE);
  return (
    <Canvas
      style={{ width: FIGURES_WIDTH }}
      paint={(painter: Painter, _width: number, height: number) => {
        // The kind first (what a reader reads after the designation), muted, on the designation cell's last
        // line, which that cell keeps free.
        const kindX = CELL_PADDING - columns.designation;
        paintText(painter, kind, { x: kindX, y: height - lineHeight, size: FONT_SIZE, colour: colours.muted });
        let left = 0;
        for (const figure of figures) {
          const x =
            figure.align === 'right'
              ? left + figure.width - CELL_PADDING - regularTextWidth(figure.text, figure.size)
              : left + CELL_PADDING;
          // A number set smaller sits on the line's baseline, as the others.
          const y = regularAscent(FONT_SIZE) - regularAscent(figure.size);
          paintText(painter, figure.text, { x, y, size: figure.size, colour: colours.ink });
          left += figure.width;
        }
        return null;
      }}
    />
  );
}

/** The figures as Texts, which wrap: for a figure too wide for one line of its column (a long unit). */
function FigureTexts({ figures }: { figures: Figure[] }) {
  return figures.map((figure, index) => (
    <Text
      key={index}
      style={[figure.align === 'right' ? table.number : table.cell, { width: figure.width, fontSize: figure.size }]}
    >
      {figure.text}
    </Text>
  ));
}

const fitsOneLine = (figure: Figure) => regularTextWidth(figure.text, figure.size) <= figure.width - 2 * CELL_PADDING;

export function LinesTable({ doc }: { doc: DevisDocument }) {
  return (
    <View>
      <TableHeader />
      {doc.lines.map((line, index) => {
        const figures = figuresOf(doc, index);
        const kind = LINE_KIND_LABELS[line.kind];
        return (
          <View key={index} style={table.row} wrap={false}>
            {figures.every(fitsOneLine) ? (
              <>
                {/* The designation, its last line kept free for the kind that the Canvas draws there. */}
                <Text style={[table.cell, { width: columns.designation, paddingBottom: regularLineHeight(FONT_SIZE) }]}>
                  {cleanLines(line.designation)}
                </Text>
                <PaintedFigures kind={kind} figures={figures} />
              </>
            ) : (
              <>
                {/* One text of two lines (the designation, then the kind, muted): fewer blocks to lay out. */}
                <Text style={[table.cell, { width: columns.designation }]}>
                  {cleanLines(line.designation)}
                  {'\n'}
                  <Text style={styles.muted}>{kind}</Text>
                </Text>
                <FigureTexts figures={figures} />
              </>
            )}
          </View>
        );
      })}
    </View>
  );
}

export function Totals({ doc }: { doc: DevisDocument }) {
  const { totals } = doc;
  return (
    <View style={table.totals} wrap={false}>
      <View style={table.totalRow}>
        <Text>Total HT</Text>
        <Text>{formatCents(totals.htCents)}</Text>
      </View>
      {totals.vat.map((rate) => (
        <View key={rate.vatRateBp} style={table.totalRow}>
          <Text>
            TVA {formatRate(rate.vatRateBp)} sur {formatCents(rate.baseHtCents)}
          </Text>
          <Text>{formatCents(rate.vatCents)}</Text>
        </View>
      ))}
      <View style={table.grandTotal}>
        <Text>Total TTC</Text>
        <Text>{formatCents(totals.ttcCents)}</Text>
      </View>
    </View>
  );
}
