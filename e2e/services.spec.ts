import { services, towns, wholeRegion } from '@/content/services';
import { servicesPage } from '@/content/services-page';
import { site } from '@/content/site';
import { exclTax, inclTax } from '@/content/pricing';
import { quoteHrefFor } from '@/content/quick-actions';
import { expect, test } from './fixtures';

test.describe('services page', () => {
  test('three detailed services with features, starting price and a quote button', async ({ page }) => {
    await page.goto('/services/');
    await expect(page).toHaveTitle(`${servicesPage.meta.title} | ${site.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(servicesPage.intro.title);
    const blocks = page.getByRole('main').getByRole('article');
    await expect(blocks).toHaveCount(3);
    for (const [index, service] of services.entries()) {
      const block = blocks.nth(index);
      await expect(block.getByRole('heading', { level: 2 })).toHaveText(service.title);
      await expect(block.getByRole('listitem')).toHaveText([...service.features]);
      // For consumers, the TTC price first, the HT price beside it: « À partir de 180 € TTC (150 € HT) ».
      await expect(block).toContainText(`${servicesPage.priceLabel} ${inclTax(service.priceFrom)}`);
      await expect(block).toContainText(`(${exclTax(service.priceFrom)})`);
      // The quote button opens the form with this service chosen.
      await expect(
        block.getByRole('link', { name: `${servicesPage.quoteButton} : ${service.shortTitle}` }),
      ).toHaveAttribute('href', quoteHrefFor(service.id));
      expect(quoteHrefFor(service.id)).toBe(`/devis/?prestation=${service.id}`);
    }
  });

  test('a home card leads to its detailed block', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: `En savoir plus : ${services[1].shortTitle}` }).click();
    await expect(page).toHaveURL(new RegExp(`/services/#${services[1].id}$`));
    await expect(page.getByRole('heading', { level: 2, name: services[1].title })).toBeInViewport();
  });

  test('personalised quote block', async ({ page }) => {
    await page.goto('/services/');
    const block = page.getByRole('region', { name: servicesPage.custom.title });
    await expect(block).toContainText(servicesPage.custom.text);
    await block.getByRole('link', { name: servicesPage.custom.button }).click();
    await expect(page).toHaveURL(/\/devis\/$/);
  });

  test('the fifteen intervention towns and the whole PACA region', async ({ page }) => {
    await page.goto('/services/');
    const list = page.getByRole('region', { name: servicesPage.towns.title }).getByRole('listitem');
    await expect(list).toHaveText([...towns, wholeRegion]);
    expect(towns).toHaveLength(15);
    for (const town of [
      'Antibes',
      'Juan-les-Pins',
      'Sophia Antipolis',
      'Saint-Laurent-du-Var',
      'Mandelieu-la-Napoule',
    ]) {
      expect(towns).toContain(town);
    }
  });
});
