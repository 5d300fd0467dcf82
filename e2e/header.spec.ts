import { mainNav, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect, test } from './fixtures';

test.describe('header', () => {
  test('logo links home and the header stays at the top while scrolling', async ({ page }) => {
    await page.goto('/a-propos/');
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

  test('phone link and "Devis Gratuit" button @desktop', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    expect(telHref(site.phone)).toMatch(/^tel:\+33\d{9}$/);
    await header.getByRole('link', { name: quoteLink.label }).click();
    await expect(page).toHaveURL(/\/devis\/$/);
  });

  for (const item of mainNav) {
    test(`"${item.label}" is marked as the current page on ${item.href} @desktop`, async ({ page }) => {
      await page.goto(item.href);
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    });
  }

  test('every page can be reached from the header links @desktop', async ({ page }) => {
    await page.goto('/contact/');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const item of mainNav) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.href.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('the skip link is the first tab stop and moves to the main content', async ({ page }) => {
    await page.goto('/services/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
