/**
 * Control characters (C0, DEL, C1) and bidirectional controls (U+202A to U+202E, U+2066 to U+2069): they
 * would let a visitor's text drive the owner's terminal (escape sequences) or show a file name reversed
 * ("facture\u202Efdp.exe"). Removed from stored file names and from everything the tools print, by the
 * receiver's one rule (lib/text-characters.ts); `printableText` keeps line breaks and tabs, for a whole text
 * such as the CSV export shown in a terminal.
 */
export { printable, printableText } from './facts';
