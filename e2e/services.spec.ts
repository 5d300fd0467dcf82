import { services, towns, wholeRegion } from '@/content/services';
import { servicesPage } from '@/content/services-page';
import { site } from '@/content/site';
import { exclTax, inclTax, priceList, vat } from '@/content/pricing';
import { formatPrice, withVat } from '../lib/format';
import { quoteHrefFor } from '@/content/quick-actions';
import { expect, test } from './fixtures';

test.describe('services page', () => {
  // One visit for every check of the page (each one opened it on its own before; the price list was in
  // e2e/prices.spec.ts).
  test('three detailed services with features, starting price and a quote button; the price list HT and TTC; the fifteen towns and the whole PACA region; the personalised quote block leads to the form', async ({
    page,
  }) => {
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

    // The prices HT and TTC: the services, the hourly rate, travel costs and the free quote.
    const region = page.getByRole('region', { name: priceList.title });
    const table = region.getByRole('table', { name: priceList.caption });
    await expect(table.getByRole('columnheader')).toHaveText([
      priceList.columns.label,
      priceList.columns.exclTax,
      priceList.columns.inclTax,
    ]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(priceList.rows.length + 1);
    for (const [index, row] of priceList.rows.entries()) {
      const cells = rows.nth(index + 1);
      await expect(cells.getByRole('rowheader')).toHaveText(row.label);
      if (row.amount === undefined) {
        await expect(cells.getByRole('cell')).toHaveText([row.text ?? '']);
      } else {
        const from = row.from ? `${priceList.from} ` : '';
        await expect(cells.getByRole('cell')).toHaveText([
          `${from}${formatPrice(row.amount)}`,
          `${from}${formatPrice(withVat(row.amount, vat.standardRate))}`,
        ]);
      }
    }
    await expect(region).toContainText(priceList.timeCounting.text);
    for (const note of priceList.notes) await expect(region).toContainText(note);

    // The fifteen intervention towns and the whole PACA region.
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

    // The personalised quote block (last: its link leaves the page).
    const block = page.getByRole('region', { name: servicesPage.custom.title });
    await expect(block).toContainText(servicesPage.custom.text);
    await block.getByRole('link', { name: servicesPage.custom.button }).click();
    await expect(page).toHaveURL(/\/devis\/$/);
  });

  test('a home card leads to its detailed block', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: `En savoir plus : ${services[1].shortTitle}` }).click();
    await expect(page).toHaveURL(new RegExp(`/services/#${services[1].id}$`));
    await expect(page.getByRole('heading', { level: 2, name: services[1].title })).toBeInViewport();
  });
});
