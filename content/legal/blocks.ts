import type { Block, Inline, Paragraph } from './types';

/** Helpers to write legal texts as data: `p('Voir la ', link(paths.terms, 'page des CGV'), '.')`. */

/** One list item or definition: a single part, or a paragraph of parts. */
type Content = Inline | Paragraph;

const paragraphOf = (content: Content): Paragraph => (Array.isArray(content) ? content : [content as Inline]);

export const p = (...parts: Inline[]): Block => ({ paragraph: parts });

export const list = (...items: Content[]): Block => ({ list: items.map(paragraphOf) });

export const definitions = (...rows: readonly [term: string, details: Content][]): Block => ({
  definitions: rows.map(([term, details]) => ({ term, details: paragraphOf(details) })),
});

export const subheading = (text: string): Block => ({ subheading: text });

export const box = (title: string, ...lines: Content[]): Block => ({ box: { title, lines: lines.map(paragraphOf) } });

export const strong = (text: string): Inline => ({ strong: text });

export const link = (href: string, label: string): Inline => ({ link: { href, label } });

export const email = (address: string): Inline => ({ email: address });

export const phone = (number: string): Inline => ({ phone: number });

export const external = (href: string, label: string): Inline => ({ external: { href, label } });
