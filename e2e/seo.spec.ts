import { routes } from '@/content/navigation';
import { services, towns } from '@/content/services';
import { site, siteUrl } from '@/content/site';
import { telHref } from '../lib/format';
import { schemaOpeningHours } from '../lib/hours';
import { expect, test } from './fixtures';

test.describe('search and sharing @desktop', () => {
  test('each page has its own French title, description, canonical URL and share tags', async ({ page }) => {
    const descriptions = new Set<string>();
    const titles = new Set<string>();
    for (const route of routes) {
      await page.goto(route);
      const title = await page.title();
      expect(title, route).toMatch(new RegExp(`^.+ \\| ${site.name}$`));
      titles.add(title);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(description.length, `${route}: ${description}`).toBeGreaterThanOrEqual(50);
      expect(description.length, `${route}: ${description}`).toBeLessThanOrEqual(160);
      descriptions.add(description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${siteUrl}${route}`);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_FR');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${siteUrl}${route}`);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${siteUrl}/og-image.png`);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
    }
    expect(titles.size).toBe(routes.length);
    expect(descriptions.size).toBe(routes.length);
  });

  test('the home page describes the business in JSON-LD', async ({ page }) => {
    await page.goto('/');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}');
    expect(data['@type']).toBe('ProfessionalService');
    expect(data.name).toBe(site.name);
    expect(data.telephone).toBe(telHref(site.phone).replace('tel:', ''));
    expect(data.email).toBe(site.email);
    expect(data.address).toMatchObject({
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressCountry: 'FR',
    });
    expect(data.openingHoursSpecification).toEqual(schemaOpeningHours(site.openingHours));
    expect(data.areaServed.map((area: { name: string }) => area.name)).toEqual([...towns, site.address.region]);
    expect(data.priceRange).toBe(site.priceRange);
    expect(
      data.hasOfferCatalog.itemListElement.map(
        (offer: { priceSpecification: { price: number } }) => offer.priceSpecification.price,
      ),
    ).toEqual(services.map((service) => service.priceFrom));
  });
});
