import { consentTexts } from '@/content/consent';
import { paths, routes } from '@/content/navigation';
import { expect, PHOTO_CDN, test } from './fixtures';
import { watchConsole } from './page-checks';

// Every page after a refusal: e2e/routes.spec.ts, which opens each page once.
test.describe('no console error or warning', () => {
  test.describe('on a first visit, and once the map is accepted', () => {
    test.use({ storedConsent: null });
    // Two tests, half of the pages each (one test for every page came near its time limit on a loaded machine).
    const halves = [routes.filter((_, index) => index % 2 === 0), routes.filter((_, index) => index % 2 === 1)];
    for (const [half, list] of halves.entries()) {
      const withMap = half === halves.length - 1;
      test(`${list.join(' ')} with the banner ignored load nothing from a third party but the photos${withMap ? '; then the map' : ''} @desktop`, async ({
        page,
        externalRequests,
      }) => {
        const messages = watchConsole(page);
        for (const route of list) {
          await page.goto(route);
          await expect(page.getByRole('region', { name: consentTexts.title })).toBeVisible();
        }
        // Ignoring the banner is refusing: nothing but the photo CDN was asked for.
        expect(externalRequests.filter((url) => !url.startsWith(PHOTO_CDN))).toEqual([]);
        if (withMap) {
          await page.goto(paths.contact);
          await page.getByRole('button', { name: consentTexts.acceptAll }).click();
          await expect(page.locator('iframe')).toBeVisible();
          await page.goto(paths.home);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        }
        expect(messages).toEqual([]);
      });
    }
  });
});
