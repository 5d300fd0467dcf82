import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reviewsData } from '@/content/data/values';
import { home, sampleReviews } from '@/content/home';
import { paths } from '@/content/navigation';
import { reviewRules } from '@/content/review-rules';
import { HOME_REVIEW_COUNT, reviewRulesText, reviewTexts } from '@/content/reviews';
import { elementById, elements, elementsByTag, parseHtml, rawText, textOf } from '../../scripts/html';
import { htmlFiles, readOut, resolveOut } from './out-files';

/**
 * The reviews in the default build (out/), from the company's own content/data/avis.json: « Nos avis
 * clients », the home page's reviews, and no review markup for search engines. The pages with reviews are
 * checked in Chromium on the test build that has some (e2e/reviews.spec.ts).
 */

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
const pageOf = (route: string) => {
  const file = resolveOut(route);
  assert.ok(file, `${route} is exported`);
  return parseHtml(readOut(file));
};

test('« Nos avis clients »: one h1, the published reviews or the sentence saying there is none, then the rules', () => {
  const document = pageOf(paths.reviews);
  assert.deepEqual(
    elementsByTag(document, 'h1').map((h1) => plain(textOf(h1))),
    [plain(reviewTexts.title)],
  );
  const list = elementById(document, 'avis');
  assert.ok(list, 'the reviews’ section');
  assert.equal(elementsByTag(list, 'article').length, reviewsData.reviews.length);
  const text = plain(textOf(list));
  if (reviewsData.reviews.length === 0) assert.ok(text.includes(plain(reviewTexts.none)), text);
  else assert.ok(text.includes(`(${reviewsData.reviews.length} avis)`), text);

  const rules = elementById(document, reviewRulesText.id);
  assert.ok(rules, 'the rules’ section, the target of the links to them');
  const rulesText = plain(textOf(rules));
  assert.ok(rulesText.includes(plain(reviewRulesText.title)));
  for (const reason of reviewRules.refusalReasons) assert.ok(rulesText.toLowerCase().includes(plain(reason.label).toLowerCase()), reason.id);
});

test('the home page: the samples while no review is published, the statement and the link to « Nos avis clients »', () => {
  const document = pageOf(paths.home);
  const section = elementById(document, 'temoignages');
  assert.ok(section);
  assert.equal(elementsByTag(section, 'figure').length, sampleReviews ? home.testimonials.items.length : 0);
  assert.equal(elementsByTag(section, 'article').length, Math.min(HOME_REVIEW_COUNT, reviewsData.reviews.length));
  assert.ok(plain(textOf(section)).includes(plain(reviewTexts.statement)));
  assert.ok(
    elementsByTag(section, 'a').some(
      (link) => link.attribs.href === paths.reviews && plain(textOf(link)) === plain(reviewTexts.allReviews),
    ),
  );
});

test('no page carries review markup in its JSON-LD: no aggregateRating, no review', () => {
  let blocks = 0;
  for (const file of htmlFiles()) {
    for (const script of elements(
      parseHtml(readOut(file)),
      (element) => element.name === 'script' && element.attribs.type === 'application/ld+json',
    )) {
      blocks += 1;
      const json = rawText(script);
      JSON.parse(json);
      assert.doesNotMatch(json, /"(?:aggregateRating|review|reviews)"\s*:/, file);
      assert.doesNotMatch(json, /"@type"\s*:\s*"(?:Review|AggregateRating|Rating)"/, file);
    }
  }
  assert.ok(blocks > 0, 'the site has JSON-LD to check');
});
