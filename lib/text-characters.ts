/**
 * The receiver's one rule about the characters of a text (docs/architecture.md, « Les caractères d’un
 * texte »): every form, every validator, the inbox's display, the PDF and the tools' output read it here.
 *
 * - Line ends: a browser posts a textarea's line break as CRLF; every form's text has its CRLF and lone CR
 *   turned into LF when it is read (`normaliseLineEnds`), so that the rule below sees LF only.
 * - Control characters: C0 but the tab and LF, DEL, C1. A NUL or an escape hides what follows it in a page,
 *   a mail or a terminal. A CR that is left after normalising is one of them.
 * - Line separators: LF, and U+2028 and U+2029, which some readers break a line at.
 * - Format characters: the bidirectional controls (U+202A to U+202E, U+2066 to U+2069: « 12 » shown for
 *   « 21 »), zero-width and other invisible characters (U+200B to U+200F, U+2060 to U+206F, the soft hyphen,
 *   the variation selectors, the BOM…): what they do depends on the reader, so that a page and a PDF of the
 *   same text would not show the same thing.
 */

const CONTROL_CLASS = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f';
const SEPARATOR_CLASS = '\\u2028\\u2029';
const FORMAT_CLASS =
  '\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\ufff9-\\ufffb';
const BIDI_CLASS = '\\u202a-\\u202e\\u2066-\\u2069';

/** A control character (C0 but tab and LF, DEL, C1). */
export const CONTROL = new RegExp(`[${CONTROL_CLASS}]`, 'u');
/** A control character or a format character (bidirectional controls included). */
const INVISIBLE = new RegExp(`[${CONTROL_CLASS}${FORMAT_CLASS}]`, 'gu');
const CONTROL_OR_FORMAT = new RegExp(`[${CONTROL_CLASS}${FORMAT_CLASS}]`, 'u');
const LINE_BREAK = new RegExp(`[\\n${SEPARATOR_CLASS}]`, 'u');
const SEPARATOR = new RegExp(`[${SEPARATOR_CLASS}]`, 'u');
/** A control character, a bidirectional control, or any line break (LF, CR, tab included): none is printed. */
const UNPRINTABLE = new RegExp(`[\\t\\n${CONTROL_CLASS}${BIDI_CLASS}]`, 'gu');
const UNPRINTABLE_IN_TEXT = new RegExp(`[${CONTROL_CLASS}${BIDI_CLASS}]`, 'gu');

/** CRLF and lone CR become LF: the line ends of every text the receiver reads from a form. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * What a text holds that a field may not, once its line ends are normalised: `control` (a control or a
 * format character, wherever it is), `line-break` (LF, U+2028 or U+2029 in a one-line field), or null.
 */
export function forbiddenCharacter(text: string, lines: 'one' | 'several'): 'control' | 'line-break' | null {
  if (CONTROL_OR_FORMAT.test(text)) return 'control';
  if (lines === 'one' && LINE_BREAK.test(text)) return 'line-break';
  if (SEPARATOR.test(text)) return 'control';
  return null;
}

/** Without control characters, tabs, line breaks nor bidirectional controls: a name, a label, one line. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '');
}

/** The same, keeping tabs and line breaks: a whole text (the CSV export shown in a terminal). */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE_IN_TEXT, (char) => (char === '\r' ? char : ''));
}

/**
 * Without control nor format characters, line breaks kept as LF: a devis's text as its page and its PDF
 * show it (documents/pdf-parts.tsx clean), so that both show the same characters whatever was stored.
 */
export function withoutInvisible(text: string): string {
  return normaliseLineEnds(text).replace(INVISIBLE, '');
}

/** Each control or format character written « [U+202E] »: the inbox shows what was typed, invisible included. */
export function visible(text: string): string {
  return text.replace(INVISIBLE, (char) => `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}
