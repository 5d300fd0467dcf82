import { home, sampleReviews } from '@/content/home';
import { homeReviews, reviewTexts } from '@/content/reviews';
import { paths } from '@/content/navigation';
import { photos } from '@/content/images';
import { services } from '@/content/services';
import { site } from '@/content/site';
import { exclTax, inclTax } from '@/content/pricing';
import { formatFrenchDay } from '../lib/format';
import { ENDPOINT_BUILD_PORT } from '../playwright.config';
import { expect, loadMainPhotos, PHOTO_CDN, recordLayoutShifts, test } from './fixtures';

test.describe('home page', () => {
  // One visit for every check that reads the page (each one opened it on its own before); each check is a
  // step, so that a failure names the one that broke.
  test('its sections, in one visit', async ({ page, externalRequests }) => {
    await page.goto('/');
    const hero = page.getByRole('img', { name: photos.hero.alt });
    await test.step('photos from the CDN, sized per viewport, only the hero eager', async () => {
      await expect(hero).toHaveAttribute('src', new RegExp(`^${PHOTO_CDN}/photo-${photos.hero.id}\\?.*w=\\d+`));
      await expect(hero).toHaveAttribute(
        'srcset',
        new RegExp(`^${PHOTO_CDN}/photo-${photos.hero.id}\\?.*w=(\\d+).* \\1w, `),
      );
      await expect(hero).not.toHaveAttribute('loading', 'lazy');
      await expect(hero).toHaveJSProperty('complete', true);
      const cards = page.getByRole('img', { name: services[0].photo.alt });
      await expect(cards).toHaveAttribute('loading', 'lazy');
      await expect(cards).toHaveAttribute('width', String(services[0].photo.width));
      await expect(cards).toHaveAttribute('height', String(services[0].photo.height));
      // The hero is drawn dimmed under the text: it asks the CDN for a lighter compression than the cards.
      const quality = async (img: typeof hero) =>
        Number(new URL((await img.getAttribute('src')) ?? '').searchParams.get('q'));
      expect(await quality(hero)).toBeLessThan(await quality(cards));
      expect(externalRequests.some((url) => url.includes(photos.hero.id))).toBe(true);
    });

    await test.step('three service cards, each with its starting price', async () => {
      const serviceCards = page.getByRole('region', { name: home.servicesIntro.title }).getByRole('listitem');
      await expect(serviceCards).toHaveCount(3);
      for (const [index, service] of services.entries()) {
        const card = serviceCards.nth(index);
        await expect(card.getByRole('heading', { level: 3 })).toHaveText(service.shortTitle);
        // Including tax first, then excluding: "À partir de 180 € TTC (150 € HT)".
        await expect(card).toContainText(`À partir de ${inclTax(service.priceFrom)}`);
        await expect(card).toContainText(`(${exclTax(service.priceFrom)})`);
      }
    });

    await test.step('why choose us: experience, guarantees, reactivity, clients', async () => {
      const why = page.getByRole('region', { name: home.why.title });
      await expect(why.getByRole('heading', { level: 3 })).toHaveText(home.why.reasons.map((reason) => reason.title));
    });

    await test.step('the reviews: the dated samples until a real one is published, how they are checked, the link to all', async () => {
      const region = page.getByRole('region', { name: home.testimonials.title });
      // The real reviews' own checks run on the test build that has some (e2e/reviews.spec.ts).
      const items = region.getByRole('figure');
      await expect(items).toHaveCount(sampleReviews ? home.testimonials.items.length : 0);
      if (sampleReviews) {
        for (const [index, item] of home.testimonials.items.entries()) {
          expect(item.name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
          const figure = items.nth(index);
          await expect(figure.locator('figcaption')).toHaveText(`${item.name} – ${item.town}`);
          await expect(figure).toContainText(`${home.testimonials.published} ${formatFrenchDay(item.published)}`);
          await expect(figure).toContainText(`${home.testimonials.experience} ${formatFrenchDay(item.experience)}`);
          await expect(figure.locator(`time[datetime="${item.published}"]`)).toHaveCount(1);
        }
      }
      await expect(region.getByRole('article')).toHaveCount(homeReviews.length);
      await expect(region).toContainText(reviewTexts.statement);
      await expect(region.getByRole('link', { name: reviewTexts.allReviews })).toHaveAttribute('href', paths.reviews);
    });

    await test.step('the final call to action: the quote and the phone', async () => {
      const cta = page.getByRole('region', { name: home.finalCta.title });
      await expect(cta.getByRole('link', { name: home.finalCta.primary })).toHaveAttribute('href', paths.quote);
      await expect(cta.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:\+33/);
    });

    // Last: they leave the page.
    await test.step('the hero, with its calls to action to the quote and the services', async () => {
      await expect(page).toHaveTitle(`${home.meta.title} | ${site.name}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
      const main = page.getByRole('main');
      await main.getByRole('link', { name: home.hero.primaryCta }).first().click();
      await expect(page).toHaveURL(/\/devis\/$/);
      await page.goBack();
      await main.getByRole('link', { name: home.hero.secondaryCta }).click();
      await expect(page).toHaveURL(/\/services\/$/);
    });
  });
});

/**
 * The hero on a phone: the copy the browser takes from the srcset (currentSrc) is never wider than the
 * smallest one that covers the screen (its width × its pixel ratio: the hero spans the screen), and never
 * the widest. With the stock photos (out/) and with the company's own (build/out-endpoint/).
 */
const builds = [
  { name: 'stock photos from the CDN', baseURL: undefined },
  { name: 'the company’s own photos', baseURL: `http://127.0.0.1:${ENDPOINT_BUILD_PORT}` },
];
for (const build of builds) {
  for (const width of [360, 390]) {
    for (const dpr of [2, 3]) {
      test.describe(`${build.name}, on a phone ${width} px wide at ${dpr}×`, () => {
        // A phone's screen is as wide as its viewport. The mobile project keeps the 1920 px screen of the
        // desktop profile it extends, and Chromium's preload scanner reads that screen for the page's
        // width=device-width: it would fetch a copy for a 1920 px wide viewport before the page is laid out.
        test.use({
          viewport: { width, height: 800 },
          screen: { width, height: 800 },
          deviceScaleFactor: dpr,
          baseURL: build.baseURL,
        });

        test(`the hero fetches no copy wider than the phone needs @mobile`, async ({ page }) => {
          await page.goto('/');
          const hero = page.getByRole('img', { name: photos.hero.alt });
          await expect(hero).toHaveJSProperty('complete', true);
          const { currentSrc, srcset } = await hero.evaluate((img: HTMLImageElement) => {
            // The srcset the browser chose from: the first <source> it can decode, else the <img>'s own.
            const source = img.parentElement?.querySelector('source');
            const fromSource = source && img.currentSrc && source.srcset.includes(new URL(img.currentSrc).pathname);
            return { currentSrc: img.currentSrc, srcset: fromSource ? source.srcset : img.srcset };
          });
          const copies = srcset.split(',').map((candidate) => {
            const [url = '', descriptor = ''] = candidate.trim().split(/\s+/);
            return { url: new URL(url, page.url()).href, width: Number(descriptor.replace(/w$/, '')) };
          });
          const taken = copies.find((copy) => copy.url === currentSrc);
          expect(taken, `${currentSrc} is one of the srcset's copies`).toBeDefined();
          const needed = width * dpr;
          const smallestCovering = Math.min(...copies.map((copy) => copy.width).filter((w) => w >= needed));
          expect(taken!.width).toBeLessThanOrEqual(smallestCovering);
          expect(taken!.width).toBeLessThan(Math.max(...copies.map((copy) => copy.width)));
        });
      });
    }
  }
}

test.describe('with the company’s own photos (build/out-endpoint/)', () => {
  test.use({ baseURL: `http://127.0.0.1:${ENDPOINT_BUILD_PORT}` });

  test('every photo comes from the site as AVIF, with its width and height, nothing moves as they load and nothing leaves the site', async ({
    page,
    externalRequests,
  }) => {
    const shifts = await recordLayoutShifts(page);
    for (const path of [paths.home, paths.services, paths.about]) {
      await page.goto(path);
      const seen = await loadMainPhotos(page);
      expect(seen.length, path).toBeGreaterThan(0);
      for (const photo of seen) {
        expect(photo.naturalWidth, photo.currentSrc).toBeGreaterThan(0);
        expect(photo.currentSrc).toMatch(new RegExp(`^${new URL(page.url()).origin}/photos/[^/]+\\.avif$`));
        expect(Number(photo.width)).toBeGreaterThan(0);
        expect(Number(photo.height)).toBeGreaterThan(0);
      }
      expect(await shifts(), path).toEqual([]);
    }
    expect(externalRequests).toEqual([]);
  });
});
