/**
 * Control characters (C0, DEL, C1) and bidirectional controls (U+202A to U+202E, U+2066 to U+2069): they
 * would let a visitor's text drive the owner's terminal (escape sequences) or show a file name reversed
 * ("facture\u202Efdp.exe"). Removed from stored file names and from everything the tools print.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, '');
}

/** The same, keeping line breaks and tabs: for a whole text, such as the CSV export shown in a terminal. */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE, (char) => (char === '\n' || char === '\r' || char === '\t' ? char : ''));
}
