import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { DEVIS_CLIENT_PATH } from '@/content/devis';
import { paths, routes } from '@/content/navigation';
import { consentTexts } from '@/content/consent';
import { maps } from '@/content/site';
import { OWN_PHOTOS_PATH, PHOTO_CDN } from '../lib/photo';
import { baselinePolicy, cacheControl, securityHeaders } from '../deploy/policy';
import { inlineScripts, sha256Source } from '../deploy/render';
import { htmlFileFor, referencedAssets } from '../scripts/budget';
import type { Page } from '@playwright/test';
import { expect, loadMainPhotos, test as base, waitForHydration } from './fixtures';
import { startInboxReceiver } from './inbox-receiver';
import { PERMISSIONS_POLICY } from '../receiver/src/inbox/permissions-policy';
import { freePort, raw, startNginx, until, type Nginx, type RawResponse } from './servers';
import { OUT_DIR } from './worker-servers';

/**
 * The real deployment: nginx with deploy/nginx.conf (rendered by deploy/render.ts exactly as for
 * production, only the root and the port differ) over a copy of the built out/, precompressed. Checks
 * what a visitor's browser receives: status codes, clean-URL redirects, compression, caching, security
 * headers, and pages that work in Chromium under their Content-Security-Policy.
 */

/**
 * Tests with nginx serving out/, one per worker (./worker-servers.ts); pages and the fixtures' interception
 * of third parties use its origin.
 */
const test = base.extend<{ nginx: Nginx }>({
  nginx: async ({ nginxOut }, use) => use(nginxOut),
  baseURL: async ({ nginx }, provide) => provide(nginx.origin),
});

function cspDirectives(header: string | string[] | undefined): Map<string, string[]> {
  const value = Array.isArray(header) ? header.join(';') : (header ?? '');
  return new Map(
    value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

/** The security headers of every response, and the CSP: a page's own policy, or the baseline. */
function expectSecurityHeaders(response: RawResponse, page?: string) {
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(response.headers[name.toLowerCase()], name).toBe(value);
  }
  const header = response.headers['content-security-policy'];
  if (!page) {
    expect(header).toBe(baselinePolicy);
    return;
  }
  const csp = cspDirectives(header);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  const scriptSrc = csp.get('script-src') ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  // Every inline script of this page, and nothing else, is allowed by its hash.
  expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
    [...new Set(inlineScripts(page).map(sha256Source))].sort(),
  );
}

