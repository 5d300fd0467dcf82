// Types of scripts/budget.mjs, for e2e/budget.spec.ts.

export type FileSize = { path: string; bytes: number; gzip: number };
export type Sizes = { bytes: number; gzip: number };
export type AssetSizes = Sizes & { files: FileSize[] };
export type RouteMeasure = { route: string; html: Sizes; js: AssetSizes; css: AssetSizes };
export type Floor = { nextVersion: string; jsGzipBytes: number; measuredAt: string };

export const repoRoot: string;
export const floorFile: string;
export const budgets: { jsOverFloor: number; css: number; html: number };
export const lighthouseBudgets: { performance: number; cls: number };
export function gzipSize(buffer: Buffer | Uint8Array | string): number;
export function installedNextVersion(): string;
export function readFloor(file?: string): Floor;
export function htmlFileFor(outDir: string, route: string): string;
export function listPages(outDir: string): string[];
export function referencedAssets(html: string): { js: string[]; css: string[] };
export function measureRoute(outDir: string, route: string): RouteMeasure;
export function budgetFailures(measure: RouteMeasure, floorJsGzip: number): string[];
export function kb(bytes: number): string;
