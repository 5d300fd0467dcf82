import { consentTexts } from '@/content/consent';
import { paths, routes } from '@/content/navigation';
import { expect, PHOTO_CDN, test } from './fixtures';
import { watchConsole } from './page-checks';

// Every page after a refusal: e2e/routes.spec.ts, which opens each page once.
test.describe('no console error or warning', () => {
  test.describe('on a first visit, and once the map is accepted', () => {
    test.use({ storedConsent: null });
    test('every page with the banner ignored loads nothing from a third party but the photos; then the map @desktop', async ({
      page,
      externalRequests,
    }) => {
      const messages = watchConsole(page);
      for (const route of routes) {
        await page.goto(route);
        await expect(page.getByRole('region', { name: consentTexts.title })).toBeVisible();
      }
      // Ignoring the banner is refusing: nothing but the photo CDN was asked for.
      expect(externalRequests.filter((url) => !url.startsWith(PHOTO_CDN))).toEqual([]);
      await page.goto(paths.contact);
      await page.getByRole('button', { name: consentTexts.acceptAll }).click();
      await expect(page.locator('iframe')).toBeVisible();
      await page.goto(paths.home);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(messages).toEqual([]);
    });
  });
});
