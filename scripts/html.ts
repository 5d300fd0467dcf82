// The one way the project reads HTML (the export's pages, in the build scripts, the deployment step and the
// checks of out/): htmlparser2's document, never regular expressions. Attribute names come lower-cased
// (`noModule` -> `nomodule`), entities decoded (`&amp;` -> `&`), and the text of scripts and comments is not
// markup (a `<h2` in the RSC payload is no heading).
import { DomUtils, parseDocument } from 'htmlparser2';

export type HtmlDocument = ReturnType<typeof parseDocument>;
export type HtmlElement = ReturnType<typeof DomUtils.findAll>[number];
type HtmlNode = HtmlDocument | HtmlElement;

/**
 * The document of an HTML page. Each element knows where it sits in the source (`startIndex`, and
 * `endIndex`: the last character of its end tag, or of its start tag for a void element), for the steps
 * that rewrite the page in place.
 */
export function parseHtml(html: string): HtmlDocument {
  return parseDocument(html, {
    decodeEntities: true,
    lowerCaseAttributeNames: true,
    withStartIndices: true,
    withEndIndices: true,
  });
}

/** Every element under a node (the node itself excluded) that passes the test, in document order. */
export function elements(root: HtmlNode, test: (element: HtmlElement) => boolean = () => true): HtmlElement[] {
  return DomUtils.findAll(test, root.children);
}

/** Every element of a tag name (lower case) under a node, in document order. */
export function elementsByTag(root: HtmlNode, name: string): HtmlElement[] {
  return elements(root, (element) => element.name === name);
}

/** The first element that passes the test, or undefined. */
export function firstElement(root: HtmlNode, test: (element: HtmlElement) => boolean): HtmlElement | undefined {
  return DomUtils.findOne(test, root.children) ?? undefined;
}

/** The element with this id, or undefined. */
export function elementById(root: HtmlNode, id: string): HtmlElement | undefined {
  return firstElement(root, (element) => element.attribs.id === id);
}

/** An attribute's value (entities decoded), or undefined. */
export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attribs[name.toLowerCase()];
}

/** The raw text of a node (a script's source, as written). */
export function rawText(node: HtmlNode): string {
  return DomUtils.textContent(node);
}

/** The text of a node as it reads: scripts, styles and templates left out, white space collapsed. */
export function textOf(node: HtmlNode): string {
  const parts: string[] = [];
  const walk = (current: HtmlNode) => {
    for (const child of current.children) {
      if (child.type === 'text') parts.push(child.data);
      else if (DomUtils.isTag(child) && !['script', 'style', 'template'].includes(child.name)) walk(child);
    }
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The `<script>` elements of a page with their attributes and source, in document order. */
export function scripts(
  root: HtmlNode,
): { attributes: Record<string, string>; source: string; element: HtmlElement }[] {
  return elementsByTag(root, 'script').map((element) => ({
    attributes: element.attribs,
    source: rawText(element),
    element,
  }));
}
