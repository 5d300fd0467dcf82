import { consentTexts } from '@/content/consent';
import { legalNav, mainNav, routes } from '@/content/navigation';
import { maps, site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect, test } from './fixtures';

// Without JavaScript every page still reads and navigates: the pre-rendered HTML carries it all.
test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // Two tests visit every route, half each (a test per route spent more on starting a browser context than on
  // the page itself).
  const halves = [routes.filter((_, index) => index % 2 === 0), routes.filter((_, index) => index % 2 === 1)];
  for (const [half, list] of halves.entries()) {
    test(`${list.join(' ')} read and link on (part ${half + 1} of 2): heading, first section, legal links and phone in the footer @desktop`, async ({
      page,
    }) => {
      for (const route of list) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
        await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first(), route).toBeVisible();
        const footer = page.getByRole('contentinfo');
        for (const item of legalNav) await expect(footer.getByRole('link', { name: item.label }), route).toBeVisible();
        await expect(footer.getByRole('link', { name: site.phone }), route).toHaveAttribute(
          'href',
          telHref(site.phone),
        );
      }
    });
  }

  test('the header navigation is usable on a desktop @desktop', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact\/$/);
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
  });

  test('on a phone the menu degrades to a visible list of links @mobile', async ({ page }) => {
    await page.goto('/');
    const list = page.getByRole('navigation', { name: 'Navigation (sans JavaScript)' });
    await expect(list).toBeVisible();
    for (const item of mainNav) await expect(list.getByRole('link', { name: item.label, exact: true })).toBeVisible();
    await list.getByRole('link', { name: 'À Propos' }).click();
    await expect(page).toHaveURL(/\/a-propos\/$/);
  });

  test('the contact page offers the map as a plain link', async ({ page, externalRequests }) => {
    await page.goto('/contact/');
    await expect(page.getByRole('link', { name: consentTexts.mapPlaceholder.link })).toHaveAttribute('href', maps.link);
    expect(externalRequests.filter((url) => !url.startsWith('https://images.unsplash.com/'))).toEqual([]);
  });

  test('the quote page shows the phone alternative', async ({ page }) => {
    await page.goto('/devis/');
    const call = page.getByRole('main').getByRole('link', { name: site.phone });
    await expect(call.first()).toBeVisible();
    await expect(call.first()).toHaveAttribute('href', telHref(site.phone));
  });

  test('images still show, lazily below the fold', async ({ page }) => {
    await page.goto('/');
    const images = page.getByRole('img');
    expect(await images.count()).toBeGreaterThan(3);
    await expect(images.first()).toHaveJSProperty('complete', true);
  });
});
