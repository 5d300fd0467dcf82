import type { Locator, Page } from '@playwright/test';
import { consentTexts } from '@/content/consent';
import { cgv } from '@/content/legal/cgv';
import { contact } from '@/content/contact';
import { home } from '@/content/home';
import { paths, quoteLink } from '@/content/navigation';
import { exclTax, inclTax } from '@/content/pricing';
import { quote } from '@/content/quote';
import { serviceParam, tableOfContents } from '@/content/quick-actions';
import { services, type Service } from '@/content/services';
import { servicesPage } from '@/content/services-page';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect, recordLayoutShifts, test } from './fixtures';
import {
  actionBarOf as bar,
  barCallLink as callLink,
  barQuoteLink as quoteBarLink,
  expectBarInReach,
  expectNoHorizontalOverflow,
  scrollHalfway,
  tappable,
} from './page-checks';
import { controls, fieldLabels, fillAllButService, openQuotePage } from './quote-form';

/**
 * Phones first (issue 21): the call and quote bar, the cookie banner's size, the service buttons that carry
 * the choice to the form, the legal pages' table of contents and the smaller fixes, each at the smallest
 * common phone (360 × 640), a current one (390 × 844) and a desktop (1280 × 800). Each block sets its own
 * screen, so the file runs once, in the desktop project (tag @desktop).
 *
 * Each test opens one page and checks everything issue 21 asks of it at that screen size. What the HTML
 * alone tells (the bar's links on every page, each home card's link, the table of contents' entries and
 * targets, the order of the TTC and HT prices) is checked once in unit/out/phones.test.ts; the bar in
 * reach and nothing overflowing on every page at 375, 360 and 390 px, in e2e/routes.spec.ts (mobile).
 */
const phones = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
] as const;
const desktop = { width: 1280, height: 800 } as const;
const screens = [...phones, desktop] as const;

const phoneUse = (viewport: { width: number; height: number }) => ({ viewport, isMobile: true, hasTouch: true });
const isPhone = (viewport: { width: number }) => viewport.width < 768;

const banner = (page: Page) => page.getByRole('region', { name: consentTexts.title });
const footerLastLine = (page: Page) =>
  page.getByRole('contentinfo').getByRole('link', { name: consentTexts.manageLink });

async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** The top of what is fixed at the bottom of the screen (the bar, the banner), or the viewport's bottom. */
async function coveredFrom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const tops = [...document.querySelectorAll('[data-action-bar], [data-consent-banner]')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.height > 0)
      .map((box) => box.top);
    return Math.min(window.innerHeight, ...tops);
  });
}

async function expectAboveFixedBottom(page: Page, target: Locator) {
  await scrollToEnd(page);
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(await coveredFrom(page));
  expect(await tappable(target)).toBe(true);
}

/** Consumer prices: the TTC price first and large, the HT price beside it, smaller (same component on both routes). */
async function expectConsumerPrices(page: Page, route: string) {
  for (const service of services) {
    const ttc = inclTax(service.priceFrom);
    const ht = exclTax(service.priceFrom);
    const price = page
      .getByRole('main')
      .locator('p')
      .filter({ hasText: `${servicesPage.priceLabel} ${ttc}` })
      .first();
    const text = (await price.textContent()) ?? '';
    expect(text.indexOf(ttc), route).toBeGreaterThan(0);
    expect(text.indexOf(ht), route).toBeGreaterThan(text.indexOf(ttc));
    const size = (part: string) =>
      price
        .locator('*', { hasText: part })
        .last()
        .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(await size(ttc), route).toBeGreaterThan(await size(ht));
  }
}

/** The footer e-mail breaks, if at all, only after its @. */
async function expectEmailBreaksAfterAt(page: Page) {
  const email = page.getByRole('contentinfo').getByRole('link', { name: site.email });
  await expect(email).toHaveText(site.email);
  const lines = await email.evaluate((element) => {
    // The text's characters, grouped by the line they are drawn on.
    const range = document.createRange();
    const rows = new Map<number, string>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? '') + node.textContent![i]);
      }
    }
    return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  });
  expect(lines.join('')).toBe(site.email);
  if (lines.length > 1)
    expect(lines).toEqual([
      site.email.slice(0, site.email.indexOf('@') + 1),
      site.email.slice(site.email.indexOf('@') + 1),
    ]);
}

/** A home card's « Demander un devis », clicked: the form opens with its service chosen, nothing else. */
async function expectCardOpensForm(page: Page, service: Service) {
  const card = page
    .getByRole('region', { name: home.servicesIntro.title })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: service.shortTitle }) });
  await card.getByRole('link', { name: `${servicesPage.quoteButton} (${service.shortTitle})` }).click();
  await expect(page).toHaveURL(`${paths.quote}?${serviceParam}=${service.id}`);
  await expect(controls(page).serviceType).toHaveValue(service.id);
  await expect(controls(page).location).toHaveValue('');
}

