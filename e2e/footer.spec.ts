import { footerNav, legalNav } from '../content/navigation';
import { site } from '../content/site';
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
    // Monday to Friday, 9h to 18h, written the French way: "Lun.–ven. : 9 h – 18 h".
    await expect(footer).toContainText(site.shortHours);
    expect(site.shortHours.replace(/\s/g, ' ')).toContain('Lun.–ven. : 9 h – 18 h');
  });

  test('copyright line with the current year', async ({ page }) => {
    await page.goto('/services/');
    const year = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
    await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${site.name}`);
  });

  test('navigation links, "Demande de Devis" included, lead to their pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Navigation' });
    await expect(nav.getByRole('link')).toHaveText(footerNav.map((item) => item.label));
    await nav.getByRole('link', { name: 'Demande de Devis' }).click();
    await expect(page).toHaveURL(/\/devis\/$/);
  });

  test('the four legal links, then the accessibility page, lead to their pages', async ({ page }) => {
    await page.goto('/');
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Informations légales' });
    await expect(legal.getByRole('link')).toHaveText([
      'Mentions Légales',
      'Politique de Confidentialité',
      'Politique de Cookies',
      'Conditions Générales de Vente',
      'Accessibilité',
      'Gérer les cookies',
    ]);
    for (const item of legalNav) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: item.label }).click();
      await expect(page).toHaveURL(new RegExp(`${item.href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});
