import { routes } from '@/content/navigation';
import { notFound } from '@/content/not-found';
import { expectNoViolations, typographyProblems, watchConsole } from './page-checks';
import { expect, test } from './fixtures';

test.describe('every route', () => {
  for (const route of routes) {
    // Each page is opened once, for everything a visitor would notice of its frame (axe included).
    test(`${route}: French, one h1, header, main and footer, nothing overflows, no axe violation, French typography, a quiet console`, async ({
      page,
    }) => {
      const messages = watchConsole(page);
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Nothing overflows horizontally, on the phone as on the desktop.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoViolations(page);
      expect(await typographyProblems(page), 'French typography').toEqual([]);
      expect(messages, 'no console error or warning').toEqual([]);
    });
  }

  test('a path without trailing slash reaches the page', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveURL(/\/services\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown address shows the French 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: notFound.title })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('main').getByRole('link', { name: notFound.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
