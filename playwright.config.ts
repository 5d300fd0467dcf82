import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the built site (out/), served like a static host by scripts/serve-out.ts.
 * Build first (`npm run build`); `npm test` does everything.
 *
 * Browser: CHROMIUM_PATH if set, else Debian's headless shell (package chromium-headless-shell), else Debian's
 * /usr/bin/chromium, else Playwright's own.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * The second build, with NEXT_PUBLIC_QUOTE_ENDPOINT set to the company's own receiver on the same origin
 * (see scripts/test-builds.sh, e2e/devis-endpoint.spec.ts and e2e/receiver.spec.ts).
 */
export { QUOTE_RECEIVER_PATH as ENDPOINT_PATH } from './content/quote-settings';
export const ENDPOINT_BUILD_DIR = 'build/out-endpoint';
export const ENDPOINT_BUILD_PORT = Number(process.env.E2E_ENDPOINT_PORT ?? PORT + 10);
/**
 * Chromium's headless shell is the browser Playwright itself runs headless tests in: the same Blink and V8
 * without the desktop browser around them, and about a third less time for the same specs here (63 s
 * against 91 s for the home, legal and services specs). Debian packages it; scripts/install-test-deps.sh
 * installs it. The full /usr/bin/chromium stays for the benchmarks (Lighthouse) and as a fallback.
 */
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

const launchOptions = {
  executablePath,
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * Tests whose every check reads the same at any width (texts, links and where they lead, a form's states, what
 * is sent): they run in the desktop project only, where the mobile one ran each of them a second time. What a
 * phone's layout changes still runs at its width: every route's frame (routes.spec.ts: overflow, axe,
 * typography, the call bar at 375, 360 and 390 px), the menu, the consent banner, the keyboard order, the
 * layout shifts, axe on the quote form, the lazy images, phones.spec.ts. Matched against the file's name and
 * the test's title (docs/tests.md).
 */
const sameAtEveryWidth: RegExp[] = [
  /about\.spec\.ts/, // the about page's texts, figures and captions
  /contact\.spec\.ts/, // the contact page's address, links, hours and legal identifiers
  /footer\.spec\.ts/, // the footer's identity, links and where they lead
  /prices\.spec\.ts/, // the CGV's link to the price list
  /services\.spec\.ts .*three detailed services/, // the services page's texts and prices
  /home\.spec\.ts .*its sections, in one visit/, // the home page's texts, prices, photos' attributes and links
  /routes\.spec\.ts .*a path without trailing slash/, // the server's redirect
  /demo\.spec\.ts .*the build under test is a demo build/, // no page at all: two values of content/
  /devis\.spec\.ts .*sending for 1 s, success for 5 s/, // the simulated sending's states, timed by page.clock
  /devis\.spec\.ts .*the chosen file is shown and can be removed/,
  /devis-endpoint\.spec\.ts .*posts every field and the file/, // what the form posts
  /no-js\.spec\.ts .*the contact page offers the map as a plain link/,
  /no-js\.spec\.ts .*the quote page shows the phone alternative/,
];

export default defineConfig({
  testDir: './e2e',
  // The receiver's build, for the specs that start one.
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // No trace by default: recording one for every test (kept only on failure) made the browser stage about
    // a fifth slower. To see a failure step by step: `npx playwright test <spec> --trace=retain-on-failure`,
    // then `npx playwright show-trace test-results/…/trace.zip`. The screenshot of a failure stays.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      // Tests tagged @mobile need the small-screen layout (the menu toggle), @desktop the wide one.
      grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      grepInvert: [/@desktop/, ...sameAtEveryWidth],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: `node --import tsx scripts/serve-out.ts --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    // The build whose quote form posts to an endpoint (scripts/test-builds.sh), for e2e/devis-endpoint.spec.ts only.
    ...(existsSync(ENDPOINT_BUILD_DIR)
      ? [
          {
            command: `node --import tsx scripts/serve-out.ts --dir ${ENDPOINT_BUILD_DIR} --port ${ENDPOINT_BUILD_PORT}`,
            url: `http://127.0.0.1:${ENDPOINT_BUILD_PORT}/devis/`,
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
  ],
});