/** Collects the console messages of the types given (errors by default), page errors and CSP violations of a page. */
async function watchProblems(page: Page, types: string[] = ['error']): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (types.includes(message.type())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

test.describe('nginx serving out/ with deploy/nginx.conf', () => {
  test.describe.configure({ timeout: 60_000 });

  test('every route answers 200 at its URL, and 301 to it without the trailing slash @desktop', async ({ nginx }) => {
    for (const route of routes) {
      const response = await raw(nginx.origin, route, { 'Accept-Encoding': 'gzip' });
      expect(response.status, route).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['cache-control']).toBe(cacheControl.document);
      expectSecurityHeaders(response, readFileSync(htmlFileFor(nginx.root, route), 'utf8'));
      if (route === '/') continue;
      const bare = route.replace(/\/$/, '');
      const redirect = await raw(nginx.origin, `${bare}?utm_source=test`);
      expect(redirect.status, bare).toBe(301);
      expect(redirect.headers.location).toBe(`${route}?utm_source=test`);
      expectSecurityHeaders(redirect);
    }
  });

  test('unknown paths get the site’s 404 page with status 404 @desktop', async ({ nginx }) => {
    const notFoundPage = readFileSync(join(nginx.root, '404.html'));
    for (const path of [
      '/page-inexistante/',
      '/services/inconnu',
      '/404/',
      '/404.html',
      '/_not-found/',
      '/_headers',
      '/.env',
    ]) {
      const response = await raw(nginx.origin, path);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body.equals(notFoundPage), `${path} shows 404.html`).toBe(true);
      expectSecurityHeaders(response, notFoundPage.toString('utf8'));
    }
  });

  test('scripts and styles are precompressed and cached for a year @desktop', async ({ nginx }) => {
    const assets = referencedAssets(readFileSync(join(nginx.root, 'index.html'), 'utf8'));
    expect(assets.js.length).toBeGreaterThan(0);
    expect(assets.css.length).toBeGreaterThan(0);
    for (const path of [...assets.js, ...assets.css]) {
      const gzipped = await raw(nginx.origin, path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(gzipped.status, path).toBe(200);
      expect(gzipped.headers['cache-control']).toBe(cacheControl.immutable);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toBe('Accept-Encoding');
      // gzip_static: the bytes are the precompressed file.gz.
      expect(gzipped.body.length).toBe(statSync(join(nginx.root, `${path}.gz`)).size);
      const plain = await raw(nginx.origin, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBe(statSync(join(nginx.root, path)).size);
    }
  });

  test('the payloads of client-side navigation are served as text and revalidated @desktop', async ({ nginx }) => {
    const response = await raw(nginx.origin, '/services/index.txt', { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe(cacheControl.document);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  // Every page in Chromium, under its own CSP as nginx sends it, on a first visit (the banner shown and
  // ignored, which is refusing): no console error or warning, no CSP violation, the photos from the CDN the
  // CSP allows (answered by the fixtures' stand-in), nothing else asked of a third party; then, once the map
  // is accepted, still nothing wrong. The pages in two tests, half each (one test for every page came near its
  // time limit on a loaded machine), each page after the other in the same tab.
  test.describe('on a first visit, every page', () => {
    test.use({ storedConsent: null });
    const halves = [routes.filter((_, index) => index % 2 === 0), routes.filter((_, index) => index % 2 === 1)];
    for (const [half, list] of halves.entries()) {
      const withMap = half === halves.length - 1;
      test(`${list.join(' ')} run under the CSP without a console error or warning, the banner ignored, nothing from a third party but the photos${withMap ? '; then the map' : ''} @desktop`, async ({
        page,
        externalRequests,
      }) => {
        const problems = await watchProblems(page, ['error', 'warning']);
        for (const route of list) {
          await test.step(route, async () => {
            const response = await page.goto(route, { waitUntil: 'load' });
            expect(response?.status()).toBe(200);
            expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await expect(page.getByRole('region', { name: consentTexts.title })).toBeVisible();
            const photos = await loadMainPhotos(page);
            for (const [i, photo] of photos.entries()) {
              expect(photo.naturalWidth, `photo ${i} loaded`).toBeGreaterThan(0);
              expect(photo.currentSrc).toMatch(new RegExp(`^${PHOTO_CDN}/`));
            }
            if (photos.length > 0) expect(externalRequests.some((url) => url.startsWith(PHOTO_CDN))).toBe(true);
            await page.waitForLoadState('networkidle');
            expect(problems).toEqual([]);
          });
        }
        // Ignoring the banner is refusing: nothing but the photo CDN was asked for.
        expect(externalRequests.filter((url) => !url.startsWith(PHOTO_CDN))).toEqual([]);
        if (withMap) {
          await test.step('the map accepted, then another page', async () => {
            await page.goto(paths.contact);
            await page.getByRole('button', { name: consentTexts.acceptAll }).click();
            await expect(page.locator('iframe')).toBeVisible();
            await page.goto(paths.home);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            expect(problems).toEqual([]);
          });
        }
      });
    }
  });

  test('the scripts run under the CSP: the menu opens on a phone @mobile', async ({ page }) => {
    const problems = await watchProblems(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Navigation mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Nos Services' }).click();
    await expect(page).toHaveURL(/\/services\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the scripts run under the CSP: the cookie choices reopen from the footer @desktop', async ({ page }) => {
    const problems = await watchProblems(page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Nos Services' })
      .click();
    await expect(page).toHaveURL(/\/services\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForHydration(page);
    // The footer link is intercepted by script (without it, it would lead to the cookie policy).
    await page.getByRole('contentinfo').getByRole('link', { name: consentTexts.manageLink }).click();
    await expect(page.getByRole('region', { name: consentTexts.title })).toBeVisible();
    await expect(page).toHaveURL(/\/services\/$/);
    expect(problems).toEqual([]);
  });

  test.describe('on a first visit', () => {
    test.use({ storedConsent: null });

    test('the cookie banner works and, once accepted, the map loads from Google under the CSP @mobile', async ({
      page,
      externalRequests,
    }) => {
      const problems = await watchProblems(page);
      await page.goto('/contact/');
      await page.getByRole('button', { name: consentTexts.acceptAll }).click();
      const map = page.locator(`iframe[title="${maps.title}"]`);
      await map.scrollIntoViewIfNeeded();
      await expect(map).toBeVisible();
      await expect.poll(() => externalRequests.some((url) => url.startsWith(maps.embed.slice(0, 30)))).toBe(true);
      await expect(map).toHaveAttribute('src', maps.embed);
      expect(problems).toEqual([]);
    });
  });
});

test.describe('nginx publishing the team inbox with --inbox', () => {
  test.describe.configure({ timeout: 60_000 });

  test('/gestion/ reaches the inbox, with the inbox’s own headers once each @desktop', async () => {
    let nginx: Nginx | undefined;
    const port = await freePort();
    // The inbox's public address is nginx's: its passkeys and its Origin check expect that origin.
    const inbox = await startInboxReceiver(() => `http://localhost:${port}/gestion/`);
    try {
      nginx = await startNginx(OUT_DIR, { port, inbox: inbox.address, quoteEndpoint: null, analyticsScript: null });
      const page = await raw(nginx.origin, '/gestion/connexion', { host: `localhost:${port}` });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('Se connecter avec une clé d’accès');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      // The inbox's own Permissions-Policy, once; none of the site's headers.
      expect(page.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      const csp = cspDirectives(page.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'none'"]);

      const guarded = await raw(nginx.origin, '/gestion/', { host: `localhost:${port}` });
      expect(guarded.status).toBe(303);
      expect(guarded.headers.location).toBe('/gestion/connexion');
      const foreign = await raw(
        nginx.origin,
        '/gestion/connexion/options',
        { host: `localhost:${port}`, origin: 'https://attaquant.example', 'content-type': 'application/json' },
        { method: 'POST', body: Buffer.from('{}') },
      );
      expect(foreign.status).toBe(403);
      const own = await raw(
        nginx.origin,
        '/gestion/connexion/options',
        { host: `localhost:${port}`, origin: `http://localhost:${port}`, 'content-type': 'application/json' },
        { method: 'POST', body: Buffer.from('{}') },
      );
      expect(own.status).toBe(200);
      expect(JSON.parse(own.body.toString()).rpId).toBe('localhost');
    } finally {
      await nginx?.stop();
      await inbox.stop();
    }
  });
});

test.describe('nginx publishing the client’s page of a devis with --receiver', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the link’s secret never reaches nginx’s access log @desktop', async () => {
    let nginx: Nginx | undefined;
    // The receiver's public listener as nginx sees it: any answer will do, the log is nginx's.
    const upstream = createServer((_request, response) => response.end('devis'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const secret = 'ApCZiy2K5lvSXuj7GtZu1p6B67f0NLPcD0pMZU_Z_Sg';
    try {
      nginx = await startNginx(OUT_DIR, {
        receiver: `127.0.0.1:${port}`,
        quoteEndpoint: '/api/devis',
        analyticsScript: null,
      });
      for (const path of [`${DEVIS_CLIENT_PATH}/${secret}`, `${DEVIS_CLIENT_PATH}/${secret}/pdf`]) {
        expect((await raw(nginx.origin, path)).status, path).toBe(200);
      }
      // A page of the site after them: once its line is in the log, theirs would be too (one worker, in order).
      expect((await raw(nginx.origin, '/')).status).toBe(200);
      const log = join(dirname(nginx.root), 'access.log');
      await until('the site’s page in the access log', () => /"GET \/ HTTP/.test(readFileSync(log, 'utf8')));
      const lines = readFileSync(log, 'utf8');
      expect(lines).not.toContain(secret);
      expect(lines).not.toContain(DEVIS_CLIENT_PATH);
    } finally {
      await nginx?.stop();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});

/** The build with the company's own photos (build/out-endpoint/, scripts/test-builds.sh), behind the same nginx. */
const ownPhotosTest = base.extend<{ nginx: Nginx }>({
  nginx: async ({ nginxOwnPhotos }, use) => use(nginxOwnPhotos),
  baseURL: async ({ nginx }, provide) => provide(nginx.origin),
});

ownPhotosTest.describe('nginx serving a build with the company’s own photos', () => {
  ownPhotosTest.describe.configure({ timeout: 60_000 });

  ownPhotosTest(
    'the photos are the site’s own files, cached for a year; the pages allow images from the site only @desktop',
    async ({ nginx }) => {
      for (const route of routes) {
        const page = await raw(nginx.origin, route);
        expect(cspDirectives(page.headers['content-security-policy']).get('img-src'), route).toEqual([
          "'self'",
          'data:',
        ]);
      }
      const html = readFileSync(htmlFileFor(nginx.root, '/'), 'utf8');
      const copies = [...new Set([...html.matchAll(/\/photos\/[^\s"',\\]+\.(?:avif|webp)/g)].map((m) => m[0]))];
      expect(copies.length).toBeGreaterThan(0);
      for (const path of copies) {
        expect(path.startsWith(OWN_PHOTOS_PATH)).toBe(true);
        const response = await raw(nginx.origin, path, { 'Accept-Encoding': 'gzip' });
        expect(response.status, path).toBe(200);
        expect(response.headers['content-type']).toBe(path.endsWith('.avif') ? 'image/avif' : 'image/webp');
        expect(response.headers['cache-control']).toBe(cacheControl.immutable);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body.length).toBe(statSync(join(nginx.root, path)).size);
        expectSecurityHeaders(response);
      }
    },
  );

  ownPhotosTest(
    'the home page shows its photos under its CSP, with no request to a third party @desktop',
    async ({ page, externalRequests }) => {
      const problems = await watchProblems(page);
      await page.goto('/', { waitUntil: 'load' });
      const loaded = await loadMainPhotos(page);
      expect(loaded.length).toBeGreaterThan(0);
      for (const photo of loaded) expect(photo.naturalWidth, photo.currentSrc).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(externalRequests).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});
