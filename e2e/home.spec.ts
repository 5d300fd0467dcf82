import { home } from '@/content/home';
import { paths } from '@/content/navigation';
import { photos } from '@/content/images';
import { services } from '@/content/services';
import { site } from '@/content/site';
import { exclTax, inclTax } from '@/content/pricing';
import { formatFrenchDay } from '../lib/format';
import { expect, PHOTO_CDN, test } from './fixtures';

test.describe('home page', () => {
  // One visit for every check that reads the page (each one opened it on its own before); each check is a
  // step, so that a failure names the one that broke.
  test('its sections, in one visit', async ({ page, externalRequests }) => {
    await page.goto('/');
    const hero = page.getByRole('img', { name: photos.hero.alt });
    await test.step('photos from the CDN, sized per viewport, only the hero eager', async () => {
      await expect(hero).toHaveAttribute('src', new RegExp(`^${PHOTO_CDN}/photo-${photos.hero.id}\\?.*w=\\d+`));
      await expect(hero).toHaveAttribute('srcset', /w=640&q=\d+ 640w.*w=3840&q=\d+ 3840w/);
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

    await test.step('three testimonials with first name, initial and town, each dated, and how reviews are published', async () => {
      const region = page.getByRole('region', { name: home.testimonials.title });
      const items = region.getByRole('figure');
      await expect(items).toHaveCount(3);
      for (const [index, item] of home.testimonials.items.entries()) {
        expect(item.name).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\.$/u);
        const figure = items.nth(index);
        await expect(figure.locator('figcaption')).toHaveText(`${item.name} – ${item.town}`);
        await expect(figure).toContainText(`${home.testimonials.published} ${formatFrenchDay(item.published)}`);
        await expect(figure).toContainText(`${home.testimonials.experience} ${formatFrenchDay(item.experience)}`);
        await expect(figure.locator(`time[datetime="${item.published}"]`)).toHaveCount(1);
      }
      await expect(region).toContainText(home.testimonials.statement);
      await expect(region.getByRole('heading', { level: 3, name: home.testimonials.policy.title })).toBeVisible();
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
