// Types of deploy/policy.mjs, for the tests.
export const imageOrigin: string;
export const mapHosts: string[];
export function contentSecurityPolicy(options: {
  scriptHashes: string[];
  quoteEndpoint?: string;
  analyticsScript?: string;
}): string;
export const securityHeaders: Record<string, string>;
export const cacheControl: { immutable: string; document: string; other: string };
export const compressibleExtensions: string[];
