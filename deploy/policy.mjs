// The HTTP headers of the site, defined once: read by deploy/render.mjs, which writes them into the nginx
// config (deploy/nginx.conf) and the `_headers` file of Netlify and Cloudflare Pages, and by the tests.

/** The image CDN of lib/photo.ts (PHOTO_CDN): the only third-party image origin. */
export const imageOrigin = 'https://images.unsplash.com';

/**
 * Hosts of the embedded map (`maps.hosts` in content/site.ts; e2e/nginx.spec.ts checks they match).
 * The map iframe loads https://maps.google.com/maps?…&output=embed, which may redirect to www.google.com.
 */
export const mapHosts = ['maps.google.com', 'www.google.com', 'maps.googleapis.com', 'maps.gstatic.com'];

/**
 * Content-Security-Policy for a build.
 * - scriptHashes: 'sha256-…' sources of every inline <script> of the export (Next's bootstrap and RSC
 *   payload): no 'unsafe-inline' for scripts, so an injected script does not run.
 * - quoteEndpoint: NEXT_PUBLIC_QUOTE_ENDPOINT of that build, if any: the quote form may fetch or post to it.
 * - analyticsScript: NEXT_PUBLIC_ANALYTICS_SRC of that build, if any (loaded after consent only): its origin
 *   may run scripts and receive measurements.
 * Styles: stylesheets only from the site itself (style-src-elem 'self'); style attributes stay allowed
 * ('unsafe-inline' in style-src, used by browsers without style-src-elem as well), because the export
 * carries some (next/image writes style="color:transparent") and hashing them needs 'unsafe-hashes',
 * which not every browser honours. See docs/deployment.md.
 */
export function contentSecurityPolicy({ scriptHashes, quoteEndpoint, analyticsScript }) {
  const endpointOrigin = quoteEndpoint ? [new URL(quoteEndpoint).origin] : [];
  const analyticsOrigin = analyticsScript ? [new URL(analyticsScript).origin] : [];
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...analyticsOrigin, ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['style-src-elem', "'self'"],
    ['img-src', "'self'", 'data:', imageOrigin],
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

/** Security headers sent with every response, errors included (CSP added per build). */
export const securityHeaders = {
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
  /** Hashed file names under /_next/static/: never change, cached for a year. */
  immutable: 'public, max-age=31536000, immutable',
  /** HTML and the RSC payloads (.txt) next to it: revalidated on every visit (304 when unchanged). */
  document: 'public, max-age=0, must-revalidate',
  /** Anything else (favicon, robots.txt, sitemap.xml, files in public/): an hour. */
  other: 'public, max-age=3600',
};

/** Extensions worth compressing (gzip on the fly, precompressed .gz for nginx). */
export const compressibleExtensions = ['.html', '.js', '.css', '.txt', '.json', '.xml', '.svg', '.webmanifest', '.map'];
