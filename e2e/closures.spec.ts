import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ENDPOINT_BUILD_DIR, ENDPOINT_BUILD_PORT, ENDPOINT_PATH } from '../playwright.config';
import { closureTexts } from '@/content/closures';
import { paths } from '@/content/navigation';
import { QUOTE_SUBMIT_DELAY_MS, quoteForm } from '@/content/quote';
import { fillTemplate } from '../lib/format';
import { frenchTypography } from '../lib/typography';
import { expect, test } from './fixtures';
import { controls, fillQuoteForm, openQuotePage } from './quote-form';

/**
 * An exceptional closure (docs/contenu.md, « Fermetures exceptionnelles ») on the built site. The company's
 * data has none to show, so these tests run against the endpoint build of scripts/test-builds.sh, which adds
 * the closure of e2e/fixtures/closures.json (SAMPLE_CLOSURES): Monday 6 to Tuesday 14 August 2040, far
 * enough ahead that it never shows to the other tests; here the page's clock is set to its days. Wednesday
 * 15 August is a public holiday: the call-back day is Thursday 16.
 */
const closure = JSON.parse(readFileSync('e2e/fixtures/closures.json', 'utf8'))[0] as { message: string };
const PARIS = '+02:00';
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00${PARIS}`);

const noticeText = frenchTypography(
  fillTemplate(closureTexts.notice, { jours: 'du 6 au 14 août 2040', message: closure.message }),
);
const callBackBefore = frenchTypography(
  fillTemplate(closureTexts.callBackBefore, { jours: 'du 6 au 14 août', rappel: 'jeudi 16 août' }),
);
const callBackDuring = frenchTypography(
  fillTemplate(closureTexts.callBackDuring, { fin: '14 août', rappel: 'jeudi 16 août' }),
);

/** The notice, found as a screen reader finds it: a region named « Fermeture exceptionnelle ». */
const notice = (page: Page) => page.getByRole('region', { name: closureTexts.region, exact: true });

/** Spaces as a reader sees them: the texts hold no-break spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test.describe('an exceptional closure', () => {
  test.use({ baseURL: `http://127.0.0.1:${ENDPOINT_BUILD_PORT}` });

  test.beforeAll(() => {
    if (!existsSync(ENDPOINT_BUILD_DIR))
      throw new Error(`${ENDPOINT_BUILD_DIR}/ is missing: npm test (scripts/test-builds.sh) builds it`);
    if (!readFileSync(`${ENDPOINT_BUILD_DIR}/index.html`, 'utf8').includes('data-closure-until'))
      throw new Error(`${ENDPOINT_BUILD_DIR} was built without SAMPLE_CLOSURES: run scripts/test-builds.sh`);
  });

  test.beforeEach(async ({ page }, testInfo) => {
    // The phones' width the brief names; the desktop project keeps its 1280 px.
    if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 390, height: 844 });
  });

  test('its notice shows on every page during it, below the header and within the screen', async ({ page }) => {
    await page.clock.install({ time: at('2040-08-08') });
    for (const path of [paths.home, paths.services, paths.contact, paths.quote]) {
      await page.goto(path);
      await expect(notice(page), path).toBeVisible();
      expect(spaced((await notice(page).textContent()) ?? '').trim()).toBe(spaced(noticeText));
      // In the page's flow under the header, not behind it, and no wider than the screen.
      const header = await page.locator('header').first().boundingBox();
      const box = await notice(page).boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(page.viewportSize()!.width);
    }
  });

  test('it is announced 30 days before, and goes at the end of its last day while the page stays open', async ({
    page,
  }) => {
    // Friday 6 July 2040, 23 h 30: a day too early; an hour later it is 7 July, 30 days before Monday 6 August.
    await page.clock.install({ time: at('2040-07-06', '23:30') });
    await page.goto(paths.home);
    await expect(notice(page)).toBeHidden();
    await page.clock.runFor(60 * 60_000);
    await expect(notice(page)).toBeVisible();

    // Its last day, Tuesday 14 August, at 22 h: still there; after midnight, gone without a reload.
    await page.clock.setSystemTime(at('2040-08-14', '22:00'));
    await page.goto(paths.services);
    await expect(notice(page)).toBeVisible();
    await page.clock.pauseAt(at('2040-08-15', '00:30'));
    await expect(notice(page)).toBeHidden();
    await page.reload();
    await expect(notice(page)).toBeHidden();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the notice the build rendered shows, its dates in its text, until the next build', async ({ page }) => {
      // Today, long before the closure: no script hides it, and its text says when it is.
      await page.goto(paths.contact);
      await expect(notice(page)).toBeVisible();
      expect(spaced((await notice(page).textContent()) ?? '').trim()).toBe(spaced(noticeText));
    });
  });

  /** Sends the quote form at `time` (the endpoint answers at once) and waits for the success screen. */
  async function sendQuoteAt(page: Page, time: Date) {
    await page.route(`**${ENDPOINT_PATH}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{"reference":"D-20400803-K7F3QX"}',
      }),
    );
    await page.clock.install({ time });
    await openQuotePage(page);
    await page.clock.pauseAt(time.getTime() + 1000);
    await fillQuoteForm(page, false);
    await controls(page).submit.click();
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(controls(page).successTitle).toBeVisible();
  }

  test('the quote form names the call-back day the working day before it', async ({ page }) => {
    // Friday 3 August: a call-back within a working day would fall on Monday 6, closed.
    await sendQuoteAt(page, at('2040-08-03'));
    const success = page.getByRole('status');
    await expect(success).toContainText(quoteForm.success.title);
    await expect(success.getByText(callBackBefore, { exact: true })).toBeVisible();
  });

  test('the quote form names the call-back day during it, and says nothing two days before', async ({ page }) => {
    await page.clock.install({ time: at('2040-08-09') });
    await openQuotePage(page);
    await expect(page.getByText(callBackDuring, { exact: true })).toBeVisible();

    // Thursday 2 August: the call-back (Friday 3) comes before the closure; the notice shows, the form is as usual.
    await page.clock.setSystemTime(at('2040-08-02'));
    await openQuotePage(page);
    await expect(notice(page)).toBeVisible();
    await expect(page.getByText(callBackBefore, { exact: true })).toHaveCount(0);
    await expect(page.getByText(callBackDuring, { exact: true })).toHaveCount(0);
  });
});
