import type { Page } from '@playwright/test';
import { routes } from '../content/navigation';
import { expect, test } from './fixtures';

/**
 * French typography on every rendered page: a narrow no-break space (U+202F) before ; ! ? and inside
 * « », a no-break space (U+00A0 or U+202F) before : and between a number and its unit.
 */
const RULES: [string, RegExp][] = [
  ['plain space before ; ! ? or »', / [;!?»]/g],
  ['plain space after «', /« /g],
  ['plain space before :', / :/g],
  ['no space before ; ! ?', /[\p{L}\d»)][;!?](?=\s|$)/gu],
  ['no space inside « »', /«[^\s\u00a0\u202f]|[^\s\u00a0\u202f]»/g],
  ['plain space between a number and its unit', /\d (?:€|%|Mo|km|h|ans?|mois|jours?)(?![\p{L}\d])/gu],
];

async function typographyProblems(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return RULES.flatMap(([rule, pattern]) =>
    [...text.matchAll(pattern)].map(
      (match) => `${rule}: «${text.slice(Math.max(0, match.index - 30), match.index + 10)}»`,
    ),
  );
}

test.describe('French typography @desktop', () => {
  for (const route of routes) {
    test(`${route}`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await typographyProblems(page)).toEqual([]);
    });
  }

  test.describe('with the consent banner open', () => {
    test.use({ storedConsent: null });
    test('the banner and its settings', async ({ page }) => {
      await page.goto('/contact/');
      await page.getByRole('button', { name: 'Personnaliser' }).click();
      expect(await typographyProblems(page)).toEqual([]);
    });
  });
});
