/**
 * Shapes of the legal pages (content/legal/*.ts), rendered by components/legal/legal-page.tsx.
 *
 * A page is a list of sections; a section is a list of blocks (paragraphs, lists, definition lists,
 * sub-headings, a framed box); a paragraph is a list of inline parts. Plain strings are text; objects are
 * the parts that need markup. Build them with the helpers of ./blocks.ts.
 */

/** An inline part of a paragraph. */
export type Inline =
  /** Plain text. */
  | string
  /** Emphasised text (rendered strong). */
  | { strong: string }
  /** A link inside the site: a trailing-slash route, or `#id` of a section of the same page. */
  | { link: { href: string; label: string } }
  /** An e-mail address, rendered as a mailto link. */
  | { email: string }
  /** A phone number ("04 65 71 23 45"), rendered as a tel link. */
  | { phone: string }
  /** A link to another site: opens in a new tab, with a hidden "(nouvelle fenêtre)" hint. */
  | { external: { href: string; label: string } };

export type Paragraph = readonly Inline[];

export type Block =
  | { paragraph: Paragraph }
  | { list: readonly Paragraph[] }
  | { definitions: readonly { term: string; details: Paragraph }[] }
  /** A sub-heading (h3) inside a section. */
  | { subheading: string }
  /** A framed box with its own title, one paragraph a line (the model withdrawal form). */
  | { box: { title: string; lines: readonly Paragraph[] } };

export type LegalSection = {
  /** Anchor of the section (`#retractation`), unique in the page. */
  id: string;
  /** Heading without its number: the page numbers the sections ("1. Introduction"). */
  title: string;
  blocks: readonly Block[];
};

export type LegalPageContent = {
  meta: {
    title: string;
    /** 50 to 160 characters, unique to the page. */
    description: string;
  };
  /** Route of the page, with its trailing slash (canonical URL). */
  path: string;
  /** The banner: the page's h1 and a short line under it. */
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  /**
   * The text's own date (ISO "2026-11-26"), printed once under it: « Dernière mise à jour : 26 novembre 2026 »,
   * or after `updatedLabel` (the CGV: « En vigueur depuis le … »). Change it with the text, never with a build.
   */
  updated: string;
  /** The words before `updated` (« En vigueur depuis le »); « Dernière mise à jour : » without them. */
  updatedLabel?: string;
  /** A line under the last-updated one (the CGV link to their other versions). */
  footnote?: Paragraph;
};

/** A version of the CGV as cgv-versions/<date>.json keeps it: dated by its file's name, not in its text. */
export type CgvSnapshot = Omit<LegalPageContent, 'updated'>;
