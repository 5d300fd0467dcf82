// The HTTP headers of the site, defined once: read by deploy/render.ts, which writes them into the nginx
// config (deploy/nginx.conf) and the `_headers` file of Netlify and Cloudflare Pages, and by the tests.
import { maps } from '@/content/site';
/** Hosts the embedded map talks to (the iframe loads maps.google.com, which may redirect to www.google.com). */
export const mapHosts: readonly string[] = maps.hosts;

/** Optional origins of a build; undefined reads the build variable, null forces none. */
export type BuildOrigins = { quoteEndpoint?: string | null; analyticsScript?: string | null };

/** The origin of an absolute URL; nothing for a relative one (same origin: 'self' covers it). */
function originOf(url: string | null | undefined): string[] {
  if (!url || url.startsWith('/')) return [];
  return [new URL(url).origin];
}

/**
 * The Content-Security-Policy of one page.
 * - scriptHashes: 'sha256-…' sources of the page's own inline <script>s (Next's bootstrap, its RSC payload,
 *   the after-paint loader, the consent boot script): no 'unsafe-inline' for scripts, so an injected script
 *   does not run, and a page allows none of the other pages' scripts.
 * - quoteEndpoint: NEXT_PUBLIC_QUOTE_ENDPOINT of the build, if any: the quote form may post to it (an
 *   absolute URL adds its origin; a relative one, such as /api/devis behind the same nginx, is 'self').
 * - analyticsScript: NEXT_PUBLIC_ANALYTICS_SRC of the build, if any (loaded after consent only): its origin
 *   may run scripts and receive measurements.
 * - imageOrigins: the origins the page's own images come from besides the site (deploy/render.ts reads
 *   them from the page): the stock-photo CDN on a page that shows a stock photo, none once every photo is
 *   the company's own, served by the site (docs/photos.md).
 * Styles: stylesheets only from the site itself (style-src-elem 'self'); style attributes stay allowed
 * ('unsafe-inline' in style-src, used by browsers without style-src-elem as well), because the export
 * may carry some and hashing them needs 'unsafe-hashes',
 * which not every browser honours. See docs/deployment.md.
 */
export function contentSecurityPolicy({
  scriptHashes,
  quoteEndpoint,
  analyticsScript,
  imageOrigins = [],
}: { scriptHashes: readonly string[]; imageOrigins?: readonly string[] } & BuildOrigins): string {
  const endpointOrigin = originOf(quoteEndpoint);
  const analyticsOrigin = originOf(analyticsScript);
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...analyticsOrigin, ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['style-src-elem', "'self'"],
    ['img-src', "'self'", 'data:', ...imageOrigins],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...endpointOrigin, ...analyticsOrigin],
    ['frame-src', ...mapHosts.map((host) => `https://${host}`)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", ...endpointOrigin],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * The policy of every response that is not one of the export's pages (scripts, styles, images, redirects,
 * and on Netlify and Cloudflare Pages the 404 page, whose path no rule can name). It restricts no script
 * or resource, so that where a host adds it next to a page's own policy (both are then enforced), the
 * page's scripts still run; it forbids framing, plugins and a foreign <base>.
 */
export const baselinePolicy = "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** Security headers sent with every response, errors included (the CSP is per page, see render.ts). */
export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Two years; only honoured over HTTPS. Add `; preload` only once every subdomain serves HTTPS for good.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

/** Cache-Control per kind of response. */
export const cacheControl = {
  /**
   * Hashed file names under /_next/static/, and the company's photos under /photos/ (named after their
   * content by scripts/photos.ts): never change, cached for a year.
   */
  immutable: 'public, max-age=31536000, immutable',
  /** HTML and the RSC payloads (.txt) next to it: revalidated on every visit (304 when unchanged). */
  document: 'public, max-age=0, must-revalidate',
  /** Anything else (favicon, robots.txt, sitemap.xml, files in public/): an hour. */
  other: 'public, max-age=3600',
} as const;

/** Extensions worth compressing (gzip on the fly, precompressed .gz for nginx). */
export const compressibleExtensions: readonly string[] = [
  '.html',
  '.js',
  '.css',
  '.txt',
  '.json',
  '.xml',
  '.svg',
  '.webmanifest',
  '.map',
];
