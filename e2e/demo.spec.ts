import { demoBuild, demoNotice, sampleReviews } from '@/content/demo';
import { home } from '@/content/home';
import { paths } from '@/content/navigation';
import { quoteForm, QUOTE_SUBMIT_DELAY_MS } from '@/content/quote';
import { expect, test } from './fixtures';
import { controls, fillQuoteForm, openQuotePage, pauseClock } from './quote-form';

// The test build still holds sample values (content/placeholders.ts): it is a demonstration, which the go-live
// check deploys only with --demo, and it says so where a visitor could be misled.
test.describe('a demo build says it is one', () => {
  test('the build under test is a demo build, with sample reviews', () => {
    expect(demoBuild).toBe(true);
    expect(sampleReviews).toBe(true);
  });

  test('under the reviews of the home page @desktop', async ({ page }) => {
    await page.goto(paths.home);
    const reviews = page.getByRole('region', { name: home.testimonials.title });
    await expect(reviews.getByText(demoNotice.reviews, { exact: true })).toBeVisible();
  });

  test('on the success screen of the quote form @desktop', async ({ page }) => {
    await page.clock.install();
    await openQuotePage(page);
    await pauseClock(page);
    await fillQuoteForm(page, false);
    await controls(page).submit.click();
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    const status = page.getByRole('status');
    await expect(status.getByRole('heading', { name: quoteForm.success.title })).toBeVisible();
    await expect(status).toContainText(demoNotice.success);
  });
});
