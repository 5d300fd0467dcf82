import type { Locator, Page } from '@playwright/test';
import { consentConfig } from '@/content/consent';
import { cgv } from '@/content/legal/cgv';
import { mentionsLegales } from '@/content/legal/mentions-legales';
import { politiqueDeConfidentialite } from '@/content/legal/politique-de-confidentialite';
import { cookieInformationLinks, politiqueDeCookies } from '@/content/legal/politique-de-cookies';
import type { LegalPageContent } from '@/content/legal/types';
import { legalPages } from '@/content/legal/pages';
import { legalUi } from '@/content/legal-ui';
import { formatFrenchDay } from '../lib/format';
import { clickWhenSettled, expect, recordLayoutShifts, test } from './fixtures';

/**
 * What a browser shows and does on the legal pages: sections drawn in place while scrolling, links that
 * lead where they say, what the site stores. Their wording, section by section, is read from the built
 * HTML by unit/out/legal-pages.test.ts.
 */

/** The date line a page shows, its last: the text's own date (the CGV: the day their version applies from). */
const dateLine = (content: LegalPageContent) =>
  `${content.updatedLabel ?? legalUi.lastUpdated} ${formatFrenchDay(content.updated)}`;

function sectionOf(page: Page, content: LegalPageContent, id: string): Locator {
  const index = content.sections.findIndex((section) => section.id === id);
  if (index < 0) throw new Error(`No section ${id} in ${content.path}`);
  return page
    .getByRole('main')
    .getByRole('region', { name: `${index + 1}. ${content.sections[index]?.title}`, exact: true });
}

for (const content of legalPages) {
  test.describe(`${content.title} (${content.path})`, () => {
    test('draws each section in place while the visitor scrolls to the end: nothing shifts', async ({ page }) => {
      // Sections far from the screen are laid out only when the visitor nears them (render-when-visible in
      // globals.css), at an estimated height until then: the real one must never move what is on screen.
      const layoutShifts = await recordLayoutShifts(page);
      await page.goto(content.path);
      for (const heading of await page.getByRole('main').getByRole('heading', { level: 2 }).all()) {
        await heading.scrollIntoViewIfNeeded();
        await expect(heading).toBeInViewport();
      }
      const dateText = page.getByRole('main').getByText(dateLine(content), { exact: true });
      await dateText.scrollIntoViewIfNeeded();
      await expect(dateText).toBeInViewport();
      expect(await layoutShifts()).toEqual([]);
    });
  });
}

test('the mentions légales link to the mediation terms opens the CGV at that section', async ({ page }) => {
  // Every screen width: the sections above it are only estimated in height until drawn (globals.css).
  await page.goto(mentionsLegales.path);
  await clickWhenSettled(
    sectionOf(page, mentionsLegales, 'droit-applicable').getByRole('link', {
      name: 'conditions générales de vente',
      exact: true,
    }),
  );
  await expect(page).toHaveURL(/\/cgv\/#mediation$/);
  const heading = sectionOf(page, cgv, 'mediation').getByRole('heading', { level: 2 });
  await expect(heading).toBeInViewport();
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(200);
});

// Following links and storage do not depend on the screen width: checked once, on the desktop project, in one
// walk through the pages (each step opened its page on its own before).
test('the mentions légales lead to the privacy policy, which leads to the cookie policy; it tells the truth (one item in local storage, no cookie before any choice) and opens the second cookie-information site in a new tab @desktop', async ({
  page,
}) => {
  await page.goto(mentionsLegales.path);
  await sectionOf(page, mentionsLegales, 'donnees-personnelles')
    .getByRole('link', { name: 'politique de confidentialité', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(politiqueDeConfidentialite.title);

  await sectionOf(page, politiqueDeConfidentialite, 'cookies')
    .getByRole('link', { name: 'politique de cookies', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(politiqueDeCookies.title);

  // The cookie policy tells the truth: one item in local storage and no cookie before any choice.
  await expect(sectionOf(page, politiqueDeCookies, 'cookies-utilises')).toContainText(consentConfig.storageKey);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([consentConfig.storageKey]);
  expect(await page.context().cookies()).toEqual([]);

  // It opens the second cookie-information site in a new tab.
  const other = sectionOf(page, politiqueDeCookies, 'plus-d-informations').getByRole('link', {
    name: `${cookieInformationLinks.other.label}${legalUi.newWindow}`,
    exact: true,
  });
  const popupPromise = page.waitForEvent('popup');
  await other.click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(cookieInformationLinks.other.href);
  await expect(page).toHaveURL(new RegExp(`${politiqueDeCookies.path}$`));
});

test('the CGV cancellation terms lead to the withdrawal section, and the privacy section to the policy @desktop', async ({
  page,
}) => {
  await page.goto(cgv.path);
  await sectionOf(page, cgv, 'annulation').getByRole('link', { name: 'Droit de rétractation', exact: true }).click();
  await expect(page).toHaveURL(/#retractation$/);
  await expect(sectionOf(page, cgv, 'retractation').getByRole('heading', { level: 2 })).toBeInViewport();
  await sectionOf(page, cgv, 'protection-des-donnees')
    .getByRole('link', { name: 'politique de confidentialité', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(politiqueDeConfidentialite.title);
});
