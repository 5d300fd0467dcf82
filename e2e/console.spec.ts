import type { Page } from '@playwright/test';
import { routes } from '../content/navigation';
import { expect, test } from './fixtures';

/** Records console errors and warnings (hydration mismatches included) and uncaught exceptions. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

test.describe('no console error or warning', () => {
  test('on every page, after a refusal', async ({ page }) => {
    const messages = watchConsole(page);
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    }
    expect(messages).toEqual([]);
  });

  test.describe('on a first visit, and once the map is accepted', () => {
    test.use({ storedConsent: null });
    test('every page with the banner, then the contact map', async ({ page }) => {
      const messages = watchConsole(page);
      for (const route of routes) {
        await page.goto(route);
        await expect(page.getByRole('region', { name: 'Vos choix en matière de cookies' })).toBeVisible();
      }
      await page.goto('/contact/');
      await page.getByRole('button', { name: 'Tout accepter' }).click();
      await expect(page.locator('iframe')).toBeVisible();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(messages).toEqual([]);
    });
  });
});
