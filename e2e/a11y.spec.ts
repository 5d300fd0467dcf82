import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { routes } from '../content/navigation';
import { expect, test } from './fixtures';

/** axe-core (WCAG 2.0/2.1 A and AA, plus best practices): zero violations of any impact. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test.describe('accessibility (axe)', () => {
  for (const route of [...routes, '/page-inexistante/']) {
    test(`${route} has no axe violation`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('the open mobile menu has no axe violation @mobile', async ({ page }) => {
    await page.goto('/services/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toBeVisible();
    await expectNoViolations(page);
  });
});

/** The elements a keyboard user should reach, in document order. */
function tabbables(page: Page) {
  return page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[hidden], [inert]'))
      .map((el) => el.outerHTML.slice(0, 80));
  });
}

test.describe('keyboard', () => {
  for (const route of ['/', '/services/', '/contact/', '/devis/', '/mentions-legales/']) {
    test(`${route}: Tab reaches every interactive element in order, each with a visible focus ring`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const expected = await tabbables(page);
      const reached: string[] = [];
      for (let i = 0; i < expected.length + 1; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
          return { html: el.outerHTML.slice(0, 80), ring };
        });
        if (!focused) break;
        if (reached.includes(focused.html) && focused.html === reached[0]) break;
        expect(focused.ring, `focus ring on ${focused.html}`).toBe(true);
        reached.push(focused.html);
      }
      // The skip link (visible only on focus) comes first, then everything else in document order.
      expect(reached[0]).toContain('Aller au contenu principal');
      expect(reached.slice(0, expected.length)).toEqual(expected);
    });
  }
});
