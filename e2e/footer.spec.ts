import { accessibilite } from '@/content/legal/accessibilite';
import { footerNav, legalNav, paths } from '@/content/navigation';
import { consentTexts } from '@/content/consent';
import { site } from '@/content/site';
import { mailtoHref, telHref } from '../lib/format';
import { expect, test } from './fixtures';

test.describe('footer', () => {
  // One visit (each check opened a page on its own before; e2e/accessibilite.spec.ts's footer test is here).
  test('identity, legal identifiers, contact details, hours and the copyright year; the navigation and legal links in order, "Demande de Devis" and "Accessibilité" (last legal link) lead to their pages', async ({
    page,
  }) => {
    await page.goto(paths.home);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(site.description);
    await expect(footer).toContainText(`SIREN : ${site.siren}`);
    await expect(footer).toContainText(`SIRET : ${site.siret}`);
    await expect(footer.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', mailtoHref(site.email));
    await expect(footer).toContainText(site.address.street);
    await expect(footer).toContainText(`${site.address.postalCode} ${site.address.city}`);
    await expect(footer).toContainText(site.shortHours);

    // Copyright line with the current year.
    const year = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
    await expect(footer).toContainText(`© ${year} ${site.name}`);

    // The four legal links, then the accessibility page, then the cookie settings.
    const legal = footer.getByRole('navigation', { name: 'Informations légales' });
    await expect(legal.getByRole('link')).toHaveText([...legalNav.map((item) => item.label), consentTexts.manageLink]);
    // Each leads to its page (unit/out/links.test.ts checks that every page exists); one is followed below.
    for (const item of legalNav)
      await expect(legal.getByRole('link', { name: item.label })).toHaveAttribute('href', item.href);

    // The navigation links, "Demande de Devis" included: the last one is followed.
    const nav = footer.getByRole('navigation', { name: 'Navigation' });
    await expect(nav.getByRole('link')).toHaveText(footerNav.map((item) => item.label));
    const quoteItem = footerNav.at(-1)!;
    await nav.getByRole('link', { name: quoteItem.label }).click();
    await expect(page).toHaveURL(new RegExp(`${quoteItem.href}$`));

    // Back home, the last legal link: the accessibility page.
    await page.goBack();
    const last = legalNav.at(-1)!;
    expect(last.href).toBe(paths.accessibility);
    await legal.getByRole('link', { name: last.label }).click();
    await expect(page).toHaveURL(new RegExp(`${last.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(accessibilite.title);
  });
});
