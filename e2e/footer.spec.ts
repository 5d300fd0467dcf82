import { footerNav, legalNav, paths } from '@/content/navigation';
import { consentTexts } from '@/content/consent';
import { site } from '@/content/site';
import { mailtoHref, telHref } from '../lib/format';
import { expect, test } from './fixtures';

test.describe('footer', () => {
  test('identity, legal identifiers, contact details and hours', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(site.description);
    await expect(footer).toContainText(`SIREN : ${site.siren}`);
    await expect(footer).toContainText(`SIRET : ${site.siret}`);
    await expect(footer.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', mailtoHref(site.email));
    await expect(footer).toContainText(site.address.street);
    await expect(footer).toContainText(`${site.address.postalCode} ${site.address.city}`);
    await expect(footer).toContainText(site.shortHours);
  });

  test('copyright line with the current year @desktop', async ({ page }) => {
    await page.goto(paths.services);
    const year = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
    await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${site.name}`);
  });

  test('navigation links, "Demande de Devis" included, lead to their pages', async ({ page }) => {
    await page.goto(paths.home);
    const nav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Navigation' });
    await expect(nav.getByRole('link')).toHaveText(footerNav.map((item) => item.label));
    const quoteItem = footerNav.at(-1)!;
    await nav.getByRole('link', { name: quoteItem.label }).click();
    await expect(page).toHaveURL(new RegExp(`${quoteItem.href}$`));
  });

  test('the four legal links, then the accessibility page, lead to their pages @desktop', async ({ page }) => {
    await page.goto(paths.home);
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Informations légales' });
    await expect(legal.getByRole('link')).toHaveText([...legalNav.map((item) => item.label), consentTexts.manageLink]);
    // Each leads to its page (unit/out/links.test.ts checks that every page exists); one is followed.
    for (const item of legalNav)
      await expect(legal.getByRole('link', { name: item.label })).toHaveAttribute('href', item.href);
    const last = legalNav.at(-1)!;
    await legal.getByRole('link', { name: last.label }).click();
    await expect(page).toHaveURL(new RegExp(`${last.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
