import type { Page } from '@playwright/test';
import { legalPages } from '@/content/legal/pages';
import type { LegalPageContent } from '@/content/legal/types';
import { paths, routes } from '@/content/navigation';
import { notFound } from '@/content/not-found';
import { tableOfContents, tocMinSections } from '@/content/quick-actions';
import {
  actionBarOf,
  expectBarInReach,
  expectNoHorizontalOverflow,
  expectNoViolations,
  typographyProblems,
  watchConsole,
  watchFrameworkScripts,
} from './page-checks';
import { expect, test } from './fixtures';

/** The legal pages long enough for a table of contents (issue 21), by route. */
const withTableOfContents = new Map<string, LegalPageContent>(
  legalPages.filter((content) => content.sections.length >= tocMinSections).map((content) => [content.path, content]),
);

/** A long legal page's table of contents is shown, every entry (links and targets: unit/out/phones.test.ts). */
async function expectTableOfContentsShown(page: Page, route: string, where: string) {
  const content = withTableOfContents.get(route);
  if (!content) return;
  await expect(
    page.getByRole('navigation', { name: tableOfContents.title, exact: true }).getByRole('link'),
    where,
  ).toHaveText(content.sections.map((section, index) => `${index + 1}. ${section.title}`));
}

test.describe('every route', () => {
  for (const route of routes) {
    // Each page is opened once, for everything a visitor would notice of its frame (axe included); each
    // check is a step, so that a failure names the one that broke.
    test(`${route}: its frame, in one visit`, async ({ page, isMobile }) => {
      const messages = watchConsole(page);
      const scriptsAfterFirstPaint = watchFrameworkScripts(page);
      await test.step('answers 200, in French, with one h1, a header, a main and a footer', async () => {
        const response = await page.goto(route);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
      });
      // Once, on the wide screen: the order in which the browser asks for the files is the same at any width.
      if (!isMobile)
        await test.step('the framework’s scripts requested after the first contentful paint, once each, and the page hydrates', async () => {
          await scriptsAfterFirstPaint();
        });
      await test.step('nothing overflows horizontally', async () => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
      await test.step('a long legal page shows its table of contents', async () => {
        await expectTableOfContentsShown(page, route, route);
      });
      await test.step('no axe violation', async () => {
        await expectNoViolations(page);
      });
      await test.step('French typography', async () => {
        expect(await typographyProblems(page), 'French typography').toEqual([]);
      });
      await test.step('a quiet console', async () => {
        expect(messages, 'no console error or warning').toEqual([]);
      });
      if (isMobile) {
        // Issue 21 on every page: this project's phone (375 × 740), then the smallest common phone and a
        // current one (the page resized in place; e2e/phones.spec.ts loads home, services, contact and the
        // CGV, the longest page, at those sizes).
        for (const size of [null, { width: 360, height: 640 }, { width: 390, height: 844 }]) {
          if (size) await page.setViewportSize(size);
          const where = `${route} at ${page.viewportSize()!.width} × ${page.viewportSize()!.height}`;
          await test.step(`${where}: the call and quote bar in reach (none on the form), nothing overflows, the table of contents shown`, async () => {
            // On the quote form, the form and its phone are the page: no bar.
            if (route === paths.quote) await expect(actionBarOf(page), where).toBeHidden();
            else await expectBarInReach(page, where);
            await expectNoHorizontalOverflow(page, where);
            await expectTableOfContentsShown(page, route, where);
          });
        }
        await test.step('a quiet console after the resizes', async () => {
          expect(messages, 'no console error or warning').toEqual([]);
        });
      }
    });
  }

  test('a path without trailing slash reaches the page', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveURL(/\/services\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown address shows the French 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: notFound.title })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('main').getByRole('link', { name: notFound.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
