import { Canvas, Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { dateOfDay, formatFrenchDay, formatSiren, frenchTypography, NBSP, withdrawalForm } from '../facts';
import { formatCents, formatQuantity, formatRate } from '../requests/devis/money';
import { LINE_KIND_LABELS, type ContractWay } from '../requests/devis/types';
import type { DevisDocument } from './devis-document';
import { PageNumbers, renderPdfFile } from './pdf-file';
import {
  CELL_PADDING,
  clean,
  cleanLines,
  colours,
  DemonstrationStamp,
  FONT_SIZE,
  Footer,
  Lines,
  loadFonts,
  paintText,
  regularAscent,
  regularLineHeight,
  regularTextWidth,
  styles,
  tableStyles,
  type Painter,
} from './pdf-parts';

/** How the devis names the way the contract is made. */
export const CONTRACT_WAY_LABELS: Record<ContractWay, string> = {
  distance: 'Contrat conclu à distance (devis accepté en ligne)',
  'hors-etablissement': 'Contrat conclu hors établissement (chez vous ou ailleurs que dans nos locaux)',
  etablissement: 'Contrat conclu dans nos locaux',
};

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

const layout = StyleSheet.create({
  top: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 14 },
  company: { width: 270 },
  heading: { width: 220, textAlign: 'right' },
  parties: { flexDirection: 'row', gap: 15, marginBottom: 6 },
  party: { flex: 1, padding: 8, backgroundColor: colours.brandLight },
  label: { fontSize: 7.5, textTransform: 'uppercase', color: colours.muted, marginBottom: 2 },
  formBox: { borderWidth: 1, borderColor: colours.brand, padding: 14, marginTop: 10 },
  formField: { marginTop: 14, paddingBottom: 14, borderBottomWidth: 0.5, borderBottomColor: colours.muted },
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

function LinesTable({ doc }: { doc: DevisDocument }) {
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

function Totals({ doc }: { doc: DevisDocument }) {
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

function Conditions({ doc }: { doc: DevisDocument }) {
  const rows: [string, string][] = [
    ['Validité de l’offre', `jusqu’au ${formatFrenchDay(doc.validUntil)} inclus`],
    ['Conditions de paiement', clean(doc.paymentTerms)],
  ];
  // « Acompte », not « à la commande »: off premises it is payable from the eighth day only, said here as in
  // the « Paiement » mention.
  if (doc.depositCents !== undefined) {
    const amount = `${formatCents(doc.depositCents)} TTC`;
    rows.push(['Acompte', doc.depositCondition ? `${amount}, ${doc.depositCondition}` : amount]);
  }
  if (doc.expectedStart) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(doc.expectedStart);
    rows.push(['Début prévu des travaux', day ? formatFrenchDay(doc.expectedStart) : clean(doc.expectedStart)]);
  }
  if (doc.expectedDuration) rows.push(['Durée prévue', clean(doc.expectedDuration)]);
  return (
    <View wrap={false}>
      <Text style={styles.h2}>Conditions</Text>
      {rows.map(([label, value]) => (
        <Text key={label} style={styles.paragraph}>
          <Text style={styles.strong}>
            {label}
            {NBSP}:{' '}
          </Text>
          {value}
        </Text>
      ))}
    </View>
  );
}

function WithdrawalFormPage({ doc, pages }: { doc: DevisDocument; pages: PageNumbers }) {
  return (
    <Page size="A4" style={styles.page}>
      {doc.demonstration && <DemonstrationStamp />}
      <Text style={styles.h1}>{withdrawalForm.title}</Text>
      <Text style={[styles.muted, { marginTop: 4 }]}>
        Annexe au devis n°{NBSP}
        {clean(doc.number)}, version {doc.version}
      </Text>
      <View style={layout.formBox}>
        <Text style={[styles.paragraph, { fontStyle: 'italic' }]}>{withdrawalForm.intro}</Text>
        <Text style={styles.paragraph}>{withdrawalForm.addressee}</Text>
        {withdrawalForm.fields.map((field) => (
          <Text key={field} style={layout.formField}>
            {field}
          </Text>
        ))}
        <Text style={[styles.muted, { marginTop: 10 }]}>{withdrawalForm.footnote}</Text>
      </View>
      <Footer company={doc.company} pages={pages} />
    </Page>
  );
}

/** The devis as a react-pdf document: one flow of A4 pages, then the model withdrawal form if asked. */
export function DevisPdf({ doc, pages }: { doc: DevisDocument; pages: PageNumbers }) {
  const { company, client } = doc;
  const title = `Devis n°${NBSP}${clean(doc.number)}`;
  const date = dateOfDay(doc.date);
  return (
    <Document
      title={`${title}, version ${doc.version}`}
      author={company.legalName}
      subject={clean(doc.subject)}
      creator={company.name}
      producer={company.name}
      language="fr-FR"
      creationDate={date}
      modificationDate={date}
    >
      <Page size="A4" style={styles.page}>
        {doc.demonstration && <DemonstrationStamp notice />}
        {doc.replacedBy !== undefined && (
          <Text style={styles.banner}>
            Cette version est remplacée par la version {doc.replacedBy}
            {NBSP}: elle ne peut plus être acceptée.
          </Text>
        )}
        <View style={layout.top}>
          <View style={layout.company}>
            <Text style={styles.h1}>{company.name}</Text>
            {/* The lines of a block in one text: fewer blocks to lay out, the same lines. */}
            <Text>
              {company.address}
              {'\n'}
              {company.phone} · {company.email}
              {'\n'}
              {company.website}
            </Text>
          </View>
          <View style={layout.heading}>
            <Text style={styles.h1}>{title}</Text>
            <Text>
              Version {doc.version}
              {'\n'}
              Date{NBSP}: {formatFrenchDay(doc.date)}
              {'\n'}
              Valable jusqu’au {formatFrenchDay(doc.validUntil)}
            </Text>
          </View>
        </View>

        <View style={layout.parties}>
          <View style={layout.party}>
            <Text style={layout.label}>Client</Text>
            <Text>
              <Text style={styles.strong}>{clean(client.name)}</Text>
              {client.kind === 'professional' &&
                client.siren &&
                `\nSIREN${NBSP}${frenchTypography(formatSiren(clean(client.siren)))}`}
              {'\n'}
              {clean(client.email)}
              {'\n'}
              {clean(client.phone)}
            </Text>
          </View>
          <View style={layout.party}>
            <Text style={layout.label}>Lieu d’intervention</Text>
            <Lines text={client.jobAddress} />
          </View>
        </View>

        <Text style={styles.h2}>Objet</Text>
        <Text style={styles.strong}>{clean(doc.subject)}</Text>
        {doc.description && <Lines text={doc.description} style={styles.paragraph} />}
        <Text style={styles.muted}>{CONTRACT_WAY_LABELS[doc.contractWay]}</Text>
        {doc.urgent && <Text style={styles.muted}>Intervention urgente, à votre demande</Text>}

        <Text style={styles.h2}>Détail</Text>
        <LinesTable doc={doc} />
        <Totals doc={doc} />

        <Conditions doc={doc} />

        <Text style={styles.h2}>Mentions</Text>
        {doc.mentions.map((mention) => (
          <View key={mention.title} wrap={false}>
            <Text style={styles.h3}>{mention.title}</Text>
            {mention.paragraphs.map((paragraph, index) => (
              <Text key={index} style={styles.paragraph}>
                {paragraph}
              </Text>
            ))}
          </View>
        ))}

        {doc.withdrawal && (
          <View>
            <Text style={styles.h2}>{doc.withdrawal.title}</Text>
            {doc.withdrawal.paragraphs.map((paragraph, index) => (
              <Text key={index} style={styles.paragraph}>
                {paragraph}
              </Text>
            ))}
          </View>
        )}
        <Footer company={company} pages={pages} />
      </Page>
      {doc.attachWithdrawalForm && <WithdrawalFormPage doc={doc} pages={pages} />}
    </Document>
  );
}

/**
 * The devis's PDF. The same document gives the same bytes: the creation date is the devis's date, and
 * nothing else in the file depends on the clock.
 */
export async function renderDevisPdf(doc: DevisDocument): Promise<Uint8Array> {
  await loadFonts();
  const pages = new PageNumbers();
  return new Uint8Array(await renderPdfFile(<DevisPdf doc={doc} pages={pages} />, pages));
}
