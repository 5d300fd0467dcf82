import { paths } from '@/content/navigation';
import { priceList } from '@/content/pricing';
import { expect, test } from './fixtures';

test.describe('price list', () => {
  // The price list on /services/ is read by e2e/services.spec.ts, in its one visit of the page.

  test('the CGV link to the price list lands on it', async ({ page }) => {
    await page.goto(paths.terms);
    await page.getByRole('main').getByRole('link', { name: 'Nos services', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.services}#tarifs$`));
    await expect(page.getByRole('heading', { level: 2, name: priceList.title })).toBeInViewport();
  });
});
