import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routes } from '@/content/navigation';
import { vat } from '@/content/pricing';
import { services, towns } from '@/content/services';
import { site, siteUrl } from '@/content/site';
import { telHref, withVat } from '../../lib/format';
import { schemaOpeningHours } from '../../lib/hours';
import { elements, elementsByTag, parseHtml, rawText, textOf, type HtmlDocument } from '../../scripts/html';
import { readOut, resolveOut } from './out-files';

/** The <head> of every page as search engines and share previews read it (moved from e2e/seo.spec.ts). */

function pageOf(route: string): HtmlDocument {
  const file = resolveOut(route);
  assert.ok(file, `${route} is exported`);
  return parseHtml(readOut(file));
}

/** The head's elements of a tag whose attribute has a value (`meta[property="og:title"]`). */
function headTags(document: HtmlDocument, tag: string, name: string, value: string) {
  const head = elementsByTag(document, 'head')[0];
  assert.ok(head, 'the page has a <head>');
  return elements(head, (element) => element.name === tag && element.attribs[name] === value);
}

/** The one `content` of a meta tag (name= or property=), failing when it is missing or repeated. */
function metaContent(document: HtmlDocument, key: 'name' | 'property', value: string): string | undefined {
  const tags = headTags(document, 'meta', key, value);
  assert.equal(tags.length, 1, `one meta ${key}="${value}"`);
  return tags[0]?.attribs.content;
}

test('each page has its own French title, description, canonical URL and share tags', () => {
  const descriptions = new Set<string>();
  const titles = new Set<string>();
  for (const route of routes) {
    const document = pageOf(route);
    const titleTags = elementsByTag(document, 'title');
    assert.equal(titleTags.length, 1, `${route}: one <title>`);
    const title = textOf(titleTags[0]!);
    assert.match(title, new RegExp(`^.+ \\| ${site.name}$`), route);
    titles.add(title);
    const description = metaContent(document, 'name', 'description') ?? '';
    assert.ok(description.length >= 50, `${route}: ${description}`);
    assert.ok(description.length <= 160, `${route}: ${description}`);
    descriptions.add(description);
    const canonical = headTags(document, 'link', 'rel', 'canonical');
    assert.deepEqual(
      canonical.map((link) => link.attribs.href),
      [`${siteUrl}${route}`],
      route,
    );
    assert.equal(metaContent(document, 'property', 'og:locale'), 'fr_FR', route);
    assert.equal(metaContent(document, 'property', 'og:title'), title, route);
    assert.equal(metaContent(document, 'property', 'og:description'), description, route);
    assert.equal(metaContent(document, 'property', 'og:url'), `${siteUrl}${route}`, route);
    assert.equal(metaContent(document, 'property', 'og:image'), `${siteUrl}/og-image.png`, route);
    assert.equal(metaContent(document, 'name', 'twitter:card'), 'summary_large_image', route);
    assert.equal(headTags(document, 'link', 'rel', 'icon').length, 1, `${route}: one icon`);
    assert.equal(headTags(document, 'link', 'rel', 'apple-touch-icon').length, 1, `${route}: one apple-touch-icon`);
  }
  assert.equal(titles.size, routes.length);
  assert.equal(descriptions.size, routes.length);
});

test('the home page describes the business in JSON-LD', () => {
  const blocks = elements(
    pageOf('/'),
    (element) => element.name === 'script' && element.attribs.type === 'application/ld+json',
  );
  assert.equal(blocks.length, 1);
  const data = JSON.parse(rawText(blocks[0]!));
  assert.equal(data['@type'], 'ProfessionalService');
  assert.equal(data.name, site.name);
  assert.equal(data.telephone, telHref(site.phone).replace('tel:', ''));
  assert.equal(data.email, site.email);
  assert.deepEqual(
    {
      streetAddress: data.address.streetAddress,
      postalCode: data.address.postalCode,
      addressLocality: data.address.addressLocality,
      addressCountry: data.address.addressCountry,
    },
    {
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressCountry: 'FR',
    },
  );
  assert.deepEqual(data.openingHoursSpecification, schemaOpeningHours(site.openingHours));
  assert.deepEqual(
    data.areaServed.map((area: { name: string }) => area.name),
    [...towns, site.address.region],
  );
  assert.equal(data.priceRange, site.priceRange);
  assert.deepEqual(
    data.hasOfferCatalog.itemListElement.map(
      (offer: { priceSpecification: { price: number; valueAddedTaxIncluded: boolean } }) => [
        offer.priceSpecification.price,
        offer.priceSpecification.valueAddedTaxIncluded,
      ],
    ),
    // What search engines show consumers: the starting price including tax.
    services.map((service) => [withVat(service.priceFrom, vat.standardRate), true]),
  );
});
