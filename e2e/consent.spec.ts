import {
  allConsentCategories,
  consentCategories,
  consentConfig,
  consentRevision,
  consentTexts,
  optionalCategories,
} from '@/content/consent';
import { consentVersion } from '../lib/consent';
import { firstElement, parseHtml } from '../scripts/html';
import { maps } from '@/content/site';
import { paths } from '@/content/navigation';
import { serveCutPage } from './cut-page';
import { expect, recordLayoutShifts, test } from './fixtures';
import { controls, fillQuoteForm, openQuotePage } from './quote-form';
import { axeOn } from './page-checks';

const mapHosts = maps.hosts;
const toMaps = (urls: string[]) => urls.filter((url) => mapHosts.includes(new URL(url).hostname));
const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: consentTexts.title });
const DAY = 24 * 60 * 60 * 1000;

test.describe('cookie consent', () => {
  test.use({ storedConsent: null });

  test('first visit: the banner asks, with accept and refuse of equal weight, and nothing loads from the maps provider', async ({
    page,
    externalRequests,
  }) => {
    await page.goto('/contact/');
    const region = banner(page);
    await expect(region).toBeVisible();
    await expect(region).toContainText('Google Maps');
    // The details (the full text, the policy) are in the « Personnaliser » panel, one tap away (e2e/phones.spec.ts).
    await expect(region).toContainText(consentTexts.lead);
    const accept = region.getByRole('button', { name: consentTexts.acceptAll, exact: true });
    const refuse = region.getByRole('button', { name: consentTexts.refuseAll, exact: true });
    await expect(region.getByRole('button', { name: consentTexts.customize })).toBeVisible();
    // Same size, same weight, same colours.
    const look = (button: typeof accept) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          w: Math.round(box.width),
          h: Math.round(box.height),
          weight: style.fontWeight,
          size: style.fontSize,
          bg: style.backgroundColor,
          color: style.color,
        };
      });
    expect(await look(accept)).toEqual(await look(refuse));
    // The placeholder stands in for the map.
    await expect(page.getByRole('button', { name: consentTexts.mapPlaceholder.button })).toBeVisible();
    await expect(page.getByRole('link', { name: consentTexts.mapPlaceholder.link })).toHaveAttribute('href', maps.link);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(toMaps(externalRequests)).toEqual([]);
  });

  test('refusing: the banner is gone after reload, the placeholder stays, no maps request @desktop', async ({
    page,
    externalRequests,
  }) => {
    await page.goto('/contact/');
    await banner(page).getByRole('button', { name: consentTexts.refuseAll, exact: true }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await expect(page.getByRole('button', { name: consentTexts.mapPlaceholder.button })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(toMaps(externalRequests)).toEqual([]);
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      consentConfig.storageKey,
    );
    expect(stored).toMatchObject({ version: consentConfig.version, choices: { maps: false, analytics: false } });
    expect(Math.abs(Date.parse(stored.date) - Date.now())).toBeLessThan(60_000);
  });

  test('closing the banner counts as refusal @desktop', async ({ page, externalRequests }) => {
    await page.goto('/contact/');
    await banner(page).getByRole('button', { name: consentTexts.close }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(toMaps(externalRequests)).toEqual([]);
  });

  test('accepting loads the map; "Gérer les cookies" reopens the choices and a refusal removes it @desktop', async ({
    page,
    externalRequests,
  }) => {
    await page.goto('/contact/');
    await banner(page).getByRole('button', { name: consentTexts.acceptAll, exact: true }).click();
    const map = page.getByTitle(maps.title);
    await expect(map).toBeVisible();
    await expect(map).toHaveAttribute('src', maps.embed);
    await expect.poll(() => toMaps(externalRequests).length).toBeGreaterThan(0);

    await page.getByRole('contentinfo').getByRole('link', { name: consentTexts.manageLink }).click();
    const region = banner(page);
    await expect(region).toBeVisible();
    await expect(region).toBeFocused();
    const mapsCategory = consentCategories.find((category) => category.id === 'maps');
    await expect(region.getByRole('checkbox', { name: mapsCategory?.label })).toBeChecked();
    await region.getByRole('button', { name: consentTexts.refuseAll, exact: true }).click();
    await expect(region).toBeHidden();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: consentTexts.manageLink })).toBeFocused();

    const before = toMaps(externalRequests).length;
    await page.reload();
    await expect(page.getByRole('button', { name: consentTexts.mapPlaceholder.button })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(toMaps(externalRequests).length).toBe(before);
  });

  test('"Personnaliser": necessary always on, the map off by default, saved per category @desktop', async ({
    page,
  }) => {
    await page.goto('/contact/');
    const region = banner(page);
    await region.getByRole('button', { name: consentTexts.customize }).click();
    await expect(region).toContainText(consentTexts.alwaysOn);
    const mapsBox = region.getByRole('checkbox', { name: 'Carte interactive' });
    await expect(mapsBox).not.toBeChecked();
    await mapsBox.check();
    await region.getByRole('button', { name: consentTexts.save }).click();
    await expect(region).toBeHidden();
    await expect(page.getByTitle(maps.title)).toBeVisible();
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      consentConfig.storageKey,
    );
    expect(stored.choices).toEqual({ maps: true, analytics: false });
  });

  test('no audience-measurement tool is set: the banner does not offer the category, "Tout accepter" does not accept it @desktop', async ({
    page,
  }) => {
    // This build has no NEXT_PUBLIC_ANALYTICS_SRC (a unit test covers the build that has one).
    expect(optionalCategories).toEqual(['maps']);
    const analytics = allConsentCategories.find((category) => category.id === 'analytics');
    await page.goto('/contact/');
    const region = banner(page);
    await region.getByRole('button', { name: consentTexts.customize }).click();
    await expect(region.getByRole('checkbox')).toHaveCount(1);
    await expect(region).not.toContainText(analytics?.label ?? 'Mesure d’audience');
    await region.getByRole('button', { name: consentTexts.acceptAll, exact: true }).click();
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? 'null'),
      consentConfig.storageKey,
    );
    expect(stored).toMatchObject({ version: consentConfig.version, choices: { maps: true, analytics: false } });
    // The stored version names the tools that were offered.
    expect(stored.version).toBe(consentVersion(consentRevision, ['maps']));
  });

  // The width changes nothing here (the banner on a phone: the first-visit test, in both projects).
  test('"Tout accepter" stored under an earlier revision, a version from before the map was offered, or one that offered other tools is asked again, and loads nothing @desktop', async ({
    page,
    externalRequests,
  }) => {
    // One page: each stale choice is written in its storage, then the page is loaded again.
    await page.goto('/contact/');
    await expect(banner(page)).toBeVisible();
    for (const [what, version] of [
      ['an earlier revision (the former numeric version)', 1],
      ['a version from before the map was offered', consentVersion(consentRevision, [])],
      ['a version that offered other tools', consentVersion(consentRevision, ['analytics', 'maps', 'video'])],
    ] as const) {
      await page.evaluate(({ key, stored }) => localStorage.setItem(key, JSON.stringify(stored)), {
        key: consentConfig.storageKey,
        stored: { version, date: new Date().toISOString(), choices: { maps: true, analytics: true } },
      });
      await page.reload();
      await expect(banner(page), what).toBeVisible();
      await expect(page.locator('iframe'), what).toHaveCount(0);
      expect(toMaps(externalRequests), what).toEqual([]);
    }
  });

  test('"Afficher la carte" loads the map and records the consent @desktop', async ({ page, externalRequests }) => {
    await page.goto('/contact/');
    expect(toMaps(externalRequests)).toEqual([]);
    await page.getByRole('button', { name: consentTexts.mapPlaceholder.button }).click();
    await expect(page.getByTitle(maps.title)).toBeVisible();
    await expect.poll(() => toMaps(externalRequests).length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByTitle(maps.title)).toBeVisible();
  });

  test('the placeholder and the map take the same room: nothing shifts', async ({ page }) => {
    await page.goto('/contact/');
    const button = page.getByRole('button', { name: consentTexts.mapPlaceholder.button });
    // The box that holds the placeholder, then the map, measured in page coordinates.
    const box = (locator: import('@playwright/test').Locator) =>
      locator.evaluate((el) => {
        let node: HTMLElement | null = el as HTMLElement;
        while (node && !node.className.includes('aspect-')) node = node.parentElement;
        const rect = node!.getBoundingClientRect();
        return { x: rect.x, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
      });
    const before = await box(button);
    await button.click();
    const after = await box(page.getByTitle(maps.title));
    expect(after).toEqual(before);
    expect(before.height).toBeGreaterThan(200);
  });

  test('on a slow network, a half-received banner is not drawn, so it does not grow on screen (no layout shift)', async ({
    page,
    baseURL,
  }) => {
    // A phone network delivers the HTML in pieces: the page cut inside the banner's markup, then the rest
    // only when the test says so.
    const path = '/mentions-legales/';
    const html = await (await fetch(new URL(path, baseURL))).text();
    const bannerMarkup = firstElement(parseHtml(html), (element) => 'data-consent-banner' in element.attribs);
    const cut = (bannerMarkup && firstElement(bannerMarkup, (element) => element.name === 'p')?.startIndex) ?? -1;
    expect(cut).toBeGreaterThan(0);
    const slow = await serveCutPage(page, baseURL ?? '', path, html, cut);
    try {
      const layoutShifts = await recordLayoutShifts(page);
      const loaded = page.goto(slow.url);
      const region = page.locator('[data-consent-banner]');
      await region.waitFor({ state: 'attached' });
      // The start of the banner is in the page, and the page has been drawn: the banner is not.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(region).toBeHidden();
      slow.release();
      await loaded;
      await expect(banner(page)).toBeVisible();
      await expect(banner(page).getByRole('button', { name: consentTexts.acceptAll, exact: true })).toBeVisible();
      expect(await layoutShifts()).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  test(`a choice older than ${consentConfig.durationLabel} is asked again @desktop`, async ({ page }) => {
    await page.clock.install({ time: new Date('2026-01-10T10:00:00Z') });
    await page.goto('/');
    await banner(page).getByRole('button', { name: consentTexts.acceptAll, exact: true }).click();
    await page.clock.setSystemTime(
      new Date(Date.parse('2026-01-10T10:00:00Z') + (consentConfig.durationDays - 1) * DAY),
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.clock.setSystemTime(
      new Date(Date.parse('2026-01-10T10:00:00Z') + (consentConfig.durationDays + 1) * DAY),
    );
    await page.reload();
    await expect(banner(page)).toBeVisible();
    expect(consentConfig.durationDays).toBeGreaterThanOrEqual(180);
    expect(consentConfig.durationDays).toBeLessThanOrEqual(186);
  });

  test('keyboard: the banner is reachable right after the skip link, and the page stays usable behind it', async ({
    page,
  }) => {
    await page.goto(paths.contact);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: consentTexts.close })).toBeFocused();
    // Not modal: past the banner's own controls, the next stop is the header's first link, and it works.
    const stops = await banner(page).locator('a[href], button, input').count();
    for (let stop = 1; stop <= stops; stop += 1) await page.keyboard.press('Tab');
    const focused = page.getByRole('banner').locator(':focus');
    await expect(focused).toHaveAttribute('href', paths.home);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${paths.home}$`));
    await expect(banner(page)).toBeVisible();
  });

  test('the banner never covers the end of the page nor the quote form', async ({ page }) => {
    // From the moment the page becomes interactive (measured in that very task, before the browser draws
    // again), a visitor already at the end of the page sees its last link above the banner.
    await page.addInitScript((linkName) => {
      new MutationObserver((_, observer) => {
        observer.disconnect();
        window.scrollTo(0, document.documentElement.scrollHeight);
        const bannerTop = document.querySelector('[data-consent-banner]')?.getBoundingClientRect().top;
        const link = [...document.querySelectorAll('footer a')].find((a) => a.textContent?.trim() === linkName);
        const linkBottom = link?.getBoundingClientRect().bottom;
        Object.assign(window, {
          endClearOnceInteractive: bannerTop !== undefined && linkBottom !== undefined && linkBottom <= bannerTop,
        });
      }).observe(document, { subtree: true, attributeFilter: ['data-hydrated'] });
    }, consentTexts.manageLink);
    await page.goto('/devis/');
    await expect(banner(page)).toBeVisible();
    expect(await page.evaluate(() => 'endClearOnceInteractive' in window && window.endClearOnceInteractive)).toBe(true);
    // And later: the last element of the page can be scrolled above the banner.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bannerBox = await banner(page).boundingBox();
    const lastLink = page.getByRole('contentinfo').getByRole('link', { name: consentTexts.manageLink });
    const linkBox = await lastLink.boundingBox();
    expect(bannerBox && linkBox && linkBox.y + linkBox.height <= bannerBox.y).toBe(true);
    // The quote form can be filled and sent with the banner still open: it never covers the submit button.
    await openQuotePage(page);
    await fillQuoteForm(page, false);
    const form = controls(page);
    await form.submit.click();
    await expect(form.sending).toBeVisible();
    await expect(banner(page)).toBeVisible();
  });

  // Not in the first-visit test: two axe runs take most of a test's time limit on a loaded machine.
  test('accessibility of the banner, its settings and the map placeholder', async ({ page }) => {
    await page.goto('/contact/');
    await expect(banner(page)).toBeVisible();
    const first = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(first.violations).toEqual([]);
    await banner(page).getByRole('button', { name: consentTexts.customize }).click();
    const second = await axeOn(page).analyze();
    expect(second.violations).toEqual([]);
  });
});
