/** French typographic spaces (see lib/typography.ts). No other code, so browser code can import them. */
export const NNBSP = '\u202f';
export const NBSP = '\u00a0';
