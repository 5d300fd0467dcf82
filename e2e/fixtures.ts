import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { consentConfig } from '@/content/consent';
import type { ConsentChoices } from '../components/consent/consent-store';
import { PHOTO_CDN } from '../lib/photo';
import { test as base } from './worker-servers';

export { PHOTO_CDN };
const photo = readFileSync(join(__dirname, 'fixtures', 'photo.jpg'));

/**
 * Every test gets a page whose stock-photo requests are answered by a local fixture (the CDN is not
 * reachable from here), and whose other third-party requests are recorded in `externalRequests` and
 * answered with an empty page, so nothing leaves the machine. Unless a test says otherwise, the visitor has
 * already refused optional cookies (see `storedConsent`). Built on ./worker-servers.ts, the servers some specs
 * share between their tests, so that every spec runs in the same workers.
 */
export const test = base.extend<{ externalRequests: string[]; storedConsent: ConsentChoices | null }>({
  /**
   * The cookie choice already stored when a test starts (as after an earlier visit), so that the banner
   * stays out of tests about other things. Consent tests set it to `null`: a first visit.
   */
  storedConsent: [{ maps: false, analytics: false }, { option: true }],
  page: async ({ page, storedConsent, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      // The framework's scripts load after the first paint (scripts/load-js-after-paint.mjs), so the `load`
      // event no longer means the client components are live: navigations also wait for <html data-hydrated>,
      // which the header's client component sets once hydrated. Tests then act as a visitor would once
      // the page responds.
      const afterHydration =
        <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const response = await navigate(...args);
          await waitForHydration(page);
          return response;
        };
      page.goto = afterHydration(page.goto.bind(page));
      page.reload = afterHydration(page.reload.bind(page));
      page.goBack = afterHydration(page.goBack.bind(page));
    }
    if (storedConsent) {
      await page.addInitScript(
        ({ key, version, choices }) => {
          if (window.localStorage.getItem(key) === null) {
            window.localStorage.setItem(key, JSON.stringify({ version, date: new Date().toISOString(), choices }));
          }
        },
        { key: consentConfig.storageKey, version: consentConfig.version, choices: storedConsent },
      );
    }
    await use(page);
  },
  externalRequests: [
    async ({ context, baseURL }, use) => {
      const external: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      // Any http(s) URL of another origin. A regular expression, not a function: Playwright matches it
      // itself and lets the site's own requests through untouched, where a function would be called in
      // the test's process for every request of every page.
      const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await context.route(new RegExp(`^(?!${escaped}(?:[/?#]|$))https?://`), async (route) => {
        const url = route.request().url();
        external.push(url);
        if (url.startsWith(PHOTO_CDN)) {
          await route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo });
        } else {
          await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title>' });
        }
      });
      await use(external);
    },
    { auto: true },
  ],
});

/** Waits until the page's client components are hydrated (after a navigation by a link click, say). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Clicks a link or button far down a long page once the page has settled around it. The sections of the
 * legal pages are laid out only near the screen (`render-when-visible`, app/globals.css): scrolling to the
 * end gives the sections around the target their real height a frame or two later, which can move the
 * target between Playwright's checks and its mouse events. The browser has settled after two frames; a
 * visitor, who scrolls before clicking, never clicks sooner.
 */
export async function clickWhenSettled(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target
    .page()
    .evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
    );
  await target.click();
}

/**
 * Records the page's layout shifts (the Layout Instability API behind CLS) from the next navigation on.
 * Call before `goto` or `reload`; the returned function reads the value of each shift so far. As in CLS,
 * a shift the browser marks as following an input (`hadRecentInput`) does not count: under heavy load,
 * Chromium sometimes marks a shift of a few ten-thousandths so during a scripted scroll.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

/** What a photo of the page showed once loaded: the copy taken, its decoded width, its declared size. */
export type LoadedPhoto = { currentSrc: string; naturalWidth: number; width: string | null; height: string | null };

/**
 * Scrolls each photo of the page's main content into view in turn (the lazy ones load only then) and waits
 * until it has loaded or failed; returns what each one showed (a failed one has a naturalWidth of 0).
 */
export async function loadMainPhotos(page: Page): Promise<LoadedPhoto[]> {
  return page.locator('main img').evaluateAll(async (images: HTMLImageElement[]) => {
    const loaded = [];
    for (const img of images) {
      img.scrollIntoView({ block: 'center' });
      if (!img.complete)
        await new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        });
      loaded.push({
        currentSrc: img.currentSrc,
        naturalWidth: img.naturalWidth,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      });
    }
    return loaded;
  });
}

export { expect };
