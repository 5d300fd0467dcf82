#!/usr/bin/env node
// Post-build step of a deployment (docs/deployment.md): reads the built export, hashes its inline scripts
// into the Content-Security-Policy of deploy/policy.mjs, and writes
// - <out>/_headers: headers for Netlify and Cloudflare Pages (always);
// - the nginx config rendered from deploy/nginx.conf (--nginx FILE, or - for stdout);
// - <out>/**/*.gz, precompressed copies that nginx's gzip_static serves (--precompress).
//
// Usage: node deploy/render.mjs [--out out] [--precompress]
//          [--nginx FILE --root /var/www/site [--listen 80] [--server-name example.fr]
//           [--tls-cert FILE --tls-key FILE]]
// Run it with the environment of the build: NEXT_PUBLIC_QUOTE_ENDPOINT, when set, is added to
// connect-src and form-action; NEXT_PUBLIC_ANALYTICS_SRC to script-src and connect-src.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cacheControl, compressibleExtensions, contentSecurityPolicy, securityHeaders } from './policy.mjs';

const deployDir = dirname(fileURLToPath(import.meta.url));
export const nginxTemplateFile = join(deployDir, 'nginx.conf');

/** Cloudflare Pages refuses a header value longer than this in `_headers`. */
const HEADERS_FILE_VALUE_LIMIT = 2000;

function walk(dir, files = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, files);
    else files.push(path);
  }
  return files;
}

const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** Inline scripts a browser would execute (JSON-LD and other data blocks are not scripts to CSP). */
export function inlineScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!executableTypes.has(type)) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

export function sha256Source(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP hash sources of every inline script in the export's HTML files, sorted, each once. */
export function scriptHashes(outDir) {
  const hashes = new Set();
  for (const file of walk(outDir)) {
    if (!file.endsWith('.html')) continue;
    for (const script of inlineScripts(readFileSync(file, 'utf8'))) hashes.add(sha256Source(script));
  }
  return [...hashes].sort();
}

const fromEnv = (name) => process.env[name]?.trim() || undefined;

/**
 * Everything deploy/policy.mjs defines for a build: { csp, headers } (headers include the CSP). The
 * optional origins default to the build variables; null forces none.
 */
export function headersFor(
  outDir,
  {
    quoteEndpoint = fromEnv('NEXT_PUBLIC_QUOTE_ENDPOINT'),
    analyticsScript = fromEnv('NEXT_PUBLIC_ANALYTICS_SRC'),
  } = {},
) {
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`${outDir}/index.html is missing: build first (npm run build)`);
  const csp = contentSecurityPolicy({
    scriptHashes: scriptHashes(outDir),
    quoteEndpoint: quoteEndpoint ?? undefined,
    analyticsScript: analyticsScript ?? undefined,
  });
  return { csp, headers: { 'Content-Security-Policy': csp, ...securityHeaders } };
}

/** deploy/nginx.conf with its placeholders filled. */
export function renderNginx({ outDir, root, listen = '80', serverName = '_', tlsCert, tlsKey, ...origins }) {
  const { csp } = headersFor(outDir, origins);
  const tls = tlsCert && tlsKey ? `ssl_certificate ${tlsCert};\n    ssl_certificate_key ${tlsKey};` : '';
  const values = {
    __LISTEN__: listen,
    __SERVER_NAME__: serverName,
    __ROOT__: root ?? resolve(outDir),
    __TLS__: tls,
    __CONTENT_SECURITY_POLICY__: csp,
    __CACHE_IMMUTABLE__: cacheControl.immutable,
    __CACHE_DOCUMENT__: cacheControl.document,
    __CACHE_OTHER__: cacheControl.other,
    ...Object.fromEntries(
      Object.entries(securityHeaders).map(([name, value]) => [`__${name.toUpperCase().replace(/-/g, '_')}__`, value]),
    ),
  };
  let config = readFileSync(nginxTemplateFile, 'utf8');
  for (const [token, value] of Object.entries(values)) {
    if (/["\\$]/.test(value) && token !== '__TLS__')
      throw new Error(`${token} would break the nginx quoting: ${value}`);
    config = config.split(token).join(value);
  }
  const left = config.match(/__[A-Z_]+__/);
  if (left) throw new Error(`deploy/nginx.conf: no value for ${left[0]}`);
  return config;
}

/**
 * `_headers` for Netlify and Cloudflare Pages: security headers on every path, a year of immutable
 * caching for /_next/static/. Each header name appears in one rule only (both hosts join values of
 * overlapping rules with commas, which would turn one CSP into two). HTML caching is left to the hosts,
 * whose default is already `max-age=0, must-revalidate`.
 */
export function renderHeadersFile(outDir, options) {
  const { headers } = headersFor(outDir, options);
  for (const [name, value] of Object.entries(headers)) {
    if (value.length > HEADERS_FILE_VALUE_LIMIT) {
      throw new Error(
        `${name} is ${value.length} characters, over the ${HEADERS_FILE_VALUE_LIMIT} that Cloudflare Pages accepts in _headers`,
      );
    }
  }
  const lines = [
    '# Generated by deploy/render.mjs from deploy/policy.mjs for this build: do not edit.',
    '/*',
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    '',
    '/_next/static/*',
    `  Cache-Control: ${cacheControl.immutable}`,
    '',
  ];
  return lines.join('\n');
}

/** Writes file.gz (gzip -9) beside every compressible file of at least 512 bytes. Returns the count. */
export function precompress(outDir) {
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

// CLI
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const outDir = resolve(option('out') ?? 'out');
  try {
    const headersFile = join(outDir, '_headers');
    writeFileSync(headersFile, renderHeadersFile(outDir));
    console.error(`wrote ${relative(process.cwd(), headersFile) || headersFile}`);
    if (args.includes('--precompress')) console.error(`precompressed ${precompress(outDir)} files (.gz)`);
    const nginxFile = option('nginx');
    if (nginxFile) {
      const config = renderNginx({
        outDir,
        root: option('root'),
        listen: option('listen'),
        serverName: option('server-name'),
        tlsCert: option('tls-cert'),
        tlsKey: option('tls-key'),
      });
      if (nginxFile === '-') process.stdout.write(config);
      else {
        writeFileSync(nginxFile, config);
        console.error(`wrote ${nginxFile}`);
      }
    }
    for (const name of ['NEXT_PUBLIC_QUOTE_ENDPOINT', 'NEXT_PUBLIC_ANALYTICS_SRC']) {
      const value = fromEnv(name);
      if (!value) continue;
      const shipped = walk(join(outDir, '_next')).some(
        (file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes(value),
      );
      if (!shipped)
        console.error(
          `warning: ${name} (${value}) is not in this build's JavaScript: was the build made with another value?`,
        );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
