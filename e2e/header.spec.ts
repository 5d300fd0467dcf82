import { mainNav, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect, test } from './fixtures';

test.describe('header', () => {
  test('the skip link is the first tab stop and moves to the main content; the header stays at the top while scrolling and its logo links home', async ({
    page,
  }) => {
    await page.goto('/a-propos/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    const header = page.getByRole('banner');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    await expect(header).toBeInViewport();
    await header
      .getByRole('link', { name: /accueil/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  // Each page marks its own link in the exported HTML too: unit/out/header-footer.test.ts.
  test('phone link; every page reached from the header links, each marked as the current page; "Devis Gratuit" leads to the quote @desktop', async ({
    page,
  }) => {
    await page.goto('/contact/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    expect(telHref(site.phone)).toMatch(/^tel:\+33\d{9}$/);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    for (const item of mainNav) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.href.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }
    await header.getByRole('link', { name: quoteLink.label }).click();
    await expect(page).toHaveURL(/\/devis\/$/);
  });
});
