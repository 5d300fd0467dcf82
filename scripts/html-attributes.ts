// Start-tag attributes of the export's HTML, for the build scripts that read it (scripts/budget.ts,
// scripts/load-js-after-paint.ts). The export's markup is React's: quoted values, no surprises.
const attributePattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** The attributes of a start tag, names lower-cased (`noModule` -> `nomodule`). */
export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(attributePattern)) {
    const name = match[1]?.toLowerCase();
    if (name) attributes[name] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}
