import { paths } from '@/content/navigation';
import { priceList, vat } from '@/content/pricing';
import { formatPrice, withVat } from '../lib/format';
import { expect, test } from './fixtures';

test.describe('price list', () => {
  test('/services publishes the prices HT and TTC: the services, the hourly rate, travel costs and the free quote', async ({
    page,
  }) => {
    await page.goto(paths.services);
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
  });

  test('the CGV link to the price list lands on it', async ({ page }) => {
    await page.goto(paths.terms);
    await page.getByRole('main').getByRole('link', { name: 'Nos services', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.services}#tarifs$`));
    await expect(page.getByRole('heading', { level: 2, name: priceList.title })).toBeInViewport();
  });
});
