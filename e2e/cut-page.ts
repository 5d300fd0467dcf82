import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/**
 * A page that arrives in two parts, as on a slow phone network: a server in front of the static site
 * sends `path`'s HTML up to `cut`, and the rest only when the test calls release(); every other URL passes
 * through to the site. The browser's requests to it are let through the fixture's stub of other origins.
 * Always close() it (release() first, so no response is left hanging).
 */
export type CutPage = { url: string; release: () => void; close: () => Promise<void> };

export async function serveCutPage(
  page: Page,
  baseURL: string,
  path: string,
  html: string,
  cut: number,
): Promise<CutPage> {
  let release = () => {};
  const rest = new Promise<void>((resolve) => (release = resolve));
  const server: Server = createServer(async (req, res) => {
    if (req.url === path) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(html.slice(0, cut));
      await rest;
      res.end(html.slice(cut));
      return;
    }
    const upstream = await fetch(new URL(req.url ?? '/', baseURL));
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The fixture stubs every other origin than the site's: this one is the site, behind a slow network.
  await page.route(`${origin}/**`, (route) => route.continue());
  return {
    url: `${origin}${path}`,
    release: () => release(),
    close: async () => {
      release();
      // Every connection closed at once: Chromium opens a connection ahead of need, which may never carry a
      // request, and server.close() alone waited for it until the browser went away, past the test's time
      // limit (about one run in ten on a loaded machine, its page complete and every file served).
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
    },
  };
}
