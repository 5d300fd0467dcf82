// Post-build step of a deployment (docs/deployment.md): reads the built export, hashes each page's inline
// scripts into that page's Content-Security-Policy (deploy/policy.ts), and writes
// - <out>/_headers: headers for Netlify and Cloudflare Pages (always);
// - the nginx config rendered from deploy/nginx.conf (--nginx FILE, or - for stdout), optionally proxying
//   /api/devis and /api/resiliation to the quote receiver on the same host (--receiver 127.0.0.1:8787), and the inbox's path to the
//   team's inbox, the receiver's second listener (--inbox 127.0.0.1:8788);
// - <out>/**/*.gz, precompressed copies that nginx's gzip_static serves (--precompress).
// Before anything, the go-live check refuses a deployment that still holds sample values or unanswered
// questions (content/placeholders.ts), shows a photo from a third-party host, or whose quote form only
// simulates sending; --demo allows it, for previews.
//
// Usage: tsx deploy/render.ts [--out out] [--demo] [--precompress]
//          [--nginx FILE --root /var/www/site [--listen 80] [--server-name example.fr]
//           [--tls-cert FILE --tls-key FILE] [--receiver 127.0.0.1:8787] [--inbox 127.0.0.1:8788]
//           [--releases DIR]]
// --releases serves DIR/current, the releases the receiver publishes (docs/publication.md), with the
// policies of every release kept in DIR.
// Run it with the environment of the build: NEXT_PUBLIC_QUOTE_ENDPOINT, when set, is allowed in
// connect-src and form-action; NEXT_PUBLIC_ANALYTICS_SRC in script-src and connect-src.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cgv } from '@/content/legal/cgv';
import { photos, stockPhotoHost } from '@/content/images';
import { cgvSnapshotText, cgvVersionDate } from '@/content/legal/cgv-version';
import { cgvSnapshots } from '@/content/legal/cgv-versions';
import { pendingPlaceholders, type Placeholder } from '@/content/placeholders';
import { QUOTE_MAX_FILE_BYTES, QUOTE_MAX_FILE_LABEL, QUOTE_RECEIVER_PATH } from '@/content/quote-settings';
import { formatFrenchDay } from '../lib/format';
import { INBOX_PATH } from '../receiver/src/inbox/paths';
import { terminationMessages } from '@/content/form-messages';
import { TERMINATION_RECEIVER_PATH } from '@/content/termination-settings';
import { DEVIS_CLIENT_PATH } from '@/content/devis';
import { OWN_PHOTOS_PATH } from '../lib/photo';
import { frenchTypography } from '../lib/typography';
import { htmlFileFor, listPages } from '../scripts/budget';
import { attribute, elements, parseHtml, scripts } from '../scripts/html';
import { isMain, parseFlags, runCommand } from '../scripts/cli';
import {
  baselinePolicy,
  cacheControl,
  compressibleExtensions,
  contentSecurityPolicy,
  securityHeaders,
  type BuildOrigins,
} from './policy';

export type { BuildOrigins };

export const nginxTemplateFile = join(__dirname, 'nginx.conf');

/** Cloudflare Pages refuses a header value longer than this in `_headers`. */
export const HEADERS_FILE_VALUE_LIMIT = 2000;

function walk(dir: string, files: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, files);
    else files.push(path);
  }
  return files;
}

const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** Inline scripts a browser would execute (JSON-LD and other data blocks are not scripts to CSP). */
export function inlineScripts(html: string): string[] {
  return scripts(parseHtml(html))
    .filter(({ attributes }) => attributes.src === undefined)
    .filter(({ attributes }) => executableTypes.has((attributes.type ?? '').trim().toLowerCase()))
    .map(({ source }) => source);
}

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP hash sources of one HTML page's inline scripts, sorted, each once. */
export function scriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(sha256Source))].sort();
}

const fromEnv = (name: string) => process.env[name]?.trim() || undefined;

/**
 * The origins, other than the site's, of the images a page loads by itself (<img> and <source> src and
 * srcset, image preloads): the stock-photo CDN while a photo of the page is a stock photo, none once
 * they are all the company's own. Sorted, each once.
 */
export function imageOriginsOf(html: string): string[] {
  const urls = elements(parseHtml(html), (element) => ['img', 'source', 'link'].includes(element.name)).flatMap(
    (element) => {
      if (element.name === 'link' && attribute(element, 'as') !== 'image') return [];
      const srcset = [attribute(element, 'srcset'), attribute(element, 'imagesrcset')]
        .flatMap((value) => (value ?? '').split(','))
        .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
      return [attribute(element, 'src'), element.name === 'link' ? attribute(element, 'href') : undefined, ...srcset];
    },
  );
  const origins = urls
    .filter((url): url is string => !!url && /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)].sort();
}

