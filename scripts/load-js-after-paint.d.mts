// Types of scripts/load-js-after-paint.mjs, for the e2e tests.

export const LOADER_ATTRIBUTE: string;
export const LOADER_SOURCE: string;
export function afterPaintScripts(html: string): string[];
export function loadScriptsAfterPaint(html: string): { html: string; scripts: string[] };
export function htmlFiles(dir: string): string[];
export function processExport(outDir: string): { files: number; changed: number };
