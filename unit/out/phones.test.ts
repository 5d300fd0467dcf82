import assert from 'node:assert/strict';
import { test } from 'node:test';
import { home } from '@/content/home';
import { legalPages } from '@/content/legal/pages';
import { paths, quoteLink, routes } from '@/content/navigation';
import { exclTax, inclTax } from '@/content/pricing';
import { actionBar, quoteHrefFor, serviceParam, tableOfContents, tocMinSections } from '@/content/quick-actions';
import { services } from '@/content/services';
import { servicesPage } from '@/content/services-page';
import { site } from '@/content/site';
import { telHref } from '../../lib/format';
import { elementById, elements, elementsByTag, parseHtml, textOf, type HtmlDocument, type HtmlElement } from '../../scripts/html';
import { readOut, resolveOut } from './out-files';

/**
 * Issue 21's static facts, read in the built HTML (moved from e2e/phones.spec.ts, which keeps what only a
 * browser tells: sizes, what is in view or tappable, clicks, the form's preselection once per screen size).
 * The HTML is the same at every screen size, so each fact is checked once here.
 */

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function pageOf(route: string): HtmlDocument {
  const file = resolveOut(route);
  assert.ok(file, `${route} is exported`);
  return parseHtml(readOut(file));
}

/** The accessible name of an element named by aria-label or aria-labelledby. */
function nameOf(document: HtmlDocument, element: HtmlElement): string {
  if (element.attribs['aria-label']) return normalize(element.attribs['aria-label']);
  const ids = (element.attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean);
  return normalize(ids.map((id) => (elementById(document, id) ? textOf(elementById(document, id)!) : '')).join(' '));
}

/** The elements of a tag whose accessible name is `name`. */
function named(document: HtmlDocument, tag: string, name: string): HtmlElement[] {
  return elements(document, (element) => element.name === tag && nameOf(document, element) === normalize(name));
}

const linksIn = (scope: HtmlElement) => elementsByTag(scope, 'a');

test('every page but the quote form carries the call and quote bar: a call link to the phone, a quote link to the form', () => {
  for (const route of routes) {
    const document = pageOf(route);
    const bars = named(document, 'nav', actionBar.label);
    if (route === paths.quote) {
      // On the form the bar is hidden by CSS (data-no-action-bar); e2e/phones.spec.ts checks it is not shown.
      continue;
    }
    assert.equal(bars.length, 1, `${route}: one bar`);
    const links = linksIn(bars[0]!);
    assert.deepEqual(
      links.map((link) => [textOf(link), link.attribs.href]),
      [
        [normalize(`${actionBar.call} le ${site.phone}`), telHref(site.phone)],
        [normalize(actionBar.quote), quoteLink.href],
      ],
      route,
    );
  }
});

test('each home card’s « Demander un devis » links to the form with its service, which the form offers', () => {
  const document = pageOf(paths.home);
  const regions = named(document, 'section', home.servicesIntro.title);
  assert.equal(regions.length, 1, `one region « ${home.servicesIntro.title} »`);
  const cards = elementsByTag(regions[0]!, 'li');
  const options = elementsByTag(pageOf(paths.quote), 'select')
    .filter((select) => select.attribs.name === 'serviceType')
    .flatMap((select) => elementsByTag(select, 'option').map((option) => option.attribs.value));
  for (const service of services) {
    const card = cards.filter((item) => elementsByTag(item, 'h3').some((h3) => textOf(h3) === normalize(service.shortTitle)));
    assert.equal(card.length, 1, `one card « ${service.shortTitle} »`);
    const buttons = linksIn(card[0]!).filter(
      (link) => textOf(link) === normalize(`${servicesPage.quoteButton} (${service.shortTitle})`),
    );
    assert.deepEqual(
      buttons.map((link) => link.attribs.href),
      [`${paths.quote}?${serviceParam}=${service.id}`],
      service.id,
    );
    assert.equal(quoteHrefFor(service.id), `${paths.quote}?${serviceParam}=${service.id}`);
    assert.ok(options.includes(service.id), `the form offers « ${service.id} »`);
  }
});

test('each « Demander un devis » of the services page links to the form with its service', () => {
  const main = elementsByTag(pageOf(paths.services), 'main')[0]!;
  for (const service of services) {
    const buttons = linksIn(main).filter(
      (link) => textOf(link) === normalize(`${servicesPage.quoteButton} : ${service.shortTitle}`),
    );
    assert.deepEqual(
      buttons.map((link) => link.attribs.href),
      [`${paths.quote}?${serviceParam}=${service.id}`],
      service.id,
    );
  }
});

test('consumer prices on the home page and the services page: the TTC price first, the HT price after it, each in its own element', () => {
  for (const route of [paths.home, paths.services]) {
    const main = elementsByTag(pageOf(route), 'main')[0]!;
    for (const service of services) {
      const ttc = normalize(inclTax(service.priceFrom));
      const ht = normalize(exclTax(service.priceFrom));
      const price = elements(
        main,
        (element) => element.name === 'p' && textOf(element).includes(normalize(`${servicesPage.priceLabel} ${ttc}`)),
      )[0];
      assert.ok(price, `${route}: the price of ${service.id}`);
      const text = textOf(price);
      assert.ok(text.indexOf(ttc) > 0, `${route}: ${text}`);
      assert.ok(text.indexOf(ht) > text.indexOf(ttc), `${route}: HT after TTC in « ${text} »`);
      // The two amounts are separate elements, whose sizes e2e/phones.spec.ts compares.
      assert.ok(elements(price, (element) => textOf(element) === ttc).length > 0, `${route}: « ${ttc} » on its own`);
      assert.ok(elements(price, (element) => textOf(element).includes(ht)).length > 0, `${route}: « ${ht} » on its own`);
    }
  }
});

test('a long legal page opens with a table of contents: each entry, numbered, links to its section’s heading', () => {
  for (const content of legalPages) {
    const document = pageOf(content.path);
    const tocs = named(document, 'nav', tableOfContents.title);
    if (content.sections.length < tocMinSections) {
      assert.equal(tocs.length, 0, `${content.path}: no table of contents`);
      continue;
    }
    assert.equal(tocs.length, 1, `${content.path}: one table of contents`);
    assert.deepEqual(
      linksIn(tocs[0]!).map((link) => [textOf(link), link.attribs.href]),
      content.sections.map((section, index) => [normalize(`${index + 1}. ${section.title}`), `#${section.id}`]),
      content.path,
    );
    for (const [index, section] of content.sections.entries()) {
      const target = elements(document, (element) => element.attribs.id === section.id);
      assert.equal(target.length, 1, `${content.path}: one element #${section.id}`);
      assert.deepEqual(
        elementsByTag(target[0]!, 'h2').map(textOf),
        [normalize(`${index + 1}. ${section.title}`)],
        `${content.path}#${section.id}`,
      );
    }
  }
});
