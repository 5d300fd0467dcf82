import { mainNav, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect, test, waitForHydration } from './fixtures';

// The toggle exists only on small screens: these run in the mobile project (tag @mobile).
test.describe('mobile menu @mobile', () => {
  test('the toggle opens and closes the menu, Escape closes it and gives focus back to the toggle; the phone stays one tap away', async ({
    page,
  }) => {
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

    // Escape closes the menu and gives focus back to the toggle.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Accueil', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();

    // The phone stays one tap away.
    const call = page.getByRole('banner').getByRole('link', { name: `Appeler le ${site.phone}` });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', telHref(site.phone));
  });

  test('every page can be reached from the menu: a link click navigates, closes the menu, and the menu then marks that page as current', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Navigation mobile' });
    const items = [...mainNav, quoteLink];
    for (const [index, item] of items.entries()) {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      // The page reached by the previous link is the current one in the menu.
      const previous = mainNav.find((navItem) => navItem.href === items[index - 1]?.href);
      if (previous)
        await expect(menu.getByRole('link', { name: previous.label, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
      await menu.getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.href.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await waitForHydration(page);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute('aria-expanded', 'false');
    }
  });
});
