import path from 'node:path';
import { Canvas, Font, StyleSheet, Text, View } from '@react-pdf/renderer';
import { demoDevis, siteColours } from '../facts';
import { printable } from '../printable';
import { normaliseLineEnds, withoutInvisible } from '../facts';
import { RECEIVER_DIR } from '../receiver-dir';
import type { DevisCompany } from './devis-document';
import type { PageNumbers } from './pdf-file';

/**
 * What the devis's PDF and its proof page share: the font, the colours, the styles, the footer with the
 * company's legal identity and the page numbers.
 */

/**
 * Inter, in subsets made once from @expo-google-fonts/inter by receiver/bin/subset-fonts.sh and committed
 * in receiver/assets/fonts/ with their licence (docs/documents.md, « La police »): the Latin, Greek and
 * Cyrillic characters, French typography's spaces (U+00A0, U+202F) and signs, without the OpenType layout
 * tables (ligatures, contextual alternates, kerning) that slowed every render. The renderer embeds in each
 * PDF only the glyphs it draws. Nothing is fetched.
 */
const fontFile = (name: string) => path.join(RECEIVER_DIR, 'assets', 'fonts', name);
export const FONT_FAMILY = 'Inter';
/** The documents' body size, in points. */
export const FONT_SIZE = 9;
function registerFonts() {
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: fontFile('Inter-Regular.ttf'), fontWeight: 400 },
      { src: fontFile('Inter-Italic.ttf'), fontWeight: 400, fontStyle: 'italic' },
      { src: fontFile('Inter-Bold.ttf'), fontWeight: 700 },
    ],
  });
}
registerFonts();

/**
 * Words are never hyphenated: the renderer's default follows English rules, and the hyphen it inserts at a
 * break was seen to upset the text a reader copies (a « . » read back as « - » in a later document).
 * A word too long for its column is cut by `clean` instead.
 */
Font.registerHyphenationCallback((word) => [word]);

/** A word longer than this is cut with a space every `LONG_WORD_PIECE` characters (a pasted link, hostile text). */
const LONG_WORD = 40;
const LONG_WORD_PIECE = 20;

export const colours = {
  brand: siteColours.brand[700],
  brandDark: siteColours.brand[900],
  brandLight: siteColours.brand[50],
  rule: siteColours.brand[100],
  accent: siteColours.accent[400],
  ink: siteColours.ink.DEFAULT,
  muted: siteColours.ink.muted,
};

export const styles = StyleSheet.create({
  page: {
    fontFamily: FONT_FAMILY,
    // No line height here: a unitless one on the page hides texts drawn late (react-pdf 4.9: the page
    // numbers, when they were a `render` text); the paragraphs set theirs.
    fontSize: FONT_SIZE,
    color: colours.ink,
    paddingTop: 36,
    paddingBottom: 64,
    paddingHorizontal: 40,
  },
  h1: { fontSize: 16, fontWeight: 700, color: colours.brand },
  h2: { fontSize: 11, fontWeight: 700, color: colours.brand, marginTop: 12, marginBottom: 4 },
  h3: { fontWeight: 700, marginTop: 6, marginBottom: 2 },
  // The size given again with the line height: react-pdf resolves a unitless line height against the text's
  // own size, or its default 12 pt when the size is only inherited from the page (lines of 16 pt, not 12).
  paragraph: { marginBottom: 3, fontSize: FONT_SIZE, lineHeight: 1.35 },
  muted: { color: colours.muted },
  strong: { fontWeight: 700 },
  banner: {
    backgroundColor: colours.accent,
    padding: 6,
    marginBottom: 10,
    fontWeight: 700,
  },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 40,
    right: 40,
    borderTopWidth: 0.5,
    borderTopColor: colours.rule,
    paddingTop: 4,
    fontSize: 7,
    color: colours.muted,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
  footerIdentity: { flex: 1, paddingRight: 12 },
  stamp: {
    position: 'absolute',
    top: 14,
    left: 40,
    right: 40,
    fontSize: 9,
    fontWeight: 700,
    color: colours.brandDark,
    textAlign: 'center',
  },
});