/** On the quote form, once live: its promise and the phone in reach before the form. */
async function expectPromiseAndPhoneFirst(page: Page, phone: boolean) {
  const firstField = await controls(page).firstName.boundingBox();
  const form = page.getByRole('region', { name: quote.form.title });
  const promises = phone
    ? form.getByRole('list').filter({ hasText: quote.promise.items[0]!.title })
    : page.getByRole('region', { name: quote.promise.title });
  const call = phone
    ? form.getByRole('link', { name: site.phone })
    : page.getByRole('region', { name: quote.phone.title }).getByRole('link', { name: site.phone });
  await expect(promises).toBeVisible();
  await expect(promises).toContainText(quote.promise.items[0]!.title);
  await expect(call).toHaveAttribute('href', telHref(site.phone));
  if (phone) {
    expect((await promises.boundingBox())!.y).toBeLessThan(firstField!.y);
    expect((await call.boundingBox())!.y).toBeLessThan(firstField!.y);
    expect((await call.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  } else {
    await expect(form.getByRole('list').filter({ hasText: quote.promise.items[0]!.title })).toBeHidden();
  }
}

/** The service left empty, the page scrolled to its end: the browser brings the field back below the header. */
async function expectEmptyRequiredFieldShown(page: Page) {
  const form = controls(page);
  await fillAllButService(page);
  await scrollToEnd(page);
  await form.submit.click();
  await expect(form.serviceType).toBeFocused();
  const label = page.locator('label', { hasText: fieldLabels.serviceType }).first();
  const headerBox = await page.getByRole('banner').boundingBox();
  await expect
    .poll(async () => (await label.boundingBox())!.y)
    .toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
  await expect(form.sending).toHaveCount(0);
}

test.describe('issue 21, page by page @desktop', () => {
  for (const [screenIndex, viewport] of screens.entries()) {
    const phone = isPhone(viewport);
    test.describe(`${viewport.width} × ${viewport.height}`, () => {
      test.use(phone ? phoneUse(viewport) : { viewport });

      // One visit per page and size; each check is a step, so that a failure names the one that broke.
      test('home', async ({ page }) => {
        const layoutShifts = phone ? await recordLayoutShifts(page) : null;
        await page.goto(paths.home);
        if (layoutShifts) {
          await test.step('the bar is drawn with the page (no layout shift) and in reach halfway down', async () => {
            await expect(bar(page)).toBeVisible();
            expect(await layoutShifts()).toEqual([]);
            await expectBarInReach(page, paths.home);
          });
        } else {
          await test.step('no bar on a wide screen: the header carries the phone and the quote', async () => {
            await scrollHalfway(page);
            await expect(bar(page)).toBeHidden();
            const header = page.getByRole('banner');
            await expect(header.getByRole('link', { name: site.phone })).toBeInViewport();
            await expect(header.getByRole('link', { name: quoteLink.label })).toBeInViewport();
            const padding = await page.evaluate(() => getComputedStyle(document.body).paddingBottom);
            expect(padding).toBe('0px');
          });
        }
        await test.step('TTC prices first and larger', () => expectConsumerPrices(page, paths.home));
        await test.step('the e-mail breaks only after its @', () => expectEmailBreaksAfterAt(page));
        await test.step('nothing overflows', () => expectNoHorizontalOverflow(page));
        if (phone) {
          await test.step('the footer’s last line above the bar', () =>
            expectAboveFixedBottom(page, footerLastLine(page)));
        }
        // One card per screen size, a different one each (their links are checked in unit/out/phones.test.ts).
        const service = services[screenIndex % services.length]!;
        await test.step(`the card « ${service.shortTitle} » opens the form with its service chosen`, () =>
          expectCardOpensForm(page, service));
      });

      test('CGV, the longest page (a legal one)', async ({ page }) => {
        await page.goto(cgv.path);
        if (phone) await test.step('the bar in reach halfway down', () => expectBarInReach(page, cgv.path));
        const toc = page.getByRole('navigation', { name: tableOfContents.title, exact: true });
        await test.step('the table of contents shown, every entry', async () => {
          // Their targets are checked in unit/out/phones.test.ts.
          await expect(toc.getByRole('link')).toHaveText(
            cgv.sections.map((section, index) => `${index + 1}. ${section.title}`),
          );
        });
        await test.step('the text has the width back, boxed sections included', async () => {
          // A paragraph of the text, and one inside a framed box (the legal guarantees).
          const paragraph = page.getByRole('main').locator('section[id] > div > p').first();
          const boxed = page.getByRole('main').locator('section[id] div.border-dashed p').first();
          // On phones the text runs edge to edge but for the page's margins (it had 280 px of 360, and 236 in a box).
          for (const [target, margins] of [
            [paragraph, 40],
            [boxed, 72],
          ] as const) {
            await target.scrollIntoViewIfNeeded();
            const width = (await target.boundingBox())!.width;
            if (phone) expect(width).toBeGreaterThanOrEqual(viewport.width - margins);
            else expect(width).toBeGreaterThanOrEqual(600);
          }
        });
        await test.step('the last entry leads to its section, its heading below the sticky header', async () => {
          const last = cgv.sections.at(-1)!;
          await toc.getByRole('link', { name: `${cgv.sections.length}. ${last.title}`, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
          const heading = page.locator(`[id="${last.id}"]`).getByRole('heading', { level: 2 });
          await expect(heading).toBeInViewport();
          const headerBox = await page.getByRole('banner').boundingBox();
          await expect
            .poll(async () => (await heading.boundingBox())!.y)
            .toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
        });
        await test.step('nothing overflows', () => expectNoHorizontalOverflow(page));
        if (phone) {
          await test.step('the footer’s last line above the bar', () =>
            expectAboveFixedBottom(page, footerLastLine(page)));
        }
      });

      test('services', async ({ page }) => {
        await page.goto(paths.services);
        if (phone) {
          await test.step('the open mobile menu hides the bar; its links are easy to tap', async () => {
            await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
            const menu = page.getByRole('navigation', { name: 'Navigation mobile' });
            await expect(menu).toBeVisible();
            await expect(bar(page)).toBeHidden();
            for (const link of await menu.getByRole('link').all()) expect(await tappable(link)).toBe(true);
            await page.getByRole('button', { name: 'Fermer le menu' }).click();
          });
          await test.step('the bar back, in reach halfway down', async () => {
            await expect(bar(page)).toBeVisible();
            await expectBarInReach(page, paths.services);
          });
        }
        await test.step('the service buttons are the primary style and 44 px high at least', async () => {
          const primary = await page
            .getByRole('main')
            .getByRole('link', { name: servicesPage.custom.button })
            .evaluate((element) => getComputedStyle(element).backgroundColor);
          for (const service of services) {
            const button = page
              .getByRole('main')
              .getByRole('link', { name: `${servicesPage.quoteButton} : ${service.shortTitle}` });
            expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(primary);
            expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          }
        });
        // Their links (each to the form with its service) are checked in unit/out/phones.test.ts; the form
        // choosing the service of such a link, by the home page's test of each screen size.
        await test.step('TTC prices first and larger', () => expectConsumerPrices(page, paths.services));
        await test.step('nothing overflows', () => expectNoHorizontalOverflow(page));
      });

      test('contact, then the quote form', async ({ page }) => {
        await page.goto(paths.contact);
        await test.step('contact: the phone is a button', async () => {
          const phoneButton = page
            .getByRole('region', { name: contact.coordinates.title })
            .getByRole('link', { name: site.phone });
          expect((await phoneButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          expect(await phoneButton.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
            'rgba(0, 0, 0, 0)',
          );
        });
        await test.step('contact: the map and the hours come before the legal information', async () => {
          const top = async (locator: Locator) => (await locator.boundingBox())!.y;
          const legal = await top(page.getByRole('region', { name: contact.legal.title }));
          expect(await top(page.getByRole('region', { name: contact.hours.title }))).toBeLessThan(legal);
          expect(await top(page.getByRole('heading', { level: 2, name: contact.map.title }))).toBeLessThan(legal);
        });
        await test.step('contact: nothing overflows', () => expectNoHorizontalOverflow(page));
        if (phone) {
          await test.step('contact: the bar in reach, the footer’s last line above it', async () => {
            await expectBarInReach(page, paths.contact);
            await expectAboveFixedBottom(page, footerLastLine(page));
          });
          await test.step('the bar’s quote link is the primary button and leads to the form', async () => {
            // The style of the contact page's own quote button, the primary one.
            const primary = page.getByRole('main').getByRole('link', { name: contact.cta.button });
            const style = (link: Locator) => link.evaluate((element) => getComputedStyle(element).backgroundColor);
            expect(await style(quoteBarLink(page))).toBe(await style(primary));
            await quoteBarLink(page).click();
            await expect(page).toHaveURL(new RegExp(`${paths.quote}$`));
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(quote.intro.title);
            await expect(controls(page).submit).toBeEnabled();
          });
          await test.step('on the form, the bar gives way to the form’s own button, in reach at its end', async () => {
            await expect(bar(page)).toBeHidden();
            const submit = controls(page).submit;
            await submit.scrollIntoViewIfNeeded();
            expect(await tappable(submit)).toBe(true);
            await expectNoHorizontalOverflow(page);
          });
        } else {
          await openQuotePage(page);
        }
        await test.step('the form: its promise and the phone before it', () => expectPromiseAndPhoneFirst(page, phone));
        await test.step('the form: an empty required field the browser points at shows with its label below the sticky header', () =>
          expectEmptyRequiredFieldShown(page));
      });
    });
  }
});

test.describe('the cookie banner leaves the page usable @desktop', () => {
  test.use({ storedConsent: null });

  for (const viewport of screens) {
    const phone = isPhone(viewport);
    test.describe(`${viewport.width} × ${viewport.height}`, () => {
      test.use(phone ? phoneUse(viewport) : { viewport });

      test('its size, what stays in reach, its details', async ({ page }) => {
        // What the page behind could change (something of its own drawn over the bar, the banner or the
        // header) is the same at every width: the three pages at the narrowest screen, the contact page at
        // the others (the banner and the bar are the same fixed elements on every page).
        for (const route of viewport === phones[0] ? [paths.home, paths.services, paths.contact] : [paths.contact]) {
          await page.goto(route);
          await expect(banner(page)).toBeVisible();
          const box = await banner(page).boundingBox();
          await test.step(`${route}: at most a fifth of the screen, its three buttons on one row, 44 px high at least`, async () => {
            expect(box!.height, route).toBeLessThanOrEqual(viewport.height / 5);
            const buttons = banner(page).getByRole('button', { name: /^Tout|Personnaliser/ });
            const rows = new Set<number>();
            for (const button of await buttons.all()) {
              const b = await button.boundingBox();
              expect(b!.height).toBeGreaterThanOrEqual(44);
              rows.add(Math.round(b!.y));
            }
            expect(rows.size).toBe(1);
          });
          await test.step(`${route}: a call and a quote stay in reach while it is up`, async () => {
            if (phone) {
              await expect(bar(page)).toBeInViewport({ ratio: 1 });
              expect(await tappable(callLink(page))).toBe(true);
              expect(await tappable(quoteBarLink(page))).toBe(true);
              // The banner sits right above the bar.
              const barBox = await bar(page).boundingBox();
              expect(Math.round(box!.y + box!.height)).toBe(Math.round(barBox!.y));
            } else {
              const header = page.getByRole('banner');
              expect(await tappable(header.getByRole('link', { name: site.phone }))).toBe(true);
              expect(await tappable(header.getByRole('link', { name: quoteLink.label }))).toBe(true);
            }
          });
          await test.step(`${route}: nothing overflows`, () => expectNoHorizontalOverflow(page, route));
        }
        // Still on the contact page.
        await test.step('the details are one tap away', async () => {
          await banner(page).getByRole('button', { name: consentTexts.customize }).click();
          await expect(banner(page).getByRole('link', { name: consentTexts.policyLink })).toHaveAttribute(
            'href',
            paths.cookies,
          );
          await expect(banner(page).getByRole('checkbox').first()).toBeVisible();
        });
        await test.step('the end of the page stays above the banner', () =>
          expectAboveFixedBottom(page, footerLastLine(page)));
      });
    });
  }
});

test.describe('the service carried to the form @desktop', () => {
  test('an unknown value chooses nothing, nor does an option that is not a service', async ({ page }) => {
    for (const value of ['chauffage', 'autre', '']) {
      await page.goto(`${paths.quote}?${serviceParam}=${encodeURIComponent(value)}`);
      await expect(controls(page).submit).toBeEnabled();
      await expect(controls(page).serviceType).toHaveValue('');
    }
  });

  test('after the success screen the form comes back empty, the carried service included', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${paths.quote}?${serviceParam}=${services[0].id}`);
    const form = controls(page);
    await expect(form.serviceType).toHaveValue(services[0].id);
    await fillAllButService(page);
    await form.submit.click();
    await page.clock.runFor(1_000);
    await expect(form.successTitle).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(form.serviceType).toHaveValue('');
  });
});

test.describe('without JavaScript, on a phone @desktop', () => {
  test.use({ ...phoneUse(phones[0]), javaScriptEnabled: false });

  test('a service’s link still opens the form; the bar is there and its links work', async ({ page }) => {
    await page.goto(paths.services);
    await page
      .getByRole('main')
      .getByRole('link', { name: `${servicesPage.quoteButton} : ${services[1].shortTitle}` })
      .click();
    await expect(page).toHaveURL(`${paths.quote}?${serviceParam}=${services[1].id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(quote.intro.title);
    await expect(controls(page).serviceType).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${paths.services}$`));
    await scrollHalfway(page);
    await expect(callLink(page)).toBeInViewport();
    await quoteBarLink(page).click();
    await expect(page).toHaveURL(new RegExp(`${paths.quote}$`));
    await expect(bar(page)).toBeHidden();
  });
});
