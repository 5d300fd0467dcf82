import { routes } from '../content/navigation';
import { expect, test } from './fixtures';

test.describe('every route', () => {
  for (const route of routes) {
    test(`${route} answers with one h1, the header and the footer`, async ({ page }) => {
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
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