/** The horizontal padding of a table's cell, in points. */
export const CELL_PADDING = 4;

/** A table's header row (white on the brand colour, repeated on each page), its rows and its cells. */
export const tableStyles = StyleSheet.create({
  header: {
    flexDirection: 'row',
    backgroundColor: colours.brand,
    color: '#ffffff',
    fontWeight: 700,
    paddingVertical: 4,
  },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: colours.rule, paddingVertical: 4 },
  cell: { paddingHorizontal: CELL_PADDING },
});

/** The weights and styles the documents use: loaded before drawing, so that `clean` knows the glyphs. */
const FACES = [
  { fontFamily: FONT_FAMILY, fontWeight: 400, fontStyle: 'normal' },
  { fontFamily: FONT_FAMILY, fontWeight: 400, fontStyle: 'italic' },
  { fontFamily: FONT_FAMILY, fontWeight: 700, fontStyle: 'normal' },
] as const;

/** The part of a fontkit font read here (fontkit ships no types: the renderer's own type is empty). */
export type GlyphCoverage = { hasGlyphForCodePoint(codePoint: number): boolean };
type FontkitFont = GlyphCoverage & { characterSet: number[]; glyphForCodePoint(codePoint: number): unknown };

let coverage: GlyphCoverage | null = null;

/** Printable ASCII, Latin-1, then œ, Œ and French typography's signs: ’ « » – — … € and its spaces. */
const FIRST_CHARACTERS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, index) => 0xa0 + index),
  0x0152,
  0x0153,
  0x2019,
  0x2018,
  0x201c,
  0x201d,
  0x2013,
  0x2014,
  0x2026,
  0x20ac,
  0x202f,
  0x2009,
  0x2011,
];

/** Loads the font files once (the renderer keeps them); every render awaits it first. */
export async function loadFonts(): Promise<void> {
  if (coverage) return;
  await Promise.all(FACES.map((face) => Font.load(face)));
  // fontkit keeps one glyph object per glyph, with the characters it was first asked for; the PDF's
  // ToUnicode map (what a reader copies) is written from them. Some glyphs were first made with no
  // character (a bold « . »), which shifted the map of a later PDF: « . » read back as « - ». Asking for
  // every character of the font first makes each glyph with its own. A glyph drawn for several
  // characters keeps the first asked: French text's own characters come first (’ before ʼ, for one).
  for (const face of FACES) {
    const font = Font.getFont(face).data as unknown as FontkitFont;
    for (const codePoint of [...FIRST_CHARACTERS, ...font.characterSet]) font.glyphForCodePoint(codePoint);
  }
  coverage = Font.getFont(FACES[0]).data as unknown as GlyphCoverage;
}

/** What stands for a character the font cannot draw (an emoji, a script it lacks). */
export const MISSING_GLYPH = '?';

/**
 * A visitor's or a member's text as the PDF draws it: without control characters nor bidirectional
 * overrides (printable.ts), and each character the font has no glyph for replaced by `MISSING_GLYPH`, so
 * that a reader copying the text never gets another character than the one shown.
 */
export function clean(text: string): string {
  const shown = printable(withoutInvisible(text)).replace(new RegExp(`\\S{${LONG_WORD + 1},}`, 'gu'), (word) =>
    (word.match(new RegExp(`[\\s\\S]{1,${LONG_WORD_PIECE}}`, 'gu')) ?? [word]).join(' '),
  );
  if (!coverage) return shown;
  let out = '';
  for (const char of shown) {
    out += /\s/.test(char) || coverage.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ? char : MISSING_GLYPH;
  }
  return out;
}

/** A text of several lines in one Text: each line cleaned, the line breaks kept. */
export function cleanLines(text: string): string {
  return normaliseLineEnds(text).split('\n').map(clean).join('\n');
}

/** A text of several lines: one Text per line, so that line breaks survive. */
export function Lines({ text, style }: { text: string; style?: (typeof styles)[keyof typeof styles] }) {
  return (
    <>
      {text.split(/\r\n|\r|\n/).map((line, index) => (
        <Text key={index} style={style}>
          {clean(line)}
        </Text>
      ))}
    </>
  );
}

