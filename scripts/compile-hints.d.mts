// Types of scripts/compile-hints.mjs, for the e2e tests.

export const COMPILE_HINT: string;
export function withCompileHint(source: string): string;
export function startupScripts(outDir: string): string[];
export function addCompileHints(outDir: string): { scripts: number; changed: number };
