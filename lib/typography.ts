/**
 * French typography for texts written in content/.
 *
 * - narrow no-break space (U+202F) before ; ! ? and inside « »;
 * - no-break space (U+00A0) before : and between a number and its unit (150 €, 10 Mo, 30 km, 48 h, 30 %,
 *   24 h/24, 7 j/7);
 * - no-break space after "n°" (n° 78-17) and between "€" and "HT" or "TTC" (150 € HT);
 * - narrow no-break space between thousands (1 000 €, 300 000 euros);
 * - no-break spaces inside phone numbers (01 23 45 67 89);
 * - "…" for three dots.
 *
 * Authors write plain spaces (or none before ; ! ?); `frenchTypography` fixes them. `typeset` applies it to
 * every string of a content object, so a module's texts are fixed once, where they are defined. A label
 * that must keep three dots (one the specification imposes letter for letter) is set after `typeset`.
 */
import { NBSP, NNBSP } from './characters';

export { NBSP, NNBSP };

export const ELLIPSIS = '…';

const UNITS = [
  '€',
  '%',
  'Mo',
  'Go',
  'Ko',
  'km',
  'm²',
  'm',
  'h',
  'j',
  'min',
  'mois',
  'ans',
  'an',
  'jours',
  'jour',
  'salariés',
  'personnes',
];
const unitPattern = new RegExp(`(\\d) (?=(?:${UNITS.join('|')})(?![\\p{L}\\d]))`, 'gu');

export function frenchTypography(text: string): string {
  return (
    text
      // three dots -> one ellipsis character
      .replace(/\.\.\.(?!\.)/g, ELLIPSIS)
      // space (or nothing, after a letter or closing sign) before ; ! ? -> narrow no-break space
      .replace(/[ \u00a0]+([;!?])/g, `${NNBSP}$1`)
      .replace(/([\p{L}\d»)])([;!?])(?=\s|$)/gu, `$1${NNBSP}$2`)
      // guillemets
      .replace(/«[ \u00a0]*/g, `«${NNBSP}`)
      .replace(/[ \u00a0]*»/g, `${NNBSP}»`)
      // space before a colon -> no-break space (a colon with no space, as in URLs or "9h30", is left alone)
      .replace(/[ \u202f]+:/g, `${NBSP}:`)
      // number and unit
      .replace(unitPattern, `$1${NBSP}`)
      // "n° 12", "N° de TVA": the sign never ends a line
      .replace(/\b([nN]°)[ \u202f]?(?=\S)/g, `$1${NBSP}`)
      // "150 € HT", "180 € TTC"
      .replace(/€[ \u202f]?(HT|TTC)\b/g, `€${NBSP}$1`)
      // French phone numbers ("01 23 45 67 89") never break across lines
      .replace(/\b0\d(?:[ \u00a0]\d\d){4}\b/g, (phone) => phone.replace(/ /g, NBSP))
      // thousands written with a space ("10 000", "300 000") stay together, with a narrow space
      .replace(/(\d)[ \u00a0](?=\d{3}(?!\d))/g, `$1${NNBSP}`)
  );
}

type Typeset<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Typeset<U>[]
    : T extends (...args: never[]) => unknown
      ? T
      : T extends object
        ? { [K in keyof T]: Typeset<T[K]> }
        : T;

/** Applies {@link frenchTypography} to every string inside `value` (objects and arrays, deeply). */
export function typeset<T>(value: T): T {
  if (typeof value === 'string') return frenchTypography(value) as T;
  if (Array.isArray(value)) return value.map((item) => typeset(item)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeset(item)])) as T;
  }
  return value;
}

export type { Typeset };
