import { legalUi } from '../content/legal/ui';
import { routes } from '../content/navigation';
import { expect, test } from './fixtures';

// Every link to another site opens a new tab, says so to screen readers, and gives it no opener.
test.describe('links to other sites @desktop', () => {
  for (const route of routes) {
    test(`${route}`, async ({ page }) => {
      await page.goto(route);
      for (const link of await page.locator('a[href^="http"]').all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(link).toHaveAccessibleName(new RegExp(`${legalUi.newWindow.trim().replace(/[()]/g, '\\$&')}$`));
      }
    });
  }
});
