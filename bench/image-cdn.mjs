// A stand-in for the image CDN during the benchmark: the real one cannot be reached from here, and a
// failed hero request would hide the image from LCP. Chromium is pointed at it with
// --host-resolver-rules, so the pages keep their real https://images.unsplash.com URLs (srcset, sizes,
// preload and preconnect all act as in production).
//
// Each /photo-<id>?w=<width>&q=<quality> answers a synthetic 3:2 photo of that width, as WebP at that
// quality: smooth colour areas plus grain, about 1 bit per pixel (57 KB at 828 px), which is as heavy as
// a real photo or heavier. The real CDN sends AVIF to Chromium, usually smaller: the figures err on the
// slow side. Without sharp (an optional dependency of next) it falls back to the test fixture JPEG.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The same deterministic noise as the sample originals, so every run serves the same images.
import { pseudoRandom } from '../scripts/sample-photos.ts';

/** The (width, quality) pairs of the CDN URLs in a page's srcsets: `?…&w=<width>&q=<quality>`. */
export function cdnCopiesIn(html, host = 'images.unsplash.com') {
  const copies = new Set();
  for (const match of html.matchAll(new RegExp(`https://${host.replace(/\./g, '\\.')}/photo-[^\\s"',]+`, 'g'))) {
    const url = new URL(match[0].replace(/&amp;|\\u0026/g, '&').replace(/\\+$/, ''));
    copies.add(`${Number(url.searchParams.get('w')) || 1080}:${Number(url.searchParams.get('q')) || 75}`);
  }
  return [...copies].map((key) => key.split(':').map(Number));
}

function selfSignedCertificate(host) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cdn-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function loadSharp() {
  try {
    return (await import('sharp')).default;
  } catch {
    return null;
  }
}

async function synthesize(sharp, width, quality) {
  const height = Math.round((width * 2) / 3);
  const colours = await sharp(pseudoRandom(64 * 43 * 3, 7), { raw: { width: 64, height: 43, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 6 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < colours.length; i += 1) colours[i] = Math.min(255, Math.max(0, colours[i] + grain[i] - 128));
  return sharp(colours, { raw: { width, height, channels: 3 } })
    .webp({ quality })
    .toBuffer();
}

/**
 * Starts the stand-in on 127.0.0.1 (random port). Returns { host, port, requests, close }; `requests`
 * counts the photos served, so the benchmark can tell that the CDN was really used. `warm` lists the
 * [width, quality] copies the pages ask for (cdnCopiesIn): they are made before measuring, so that each
 * is answered at once, as a CDN answers from its cache. A copy made on demand took up to a second on a
 * loaded machine, and Lighthouse carries that wait into its simulation: the home page's first visit, whose
 * hero was the only photo at quality 50 (the stand-in warmed quality 70 only), lost 0.5 to 1.5 s of LCP.
 */
export async function startImageCdn({ host = 'images.unsplash.com', fixture, warm = [] } = {}) {
  const sharp = await loadSharp();
  const cache = new Map();
  const image = (width, quality) => {
    const key = `${width}:${quality}`;
    if (!cache.has(key)) cache.set(key, synthesize(sharp, width, quality));
    return cache.get(key);
  };
  if (sharp) for (const [width, quality] of warm) await image(width, quality);
  const fallback = fixture ? readFileSync(fixture) : null;
  const stats = { requests: 0, bytes: 0 };

  const server = createServer(selfSignedCertificate(host), async (req, res) => {
    const url = new URL(req.url ?? '/', `https://${host}`);
    if (!url.pathname.startsWith('/photo-')) {
      res.writeHead(404).end();
      return;
    }
    const width = Math.min(4000, Math.max(1, Number(url.searchParams.get('w')) || 1080));
    const quality = Math.min(100, Math.max(1, Number(url.searchParams.get('q')) || 75));
    const body = sharp ? await image(width, quality) : fallback;
    if (!body) {
      res.writeHead(503).end();
      return;
    }
    stats.requests += 1;
    stats.bytes += body.length;
    res.writeHead(200, {
      'Content-Type': sharp ? 'image/webp' : 'image/jpeg',
      'Content-Length': body.length,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Timing-Allow-Origin': '*',
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    host,
    port: typeof address === 'object' && address ? address.port : 0,
    synthetic: Boolean(sharp),
    stats,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