/** The build's optional origins: the given ones, else the build variables (null forces none). */
function originsOf({
  quoteEndpoint = fromEnv('NEXT_PUBLIC_QUOTE_ENDPOINT'),
  analyticsScript = fromEnv('NEXT_PUBLIC_ANALYTICS_SRC'),
}: BuildOrigins = {}): BuildOrigins {
  return { quoteEndpoint, analyticsScript };
}

/** One page of the export: its route, the file nginx resolves it to, and its own policy. */
export type PagePolicy = { route: string; uri: string; csp: string };

/** Every page of the export (the routes and the 404 page) with its Content-Security-Policy. */
export function pagePolicies(outDir: string, origins?: BuildOrigins): PagePolicy[] {
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`${outDir}/index.html is missing: build first (npm run build)`);
  const resolved = originsOf(origins);
  return listPages(outDir).map((route) => {
    const file = htmlFileFor(outDir, route);
    const html = readFileSync(file, 'utf8');
    const csp = contentSecurityPolicy({
      scriptHashes: scriptHashes(html),
      imageOrigins: imageOriginsOf(html),
      ...resolved,
    });
    return { route, uri: `/${relative(outDir, file).split('\\').join('/')}`, csp };
  });
}

/** nginx's refusal of an upload over its limit: the receiver's own wording (content/form-messages.ts). */
export const BODY_TOO_LARGE = frenchTypography(
  `La demande est trop volumineuse : la pièce jointe ne doit pas dépasser ${QUOTE_MAX_FILE_LABEL}.`,
);

/** The nginx location proxying the quote receiver, with a body limit that fits the largest request. */
function receiverLocation(receiver: string | undefined): string {
  if (!receiver) return '';
  if (!/^[\w.-]+:\d+$/.test(receiver))
    throw new Error(`--receiver ${receiver}: expected host:port, like 127.0.0.1:8787`);
  // The file (10 Mo at most), the text fields and the multipart framing.
  const bodyLimitMiB = Math.ceil(QUOTE_MAX_FILE_BYTES / (1024 * 1024)) + 1;
  const tooLarge = JSON.stringify({ error: BODY_TOO_LARGE });
  return `# The quote receiver (receiver/), on this same origin: no CORS, connect-src 'self'.
    location ^~ ${QUOTE_RECEIVER_PATH} {
        proxy_pass http://${receiver};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        client_max_body_size ${bodyLimitMiB}m;
        proxy_read_timeout 60s;
        # One Cache-Control, the server block's (no-store for /api/).
        proxy_hide_header Cache-Control;
        error_page 413 = @quote_too_large;
    }
    location @quote_too_large {
        default_type application/json;
        return 413 '${tooLarge}';
    }
    # « Résilier un contrat » (content/termination-settings.ts), to the same receiver: fields only, no file.
    # Posted without JavaScript, it answers French pages (text/html): their own CSP (the inline style by
    # its hash, forms to 'self') is kept beside the server block's baseline; the server block's other
    # headers are sent once, in place of the receiver's own.
    location = ${TERMINATION_RECEIVER_PATH} {
        proxy_pass http://${receiver};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        client_max_body_size ${TERMINATION_BODY_LIMIT_KIB}k;
        proxy_read_timeout 60s;
        proxy_hide_header Cache-Control;
        proxy_hide_header Referrer-Policy;
        proxy_hide_header X-Content-Type-Options;
        proxy_hide_header X-Frame-Options;
        error_page 413 = @termination_too_large;
    }
    location @termination_too_large {
        default_type application/json;
        return 413 '${JSON.stringify({ error: TERMINATION_BODY_TOO_LARGE, code: 'body-too-large' })}';
    }
    ${devisClientLocation(receiver)}`;
}

/**
 * The client's page of a devis (DEVIS_CLIENT_PATH, content/devis.ts), to the same receiver's public
 * listener. The page sends its own security headers (a CSP that allows its inline style by its hash, no
 * referrer: the link's secret is in its URL; no-store, noindex): the add_header lines below stop the server
 * block's from being added too (nginx inherits add_header only into a location that has none), so each
 * header is sent once; HSTS and the Permissions-Policy, which the receiver does not send, are added here.
 * No access log: every request's path there carries the link's secret, which would otherwise sit in the
 * server's logs (and their backups) for as long as they are kept. The receiver's own log never has it either.
 */
