/**
 * A visitor's text as the inbox shows it. React escapes markup already; this makes the invisible
 * characters visible: bidirectional controls (which would show « facture‮fdp.exe » reversed), zero-width
 * and other format characters (which hide a difference between two names), and control characters other
 * than line breaks and tabs. Each becomes « [U+202E] », so the team sees that something odd was typed.
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\ufff9-\ufffb]/gu;

export function visible(text: string): string {
  return text.replace(INVISIBLE, (char) => `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}
