import { readFileSync } from 'node:fs';
import { ENDPOINT_BUILD_PORT } from '../playwright.config';
import type { AvisData } from '@/content/data/schemas';
import { demoNotice } from '@/content/demo';
import { home } from '@/content/home';
import { paths } from '@/content/navigation';
import { reviewRules } from '@/content/review-rules';
import { reviewRulesText, reviewTexts } from '@/content/reviews';
import { fillTemplate } from '../lib/format';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, expectNoViolations } from './page-checks';

/**
 * The published reviews on the site (docs/contenu.md, « Les avis clients »), on a 390 px phone. The company's
 * file has no review to show, so these tests run against the endpoint build of scripts/test-builds.sh, whose
 * reviews are those of e2e/fixtures/reviews.json (SAMPLE_REVIEWS): five, one negative with the company's
 * answer and line breaks, one whose text and name hold markup. The default build's empty page and samples are
 * checked in unit/out/reviews.test.ts.
 */
/** Spaces as a reader sees them: the texts hold no-break spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const fixture = JSON.parse(readFileSync('e2e/fixtures/reviews.json', 'utf8')) as AvisData;
const byId = (id: string) => fixture.reviews.find((review) => review.id === id)!;

/** The fixture's reviews, newest published first, as a reader expects them. */
const newestFirst = [
  'review-fixture-newest',
  'review-fixture-negative',
  'review-fixture-markup',
  'review-fixture-older',
  'review-fixture-oldest',
].map(byId);
const max = String(reviewRules.rating.max);
/** (5 + 1 + 4 + 5 + 3) / 5 = 3.6, written the French way. */
const summary = spaced(fillTemplate(reviewTexts.summary, { moyenne: '3,6', max, nombre: '5 avis' }));
/** « 4 sur 5 »: the stars' name. */
const starsName = (rating: number) => spaced(fillTemplate(reviewTexts.stars, { note: String(rating), max }));

test.describe('the published reviews, on a phone', () => {
  test.use({ baseURL: `http://127.0.0.1:${ENDPOINT_BUILD_PORT}`, viewport: { width: 390, height: 844 } });

  test('« Nos avis clients »: the average, every review newest first with its stars, dates and answer, then the rules @desktop', async ({
    page,
  }) => {
    expect(fixture.reviews).toHaveLength(newestFirst.length);
    await page.goto(paths.reviews);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewTexts.title);
    for (const landmark of ['banner', 'main', 'contentinfo'] as const)
      await expect(page.getByRole(landmark)).toHaveCount(1);

    const list = page.getByRole('region', { name: reviewTexts.listTitle });
    await expect(list).toContainText(summary);
    const articles = list.getByRole('article');
    await expect(articles.getByRole('heading', { level: 3 })).toHaveText(newestFirst.map((review) => review.name));
    for (const [index, review] of newestFirst.entries()) {
      const stars = articles.nth(index).getByRole('img');
      await expect(stars).toHaveCount(1);
      await expect(stars).toHaveAccessibleName(starsName(review.rating));
    }

    await test.step('the negative review, in full, its line breaks kept, dated, with the company’s answer under it', async () => {
      const negative = articles.nth(1);
      await expect(negative.getByRole('img')).toHaveAccessibleName(starsName(1));
      const [first, second] = byId('review-fixture-negative').text.split('\n');
      const text = negative.getByText(first!);
      expect(await text.evaluate((element) => (element as HTMLElement).innerText)).toBe(`${first}\n${second}`);
      await expect(negative).toContainText(spaced(`${reviewTexts.experience} mars 2040`));
      await expect(negative).toContainText(spaced(`${reviewTexts.published} 9 mars 2040`));
      await expect(negative).toContainText(spaced(`${reviewTexts.answer}, ${reviewTexts.answered} 11 mars 2040`));
      await expect(negative).toContainText(byId('review-fixture-negative').answer!.text.split('\n')[0]!);
    });

    await test.step('markup in a review is shown as text, never run', async () => {
      const markup = articles.nth(2);
      await expect(markup).toContainText('<b>Pas</b> de mauvaise surprise <script>alert(1)</script>');
      await expect(markup.locator('b, i, script')).toHaveCount(0);
    });

    await test.step('the rules, with each refusal reason', async () => {
      const rules = page.getByRole('region', { name: reviewRulesText.title });
      await expect(rules.getByRole('listitem')).toHaveCount(
        reviewRulesText.points.length + reviewRules.refusalReasons.length,
      );
      for (const reason of reviewRules.refusalReasons)
        await expect(rules).toContainText(new RegExp(spaced(reason.label).slice(1)));
    });

    await expectNoHorizontalOverflow(page, paths.reviews);
    await expectNoViolations(page);
  });

  test('the home page: the three latest reviews in place of the samples, the average, the link to all @desktop', async ({
    page,
  }) => {
    await page.goto(paths.home);
    const region = page.getByRole('region', { name: home.testimonials.title });
    await expect(region).toContainText(summary);
    await expect(region.getByRole('figure')).toHaveCount(0);
    await expect(region.getByText(demoNotice.reviews)).toHaveCount(0);
    await expect(region.getByRole('article').getByRole('heading', { level: 3 })).toHaveText(
      newestFirst.slice(0, 3).map((review) => review.name),
    );
    await expect(region.getByRole('article').first().getByRole('img')).toHaveAccessibleName(starsName(5));
    await expectNoHorizontalOverflow(page, paths.home);
    await region.getByRole('link', { name: reviewTexts.allReviews }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.reviews}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewTexts.title);
  });

  test('no review markup in the JSON-LD, even with reviews published @desktop', async ({ page }) => {
    await page.goto(paths.home);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const data = JSON.parse(block) as Record<string, unknown>;
      expect(data['@type']).toBe('ProfessionalService');
      expect(block).not.toMatch(/aggregateRating|"review"|"Review"|AggregateRating/);
    }
  });
});
