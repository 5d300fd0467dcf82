/**
 * Which widths of a photo a page offers in its srcset: the copies that the screens visitors use need, read
 * from the `sizes` attribute of each use of the photo (how wide it is drawn, per viewport), and no others.
 */

/** A screen the widths are chosen for: its width in CSS pixels and its device pixel ratio. */
export type Screen = { width: number; dpr: number };

/**
 * The screens of the site's visitors, phones first. A copy is made for each (the width its slot takes on
 * it, times its pixel ratio), so each of them gets a copy at least as sharp as it can show, and none
 * wider than it needs.
 */
export const referenceScreens: readonly Screen[] = [
  // Phones: Android at 360 and 412 CSS px (412 × 1.75 is Lighthouse's emulated phone), iPhones at 375,
  // 390 and 430.
  { width: 360, dpr: 2 },
  { width: 360, dpr: 3 },
  { width: 375, dpr: 2 },
  { width: 390, dpr: 3 },
  { width: 412, dpr: 1.75 },
  { width: 412, dpr: 2.625 },
  { width: 430, dpr: 3 },
  // Tablets.
  { width: 768, dpr: 2 },
  { width: 1024, dpr: 2 },
  // Computers: ordinary screens, and a high-density laptop.
  { width: 1280, dpr: 1 },
  { width: 1440, dpr: 2 },
  { width: 1920, dpr: 1 },
];

/**
 * Two copies closer than this (the narrower at least 95 % of the wider) are one too many: the wider is
 * kept. A browser takes the narrowest copy that covers its need, so a screen that needed the narrower
 * one gets at most 5 % more pixels than it needs, never fewer.
 */
export const MERGE_RATIO = 0.95;

type Length = { vw: number; px: number };
type SizesEntry = { minWidth: number; maxWidth: number; length: Length };

function parseLength(text: string, sizes: string): Length {
  const value = text.trim();
  let match = /^(\d+(?:\.\d+)?)vw$/.exec(value);
  if (match) return { vw: Number(match[1]), px: 0 };
  match = /^(\d+(?:\.\d+)?)px$/.exec(value);
  if (match) return { vw: 0, px: Number(match[1]) };
  match = /^calc\(\s*(\d+(?:\.\d+)?)vw\s*([+-])\s*(\d+(?:\.\d+)?)px\s*\)$/.exec(value);
  if (match) return { vw: Number(match[1]), px: (match[2] === '-' ? -1 : 1) * Number(match[3]) };
  throw new Error(`sizes="${sizes}": « ${value} » is not a length this helper reads (Nvw, Npx, calc(Nvw ± Npx))`);
}

/** The entries of a `sizes` attribute: media conditions on the viewport width (px), and a length. */
export function parseSizes(sizes: string): SizesEntry[] {
  const entries = sizes.split(',').map((entry) => entry.trim());
  return entries.map((entry, index) => {
    const conditions = [...entry.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
    const length = entry.replace(/\((?:min|max)-width:\s*\d+(?:\.\d+)?px\)|\band\b/g, '').trim();
    if (index === entries.length - 1 && conditions.length > 0)
      throw new Error(`sizes="${sizes}": the last entry needs no media condition`);
    let minWidth = 0;
    let maxWidth = Infinity;
    for (const [, kind, value] of conditions) {
      if (kind === 'min') minWidth = Math.max(minWidth, Number(value));
      else maxWidth = Math.min(maxWidth, Number(value));
    }
    return { minWidth, maxWidth, length: parseLength(length, sizes) };
  });
}

/** How wide (CSS px) `sizes` says the photo is drawn on a viewport `viewport` CSS px wide. */
export function slotWidth(sizes: string, viewport: number): number {
  const entry = parseSizes(sizes).find(({ minWidth, maxWidth }) => viewport >= minWidth && viewport <= maxWidth);
  if (!entry) throw new Error(`sizes="${sizes}": no entry for a ${viewport} px viewport`);
  return Math.max(1, (entry.length.vw / 100) * viewport + entry.length.px);
}

/**
 * The widths (px, ascending) of the copies a use with this `sizes` needs: one per reference screen,
 * no wider than the original (a copy is never enlarged), a copy within MERGE_RATIO of a wider one left
 * out.
 */
export function photoWidths(
  sizes: string,
  { originalWidth, screens = referenceScreens }: { originalWidth: number; screens?: readonly Screen[] },
): number[] {
  const needed = screens.map((screen) =>
    Math.min(originalWidth, Math.ceil(slotWidth(sizes, screen.width) * screen.dpr)),
  );
  const widths: number[] = [];
  for (const width of [...new Set(needed)].sort((a, b) => b - a)) {
    const wider = widths.at(-1);
    if (wider === undefined || width < wider * MERGE_RATIO) widths.push(width);
  }
  return widths.reverse();
}
