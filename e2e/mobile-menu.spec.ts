import { mainNav, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect, test, waitForHydration } from './fixtures';

// The toggle exists only on small screens: these run in the mobile project (tag @mobile).
test.describe('mobile menu @mobile', () => {
  test('the toggle opens and closes the menu', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The toggle controls the panel it opens.
    const controls = await toggle.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    const menu = page.locator(`[id="${controls}"]`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toHaveCount(0);

    await toggle.click();
    const close = page.getByRole('button', { name: 'Fermer le menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    for (const item of mainNav) {
      await expect(menu.getByRole('link', { name: item.label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: quoteLink.label })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Accueil', exact: true })).toHaveAttribute('aria-current', 'page');

    await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toBeVisible();
    await close.click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('a link click navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Navigation mobile' });
    await menu.getByRole('link', { name: 'Nos Services' }).click();
    await expect(page).toHaveURL(/\/services\/$/);
    await waitForHydration(page);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(menu.getByRole('link', { name: 'Nos Services' })).toHaveAttribute('aria-current', 'page');
  });

  test('Escape closes the menu and gives focus back to the toggle', async ({ page }) => {
    await page.goto('/contact/');
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Navigation mobile' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Accueil', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();
  });

  test('the phone stays one tap away', async ({ page }) => {
    await page.goto('/');
    const call = page.getByRole('banner').getByRole('link', { name: `Appeler le ${site.phone}` });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', telHref(site.phone));
  });

  test('every page can be reached from the menu', async ({ page }) => {
    await page.goto('/');
    for (const item of [...mainNav, quoteLink]) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page
        .getByRole('navigation', { name: 'Navigation mobile' })
        .getByRole('link', { name: item.label, exact: true })
        .click();
      await expect(page).toHaveURL(new RegExp(`${item.href.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForHydration(page);
    }
  });
});
