/**
 * A visitor's text as the inbox shows it. React escapes markup already; `visible` makes the invisible
 * characters visible: bidirectional controls (which would show « facture‮fdp.exe » reversed), zero-width
 * and other format characters (which hide a difference between two names), and control characters other
 * than line breaks and tabs. Each becomes « [U+202E] », so the team sees that something odd was typed. The
 * characters are those of the receiver's one rule (lib/text-characters.ts).
 */
export { visible } from './facts';
