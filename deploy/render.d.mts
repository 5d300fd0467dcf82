// Types of deploy/render.mjs, for the tests.

/** Optional origins of a build; undefined reads the build variable, null forces none. */
export type BuildOrigins = { quoteEndpoint?: string | null; analyticsScript?: string | null };

export const nginxTemplateFile: string;
export function inlineScripts(html: string): string[];
export function sha256Source(text: string): string;
export function scriptHashes(outDir: string): string[];
export function headersFor(outDir: string, options?: BuildOrigins): { csp: string; headers: Record<string, string> };
export function renderNginx(
  options: {
    outDir: string;
    root?: string;
    listen?: string;
    serverName?: string;
    tlsCert?: string;
    tlsKey?: string;
  } & BuildOrigins,
): string;
export function renderHeadersFile(outDir: string, options?: BuildOrigins): string;
export function precompress(outDir: string): number;
