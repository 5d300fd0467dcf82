import { routes } from '../content/navigation';
import { site, siteUrl } from '../content/site';
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

  test('the share image and the icons are served', async ({ request }) => {
    for (const path of ['/og-image.png', '/apple-icon.png', '/icon.svg']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
    }
    const image = await request.get('/og-image.png');
    const body = await image.body();
    // PNG header: width and height at bytes 16-23.
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test('sitemap.xml lists every route and robots.txt points to it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(routes.map((route) => `${siteUrl}${route}`));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(robots).toMatch(/Allow: \//);
  });

  test('the home page describes the business in JSON-LD', async ({ page }) => {
    await page.goto('/');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}');
    expect(data['@type']).toBe('ProfessionalService');
    expect(data.name).toBe(site.name);
    expect(data.telephone).toBe('+33465712345');
    expect(data.email).toBe(site.email);
    expect(data.address).toMatchObject({
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: 'Antibes',
      addressCountry: 'FR',
    });
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '09:00', closes: '18:00' });
    expect(data.openingHoursSpecification[0].dayOfWeek).toHaveLength(5);
    expect(data.areaServed.map((area: { name: string }) => area.name)).toContain('Juan-les-Pins');
    expect(data.priceRange).toBe(site.priceRange);
    expect(
      data.hasOfferCatalog.itemListElement.map(
        (offer: { priceSpecification: { price: number } }) => offer.priceSpecification.price,
      ),
    ).toEqual([150, 250, 120]);
  });
});