/** « Azur Technique Services SARL, SARL au capital de 20 000 €, 18 chemin…, SIRET …, RCS …, TVA … ». */
export function legalIdentity(company: DevisCompany): string {
  return [
    company.legalName,
    company.legalForm,
    company.address,
    `SIRET ${company.siret}`,
    company.rcs,
    `TVA intracommunautaire ${company.vatNumber}`,
  ].join(' · ');
}

/** A fontkit font, as the painter of a Canvas takes it (pdfkit's `font`) and as it measures text. */
type PaintFont = {
  layout(text: string): { advanceWidth: number };
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
};
/** The part of react-pdf's Canvas painter used here (pdfkit's methods, chained). */
export type Painter = {
  font(font: PaintFont, size: number): Painter;
  fillColor(colour: string): Painter;
  text(text: string, x: number, y: number, options: { lineBreak: false }): Painter;
};

const regularFont = () => Font.getFont(FACES[0]).data as unknown as PaintFont;

/** The width of a line of text in the regular face at `size`, as the renderer measures it. */
export function regularTextWidth(text: string, size: number): number {
  const font = regularFont();
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

/** The height from a line's top to its baseline in the regular face at `size`. */
export function regularAscent(size: number): number {
  const font = regularFont();
  return (font.ascent * size) / font.unitsPerEm;
}

/** The height of one line of text in the regular face at `size` (a Text without a line height). */
export function regularLineHeight(size: number): number {
  const font = regularFont();
  return ((font.ascent - font.descent + font.lineGap) * size) / font.unitsPerEm;
}

/**
 * One line of text drawn by pdfkit inside a Canvas, in the regular face: real text, in the same embedded
 * font as the renderer's texts, its top at `y` as a Text's first line would be.
 */
export function paintText(
  painter: Painter,
  text: string,
  { x, y = 0, size, colour }: { x: number; y?: number; size: number; colour: string },
): void {
  painter.font(regularFont(), size).fillColor(colour).text(text, x, y, { lineBreak: false });
}

/** The size of « Page 2 sur 3 » in the footer, and the width kept for it (« Page 99 sur 99 » fits). */
const PAGE_NUMBER_SIZE = 7;
const PAGE_NUMBER_WIDTH = 56;

/**
 * « Page 2 sur 3 », right-aligned in its box: real text in the regular face, drawn by pdfkit in the same
 * embedded font as the rest, at the footer's size and colour. The total comes from the layout
 * (pdf-file.ts), the number from the order in which the pages are drawn.
 */
function PageNumber({ pages }: { pages: PageNumbers }) {
  return (
    <Canvas
      style={{ width: PAGE_NUMBER_WIDTH, height: PAGE_NUMBER_SIZE * 1.25 }}
      paint={(painter: Painter, width = PAGE_NUMBER_WIDTH) => {
        const text = `Page ${pages.next()} sur ${pages.total}`;
        const x = width - regularTextWidth(text, PAGE_NUMBER_SIZE);
        paintText(painter, text, { x, size: PAGE_NUMBER_SIZE, colour: colours.muted });
        return null;
      }}
    />
  );
}

/** Every page's footer: the company's legal identity and « Page 1 sur 2 ». */
export function Footer({ company, pages }: { company: DevisCompany; pages: PageNumbers }) {
  return (
    <View style={styles.footer} fixed>
      <Text style={styles.footerIdentity}>{legalIdentity(company)}</Text>
      <PageNumber pages={pages} />
    </View>
  );
}

/**
 * A demonstration devis's stamp (content/demo.ts): « Devis de démonstration » at the top of every page, and
 * the banner that says it is no offer where `notice` is asked (the first page).
 */
export function DemonstrationStamp({ notice = false }: { notice?: boolean }) {
  return (
    <>
      <Text style={styles.stamp} fixed>
        {demoDevis.stamp}
      </Text>
      {notice && <Text style={styles.banner}>{`${demoDevis.stamp}. ${demoDevis.notice}`}</Text>}
    </>
  );
}