function devisClientLocation(receiver: string): string {
  return privateLocation({
    comment: "The client's page of a devis",
    path: `${DEVIS_CLIENT_PATH}/`,
    upstream: receiver,
    bodyLimit: '32k',
    headers: [
      'access_log off;',
      `add_header Strict-Transport-Security "${securityHeaders['Strict-Transport-Security']}" always;`,
      `add_header Permissions-Policy "${securityHeaders['Permissions-Policy']}" always;`,
    ],
  });
}

/**
 * A location proxied to one of the receiver's listeners that is never cached nor indexed, whatever answers:
 * the upstream's own Cache-Control and X-Robots-Tag are replaced, and `headers` added.
 */
function privateLocation(location: {
  comment: string;
  path: string;
  upstream: string;
  bodyLimit: string;
  headers?: string[];
}): string {
  const extra = (location.headers ?? []).map((header) => `\n        ${header}`).join('');
  return `# ${location.comment}: never cached, never indexed, whatever answers.
    location ^~ ${location.path} {
        proxy_pass http://${location.upstream};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        client_max_body_size ${location.bodyLimit};
        proxy_read_timeout 60s;
        proxy_hide_header Cache-Control;
        proxy_hide_header X-Robots-Tag;
        add_header Cache-Control "no-store" always;
        add_header X-Robots-Tag "noindex, nofollow" always;${extra}
    }`;
}

/**
 * The largest termination request nginx passes on, in KiB: every field at its longest in 4-byte characters
 * (the reason's 2 000 characters weigh 8 KiB), with the multipart framing, rounded up with room to spare.
 */
export const TERMINATION_BODY_LIMIT_KIB = 64;

/** nginx's refusal of a termination over that limit: the receiver's own wording. */
export const TERMINATION_BODY_TOO_LARGE = terminationMessages.bodyTooLarge;

/**
 * The nginx location proxying the team's inbox. The inbox sends its own security headers (a stricter CSP,
 * no-store, noindex, no referrer): the add_header below stops the server block's from being added too (nginx
 * inherits add_header only into a location that has none), so each header is sent once, the inbox's.
 */
function inboxLocation(inbox: string | undefined): string {
  if (!inbox) return '';
  if (!/^[\w.-]+:\d+$/.test(inbox)) throw new Error(`--inbox ${inbox}: expected host:port, like 127.0.0.1:8788`);
  return privateLocation({
    comment: "The team's inbox (the receiver's second listener)",
    path: INBOX_PATH,
    upstream: inbox,
    bodyLimit: '1m',
  });
}

export type NginxOptions = {
  outDir: string;
  root?: string;
  listen?: string;
  serverName?: string;
  tlsCert?: string;
  tlsKey?: string;
  /** host:port of the quote receiver to proxy /api/devis to. */
  receiver?: string;
  /** host:port of the team's inbox (QUOTE_INBOX_PORT) to proxy INBOX_PATH to. */
  inbox?: string;
  /**
   * The folder of the site's releases that the receiver publishes (SITE_RELEASES_DIR, docs/publication.md):
   * nginx serves its `current` symlink, and each page's policy is keyed on the real folder of the release it
   * is read from, with the entries of every release kept there.
   */
  releasesDir?: string;
} & BuildOrigins;

/** The link to the release online, inside the releases folder. */
export const CURRENT_RELEASE = 'current';

