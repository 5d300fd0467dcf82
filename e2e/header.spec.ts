import { mainNav, paths, quoteLink } from '@/content/navigation';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { elementsByTag, firstElement, parseHtml } from '../scripts/html';
import { serveCutPage } from './cut-page';
import { expect, recordLayoutShifts, test } from './fixtures';

test.describe('header', () => {
  test('the skip link is the first tab stop and moves to the main content; the header stays at the top while scrolling and its logo links home', async ({
    page,
  }) => {
    await page.goto('/a-propos/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    const header = page.getByRole('banner');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    await expect(header).toBeInViewport();
    await header
      .getByRole('link', { name: /accueil/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/$/);
  });

  // Each page marks its own link in the exported HTML too: unit/out/header-footer.test.ts.
  test('phone link; every page reached from the header links, each marked as the current page; "Devis Gratuit" leads to the quote @desktop', async ({
    page,
  }) => {
    await page.goto('/contact/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    expect(telHref(site.phone)).toMatch(/^tel:\+33\d{9}$/);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    for (const item of mainNav) {
      await nav.getByRole('link', { name: item.label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${item.href.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }
    await header.getByRole('link', { name: quoteLink.label }).click();
    await expect(page).toHaveURL(/\/devis\/$/);
  });

  // A page arrives in pieces (a slow network, or a busy device whose parser yields mid-page), and the browser
  // draws what it has. Drawn with half its markup, the header grew once the rest came, and its navigation
  // moved sideways (the layout shift e2e/home.spec.ts saw on a loaded machine): until the header's last
  // element has arrived, only its logo is drawn (app/globals.css).
  test('a header cut in its markup shows only its logo until the rest arrives: nothing moves @desktop', async ({
    page,
    baseURL,
  }) => {
    const path = paths.home;
    const html = await (await fetch(new URL(path, baseURL))).text();
    // Cut after the icon of the header's call link, before its number and the quote button.
    const header = firstElement(parseHtml(html), (element) => element.name === 'header');
    const call = header && firstElement(header, (element) => element.attribs.href?.startsWith('tel:') ?? false);
    const cut = (call && elementsByTag(call, 'svg')[0]?.endIndex) ?? -1;
    expect(cut).toBeGreaterThan(0);
    const slow = await serveCutPage(page, baseURL ?? '', path, html, cut + 1);
    try {
      const layoutShifts = await recordLayoutShifts(page);
      const loaded = page.goto(slow.url);
      const banner = page.getByRole('banner');
      await page.locator('header a[href^="tel:"]').first().waitFor({ state: 'attached' });
      // The start of the header is in the page, and the page has been drawn: its logo, nothing else.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(banner.getByRole('link', { name: /accueil/i })).toBeVisible();
      await expect(banner.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
      slow.release();
      await loaded;
      await expect(banner.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
      await expect(banner.getByRole('link', { name: quoteLink.label })).toBeVisible();
      expect(await layoutShifts()).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
