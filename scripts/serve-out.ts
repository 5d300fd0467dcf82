// Serves out/ like a static host: route/ -> route/index.html, /route -> 308 to /route/, unknown paths ->
// 404.html with status 404, gzip when the client asks for it. Used by `npm run preview` and the tests.
// Usage: tsx scripts/serve-out.ts [--port 4173] [--dir out]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { createGzip } from 'node:zlib';
import { commandFlags } from './cli';

const flags = commandFlags({ dir: 'string', port: 'string' });
const root = resolve(flags.dir ?? 'out');
const port = Number(flags.port ?? process.env.PORT ?? '4173');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.txt', '.xml', '.svg', '.webmanifest']);

function fileFor(pathname: string): string | null {
  const path = normalize(join(root, decodeURIComponent(pathname)));
  if (!path.startsWith(root)) return null;
  if (existsSync(path) && statSync(path).isFile()) return path;
  return null;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, path: string) {
  const ext = extname(path);
  const headers: OutgoingHttpHeaders = { 'Content-Type': types[ext] ?? 'application/octet-stream' };
  const gzip = compressible.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (gzip) {
    headers['Content-Encoding'] = 'gzip';
    headers['Vary'] = 'Accept-Encoding';
  } else {
    headers['Content-Length'] = statSync(path).size;
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  const stream = createReadStream(path);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { pathname } = url;
  const file = pathname.endsWith('/') ? fileFor(`${pathname}index.html`) : fileFor(pathname);
  if (file) return send(req, res, 200, file);
  if (!pathname.endsWith('/') && fileFor(`${pathname}/index.html`)) {
    res.writeHead(308, { Location: `${pathname}/${url.search}` }).end();
    return;
  }
  const notFound = fileFor('/404.html');
  if (notFound) return send(req, res, 404, notFound);
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('404');
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Serving ${root} at http://127.0.0.1:${port}/`);
});