/** The releases kept in a releases folder: its folders holding an export, but hidden ones (being built). */
export function keptReleases(releasesDir: string): string[] {
  return readdirSync(releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .filter((entry) => existsSync(join(releasesDir, entry.name, 'index.html')))
    .map((entry) => entry.name)
    .sort();
}

/** The path of a release folder as nginx's $realpath_root gives it, checked for nginx's quoting. */
function realReleasePath(releasesDir: string, name: string): string {
  const real = realpathSync(join(releasesDir, name));
  if (/[\s"'\\$;{}#]/.test(real)) throw new Error(`${real}: a release folder's path must not hold spaces or quotes`);
  return real;
}

/** The local-only answer listing the releases this configuration knows: the reload waits for it. */
export const RELEASES_PROBE_PATH = '/.well-known/azur-releases';

function releasesProbe(names: string[]): string {
  return `# The releases this configuration has policies for, to the server itself: a reload waits for it.
    location = ${RELEASES_PROBE_PATH} {
        allow 127.0.0.1;
        allow ::1;
        deny all;
        default_type text/plain;
        return 200 "${names.join(' ')}\n";
    }`;
}

/** deploy/nginx.conf with its placeholders filled. */
export function renderNginx({
  outDir,
  root,
  listen = '80',
  serverName = '_',
  tlsCert,
  tlsKey,
  receiver,
  inbox,
  releasesDir,
  ...origins
}: NginxOptions): string {
  const releases = releasesDir ? keptReleases(releasesDir) : [];
  const pages = releasesDir
    ? releases.flatMap((name) => {
        const real = realReleasePath(releasesDir, name);
        return pagePolicies(join(releasesDir, name), origins).map((page) => ({ ...page, uri: `${real}${page.uri}` }));
      })
    : pagePolicies(outDir, origins);
  const tls = tlsCert && tlsKey ? `ssl_certificate ${tlsCert};\n    ssl_certificate_key ${tlsKey};` : '';
  const quoted = (token: string, value: string) => {
    if (/["\\$]/.test(value)) throw new Error(`${token} would break the nginx quoting: ${value}`);
    return value;
  };
  const policies = pages.map((page) => `    ${page.uri.padEnd(36)} "${quoted('__CSP_PAGES__', page.csp)}";`).join('\n');
  const values: Record<string, string> = {
    __LISTEN__: listen,
    __SERVER_NAME__: serverName,
    __ROOT__: releasesDir ? join(resolve(releasesDir), CURRENT_RELEASE) : (root ?? resolve(outDir)),
    // The release is resolved once per request, then both the files and the policy's key are read from
    // it: a switch of `current` between the two cannot give a page another release's policy.
    __CSP_KEY__: releasesDir ? '$ats_release$uri' : '$uri',
    __RELEASE__: releasesDir ? 'set $ats_release $realpath_root;' : '',
    __RELEASE_ROOT__: releasesDir ? 'root $ats_release;' : '',
    __RELEASES_PROBE__: releasesDir ? releasesProbe(releases) : '',
    // The policies' keys hold the release's path: longer than the default bucket of nginx's map hashes (64).
    __MAP_HASH__: releasesDir
      ? '# Keys of the policies by release: the release’s path and the URI.\nmap_hash_bucket_size 256;'
      : '',
    __TLS__: tls,
    __CSP_BASELINE__: baselinePolicy,
    __CSP_PAGES__: policies,
    __RECEIVER__: receiverLocation(receiver),
    __INBOX__: inboxLocation(inbox),
    __CACHE_IMMUTABLE__: cacheControl.immutable,
    __CACHE_DOCUMENT__: cacheControl.document,
    __CACHE_OTHER__: cacheControl.other,
    ...Object.fromEntries(
      Object.entries(securityHeaders).map(([name, value]) => [`__${name.toUpperCase().replace(/-/g, '_')}__`, value]),
    ),
  };
  let config = readFileSync(nginxTemplateFile, 'utf8');
  for (const [token, value] of Object.entries(values)) {
    const multiline = [
      '__TLS__',
      '__CSP_PAGES__',
      '__RECEIVER__',
      '__INBOX__',
      '__CSP_KEY__',
      '__RELEASE__',
      '__RELEASE_ROOT__',
      '__RELEASES_PROBE__',
      '__MAP_HASH__',
    ].includes(token);
    config = config.split(token).join(multiline ? value : quoted(token, value));
  }
  const left = config.match(/__[A-Z_]+__/);
  if (left) throw new Error(`deploy/nginx.conf: no value for ${left[0]}`);
  return config;
}

/** The paths a host may ask a page's headers for: /services/, /services and /services/index.html. */
function requestPaths(page: PagePolicy): string[] {
  if (page.route === '/') return ['/', '/index.html'];
  if (page.route.endsWith('.html')) return [page.route];
  return [page.route, page.route.replace(/\/$/, ''), `${page.route}index.html`];
}

/**
 * `_headers` for Netlify and Cloudflare Pages: the security headers and the baseline policy on every path,
 * a year of immutable caching for /_next/static/ and /photos/, and each page's own policy on that page's paths. A page
 * then matches two rules: Cloudflare sends both policies (the baseline restricts no script, so the page's
 * policy decides), a host that lets the more specific rule win sends the page's alone; either way the
 * page's scripts run and no page allows another page's scripts. HTML caching is left to the hosts, whose
 * default is already `max-age=0, must-revalidate`.
 */
export function renderHeadersFile(outDir: string, origins?: BuildOrigins): string {
  const pages = pagePolicies(outDir, origins);
  const tooLong = pages.filter((page) => page.csp.length > HEADERS_FILE_VALUE_LIMIT);
  for (const page of tooLong) {
    throw new Error(
      `The CSP of ${page.route} is ${page.csp.length} characters, over the ${HEADERS_FILE_VALUE_LIMIT} that Cloudflare Pages accepts in _headers`,
    );
  }
  const lines = [
    '# Generated by deploy/render.ts from deploy/policy.ts for this build: do not edit.',
    '/*',
    ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`),
    `  Content-Security-Policy: ${baselinePolicy}`,
    '',
    '/_next/static/*',
    `  Cache-Control: ${cacheControl.immutable}`,
    '',
    `${OWN_PHOTOS_PATH}*`,
    `  Cache-Control: ${cacheControl.immutable}`,
    '',
    ...pages.flatMap((page) =>
      requestPaths(page).flatMap((path) => [path, `  Content-Security-Policy: ${page.csp}`, '']),
    ),
  ];
  return lines.join('\n');
}

/** Writes file.gz (gzip -9) beside every compressible file of at least 512 bytes. Returns the count. */
export function precompress(outDir: string): number {
  let count = 0;
  for (const file of walk(outDir)) {
    if (!compressibleExtensions.includes(extname(file))) continue;
    const size = statSync(file).size;
    if (size < 512) continue;
    const gz = `${file}.gz`;
    if (existsSync(gz) && statSync(gz).mtimeMs >= statSync(file).mtimeMs) continue;
    writeFileSync(gz, gzipSync(readFileSync(file), { level: 9 }));
    count += 1;
  }
  return count;
}

/**
 * The go-live check: what would make a public deployment publish sample data, send its visitors' addresses to
 * a third party, or throw quote requests away. One French line per problem, naming the file to edit; none
 * when the site may go live.
 */
export function goLiveProblems({
  placeholders,
  quoteEndpoint,
  cgvChangedSince,
  stockPhotos = [],
}: {
  placeholders: readonly Placeholder[];
  quoteEndpoint: string | undefined;
  /** The date of the CGV version in force, when their text no longer matches its snapshot. */
  cgvChangedSince?: string;
  /** The keys of the photos the site shows from the stock-photo CDN (no original in content/photos/). */
  stockPhotos?: readonly string[];
}): string[] {
  const problems = placeholders
    .filter((placeholder) => placeholder.pending)
    .map((placeholder) =>
      placeholder.question
        ? `Question à trancher : ${placeholder.what} Répondez dans ${placeholder.where}.`
        : `${placeholder.what} : valeur d’exemple à remplacer dans ${placeholder.where}.`,
    );
  if (cgvChangedSince) {
    problems.push(
      `Les CGV ont changé depuis leur version du ${formatFrenchDay(cgvChangedSince)} : gardez-en une nouvelle version datée par npm run cgv:snapshot.`,
    );
  }
  if (stockPhotos.length) {
    problems.push(photosProblem(stockPhotos));
  }
  if (!quoteEndpoint) {
    problems.push(
      'Le formulaire de devis ne fait que simuler l’envoi : construisez le site avec NEXT_PUBLIC_QUOTE_ENDPOINT (docs/recevoir-les-demandes.md).',
    );
  }
  return problems;
}

/**
 * The refusal of photos served by a third party: every visit would send the visitor's address to the
 * stock-photo CDN, outside the EU and with no safeguard the company controls (RGPD art. 44 to 49). Any photo,
 * the company's own or a stock photo under its licence, goes into content/photos/ and the site serves it.
 */
function photosProblem(stockPhotos: readonly string[]): string {
  const several = stockPhotos.length > 1;
  const files = stockPhotos.map((key) => `${key}.jpg`).join(', ');
  return `Photos : ${stockPhotos.join(', ')} ${several ? 'sont servies' : 'est servie'} par ${stockPhotoHost.provider}, un hébergeur tiers à qui chaque visite transmettrait l’adresse IP du visiteur. Déposez dans content/photos/ chaque photo à montrer, sous le nom de sa clé (${files}) : une photo de l’entreprise, ou une photo de banque d’images téléchargée et utilisée selon sa licence ; puis reconstruisez (npm run build), et le site la sert lui-même (docs/photos.md).`;
}

/**
 * The go-live questions: what the check cannot decide, asked without refusing the deployment, once it has
 * passed (so every photo shown is in content/photos/): may they be published, and do their texts say what
 * they show.
 */
export function goLiveQuestions(): string[] {
  return [
    'Photos : avez-vous le droit de publier chacune (une photo de l’entreprise, ou une photo de banque d’images dont vous respectez la licence), une photo de banque d’images ne présente-t-elle pas comme les vôtres des locaux ou une équipe qui ne le sont pas, et leurs textes de remplacement (alt, dans content/images.ts) disent-ils ce qu’elles montrent ?',
  ];
}

/** True when the build's JavaScript carries `value` (a build variable that was inlined at build time). */
function shippedInBuild(outDir: string, value: string): boolean {
  return walk(join(outDir, '_next')).some((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes(value));
}

if (isMain(__filename)) {
  runCommand(() => {
    const flags = parseFlags({
      out: 'string',
      demo: 'boolean',
      precompress: 'boolean',
      nginx: 'string',
      root: 'string',
      listen: 'string',
      'server-name': 'string',
      'tls-cert': 'string',
      'tls-key': 'string',
      receiver: 'string',
      inbox: 'string',
      releases: 'string',
    });
    const outDir = resolve(flags.out ?? 'out');
    const quoteEndpoint = fromEnv('NEXT_PUBLIC_QUOTE_ENDPOINT');
    // A build posting to its own origin needs nginx to proxy that path to the receiver, or every request is a 404.
    if (flags.nginx && !flags.receiver && quoteEndpoint?.startsWith('/')) {
      throw new Error(
        `Le site a été construit pour envoyer les demandes de devis à ${quoteEndpoint} (NEXT_PUBLIC_QUOTE_ENDPOINT) : ajoutez --receiver <hôte:port> pour que nginx les transmette au récepteur.`,
      );
    }
    if (!existsSync(join(outDir, 'index.html'))) throw new Error(`${outDir}/index.html is missing: build first`);
    for (const name of ['NEXT_PUBLIC_QUOTE_ENDPOINT', 'NEXT_PUBLIC_ANALYTICS_SRC']) {
      const value = fromEnv(name);
      if (value && !shippedInBuild(outDir, value)) {
        throw new Error(
          `${name} (${value}) is not in this build's JavaScript: build and deploy with the same environment.`,
        );
      }
    }
    if (!flags.demo) {
      const snapshot = cgvSnapshots[cgvVersionDate];
      const cgvChanged = !snapshot || cgvSnapshotText(snapshot) !== cgvSnapshotText(cgv);
      const stockPhotos = Object.values(photos).filter((photo) => photo.uses.length > 0 && !photo.original);
      const problems = goLiveProblems({
        placeholders: pendingPlaceholders,
        quoteEndpoint,
        cgvChangedSince: cgvChanged ? cgvVersionDate : undefined,
        stockPhotos: stockPhotos.map((photo) => photo.key),
      });
      if (problems.length) {
        throw new Error(
          [
            'Mise en ligne refusée : le site contient encore des valeurs d’exemple ou des questions à trancher, montre des photos d’un hébergeur tiers, ou n’envoie pas les demandes de devis.',
            ...problems.map((problem) => `- ${problem}`),
            'Corrigez ces points, reconstruisez (npm run build), ou ajoutez --demo pour une préversion.',
          ].join('\n'),
        );
      }
    }
    if (!flags.demo) {
      const questions = goLiveQuestions();
      console.error(['Avant la mise en ligne, vérifiez :', ...questions.map((question) => `- ${question}`)].join('\n'));
    }
    const headersFile = join(outDir, '_headers');
    writeFileSync(headersFile, renderHeadersFile(outDir));
    console.error(`wrote ${relative(process.cwd(), headersFile) || headersFile}`);
    if (flags.precompress) console.error(`precompressed ${precompress(outDir)} files (.gz)`);
    const nginxFile = flags.nginx;
    if (nginxFile) {
      const config = renderNginx({
        outDir,
        root: flags.root,
        listen: flags.listen,
        serverName: flags['server-name'],
        tlsCert: flags['tls-cert'],
        tlsKey: flags['tls-key'],
        receiver: flags.receiver,
        inbox: flags.inbox,
        releasesDir: flags.releases,
      });
      if (nginxFile === '-') process.stdout.write(config);
      else {
        writeFileSync(nginxFile, config);
        console.error(`wrote ${nginxFile}`);
      }
    }
  });
}
