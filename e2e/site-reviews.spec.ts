import { expect, type Locator, type Page } from '@playwright/test';
import { siteData } from '@/content/data/registry';
import { reviewTexts, starsLabel } from '@/content/reviews';
import { formatFrenchMonth } from '@/lib/format';
import { queueDueMails } from '../receiver/src/delivery/reminders';
import {
  formatFrenchDay,
  isoDay,
  paths,
  REVIEW_CLIENT_PATH,
  REVIEW_OPT_OUT_PATH,
  reviewMailTexts,
  reviewPageTexts,
  reviewRules,
} from '../receiver/src/facts';
import { href } from '../receiver/src/inbox/paths';
import { recordFollowUpDay } from '../receiver/src/store/devis-follow-up';
import type { Smtp } from '../receiver/test/smtp';
import { expectThumbTargets } from './inbox-checks';
import { expectNoHorizontalOverflow, expectNoViolations, typographyProblems } from './page-checks';
import { seedDevis } from './devis-seed';
import { PUBLICATION_MS, signInTo, STACK_FROM_EMAIL, type SiteStack } from './site-stack';
import { test } from './worker-servers';

/**
 * A client's review, the whole path with real parts on a 390 px phone (docs/avis.md): an accepted devis, the
 * end of its works recorded in the inbox with one tap, the reminders' pass a day later (its `now`), the one
 * request mail caught by a real SMTP server, the client's page opened from its link, a text refused then a
 * negative review given, published in « Avis », and the served site (e2e/site-stack.ts: the real receiver,
 * its checkout, the real build) showing it on the home page and « Nos avis clients » in place of the samples,
 * with no review markup in its JSON-LD. Then the client's page, its opt-out page and « Avis » read at 360, 390
 * and 1280 px, the rating chosen with the keyboard.
 */

const DAY = 86_400_000;

/** Spaces as a reader sees them: the texts hold no-break spaces. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test.use({ viewport: { width: 390, height: 844 } });
// One worker for the file, its tests in order on one stack (e2e/worker-servers.ts reviewsStack).
test.describe.configure({ mode: 'default' });

let stack: SiteStack;
let smtp: Smtp;
test.beforeEach(async ({ reviewsStack }) => {
  stack = reviewsStack;
  smtp = reviewsStack.mailbox;
});

const inboxUrl = (path: string) => new URL(path, stack.inbox.url).href;

/** A devis sent two days ago and accepted yesterday, to `email`, as the team's sending and the client's code leave it. */
function acceptedDevis(email: string): { devisId: number } {
  const { devisId } = seedDevis(stack.inbox.dataDir, email, {
    sentAt: new Date(Date.now() - 2 * DAY).toISOString(),
    acceptedAt: new Date(Date.now() - DAY).toISOString(),
  });
  return { devisId: devisId! };
}

/**
 * The receiver's reminders' pass as it runs requestAfterDays after today (its `now`), then the review page's
 * path in the one request mail sent to `email`.
 */
async function requestLink(email: string): Promise<string> {
  const tomorrow = new Date(Date.now() + reviewRules.requestAfterDays * DAY + 3_600_000);
  const due = await queueDueMails(stack.db, { fromEmail: STACK_FROM_EMAIL, digestTime: undefined }, tomorrow);
  expect(due.filter((mail) => mail.kind === 'review_request')).toHaveLength(1);
  const sentTo = () =>
    smtp.messages.filter(
      (mail) =>
        mail.subject?.startsWith(reviewMailTexts.title) &&
        mail.to &&
        'value' in mail.to &&
        mail.to.value[0]?.address === email,
    );
  await expect.poll(() => sentTo().length, { timeout: 30_000 }).toBe(1);
  const text = sentTo()[0]!.text ?? '';
  expect(text).toContain(reviewMailTexts.ask);
  const match = new RegExp(`${REVIEW_CLIENT_PATH}/([A-Za-z0-9_-]{43})(?!/)`).exec(text);
  expect(match, text).not.toBeNull();
  const link = `${REVIEW_CLIENT_PATH}/${match![1]}`;
  expect(text).toContain(`${link}/${REVIEW_OPT_OUT_PATH}`);
  return link;
}

/** A published review on a served page: its text, its rating's text alternative, the month of its works and its day. */
async function expectReviewShown(article: Locator, review: { text: string; rating: number; name: string }) {
  const today = isoDay(new Date());
  await expect(article.getByRole('heading', { level: 3 })).toHaveText(review.name);
  await expect(article.getByRole('img', { name: spaced(starsLabel(review.rating)), exact: true })).toHaveCount(1);
  await expect(article).toContainText(spaced(`${reviewTexts.experience} ${formatFrenchMonth(today)}`));
  await expect(article).toContainText(spaced(`${reviewTexts.published} ${formatFrenchDay(today)}`));
}

const ratingRadio = (page: Page, rating: number) =>
  page.getByRole('radio', { name: reviewPageTexts.stars(rating), exact: true });
const textField = (page: Page) => page.getByRole('textbox', { name: reviewPageTexts.text, exact: true });

test('@mobile the whole path: the works ended in one tap, the mail, a negative review published and served with its dates', async ({
  page,
}) => {
  test.setTimeout(PUBLICATION_MS + 120_000);
  const email = 'camille.durand@example.fr';
  const { devisId } = acceptedDevis(email);
  const review = {
    rating: 2,
    text: 'Travail fini mais chantier laissé sale, et deux jours de retard sans prévenir.',
    name: 'Camille D.',
  };

  await test.step('the end of the works, one tap in the inbox', async () => {
    await signInTo(stack, page);
    await page.goto(inboxUrl(href.devis(devisId)));
    // Today already in the day's field: the tap alone.
    await expect(page.getByLabel('Travaux entièrement exécutés le')).toHaveValue(isoDay(new Date()));
    await page.getByRole('button', { name: 'Enregistrer la fin des travaux' }).click();
    await expect(page).toHaveURL(/\?fait=travaux$/);
  });

  const link = await requestLink(email);

  await test.step('the client’s page: a text too short refused beside its field, the typing kept; then the review', async () => {
    await page.goto(`${stack.inbox.publicOrigin}${link}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reviewPageTexts.title);
    await expect(page.locator('main')).toContainText(spaced(formatFrenchDay(isoDay(new Date()))));
    await ratingRadio(page, review.rating).check();
    // Past the browser's own minimum length, yet short once trimmed: the receiver's rule answers.
    const short = 'Bof.';
    await textField(page).fill(short.padEnd(reviewRules.text.min + 1, ' '));
    await page.getByRole('checkbox', { name: spaced(reviewPageTexts.consent) }).check();
    await page.getByRole('button', { name: reviewPageTexts.submit }).click();
    await expect(page.locator('#texte-erreur')).toHaveText(spaced(reviewPageTexts.errors.text));
    await expect(textField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(textField(page)).toHaveAttribute('aria-describedby', /texte-erreur/);
    expect(await textField(page).inputValue()).toContain(short);
    await expect(ratingRadio(page, review.rating)).toBeChecked();

    await textField(page).fill(review.text);
    await expect(page.getByRole('textbox', { name: reviewPageTexts.name })).toHaveValue(review.name);
    await page.getByRole('button', { name: reviewPageTexts.submit }).click();
    await expect(page.getByRole('status')).toHaveText(spaced(reviewPageTexts.stored));
  });

  await test.step('published in « Avis »: the publication goes online', async () => {
    await page.goto(inboxUrl(href.reviews));
    const item = page.locator('li').filter({ hasText: review.text });
    await item.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect
      .poll(async () => (await page.request.get(`${stack.siteOrigin}/`)).text(), {
        timeout: PUBLICATION_MS,
        intervals: [2_000],
      })
      .toContain(review.text);
  });

  await test.step('the served home page and « Nos avis clients »: the review, its rating, its dates; no sample', async () => {
    const samples = siteData.accueil.testimonials.filter((item) => item.sample);
    expect(samples.length).toBeGreaterThan(0);
    for (const path of ['/', paths.reviews]) {
      await page.goto(`${stack.siteOrigin}${path}`);
      const article = page.getByRole('article').filter({ hasText: review.text });
      await expectReviewShown(article, review);
      for (const sample of samples) await expect(page.locator('main')).not.toContainText(sample.quote.slice(0, 40));
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      // The home page describes the company (LocalBusiness): with no review, nor any rating.
      if (path === '/') expect(jsonLd.join('\n')).toContain(`"telephone"`);
      for (const data of jsonLd) expect(data).not.toMatch(/"(review|aggregateRating|Review|AggregateRating)"/);
    }
  });

  await test.step('the link again: the review shown, to change; no post without a link', async () => {
    await page.goto(`${stack.inbox.publicOrigin}${link}`);
    await expect(page.getByRole('heading', { level: 2, name: reviewPageTexts.states.published })).toBeVisible();
    await expect(ratingRadio(page, review.rating)).toBeChecked();
    await expect(textField(page)).toHaveValue(review.text);
    await expect(page.getByRole('button', { name: reviewPageTexts.update })).toBeVisible();
    const form = { note: '5', texte: review.text, nom: review.name, publication: 'oui' };
    for (const path of [`${REVIEW_CLIENT_PATH}/${'A'.repeat(43)}`, REVIEW_CLIENT_PATH]) {
      const posted = await page.request.post(`${stack.inbox.publicOrigin}${path}`, { form, maxRedirects: 0 });
      expect(posted.status(), path).toBe(404);
    }
  });
});

test('@mobile the client’s page, its opt-out page and « Avis » at 360, 390 and 1280 px; the rating by keyboard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = 'dominique.roux@example.fr';
  const { devisId } = acceptedDevis(email);
  const today = isoDay(new Date());
  expect(
    await recordFollowUpDay(
      stack.db,
      { devisId, version: 1, kind: 'work_completed', day: today, userId: stack.managerId },
      new Date(),
    ),
  ).toBe(true);
  const link = await requestLink(email);
  const clientPage = `${stack.inbox.publicOrigin}${link}`;

  await test.step('the form with the keyboard alone: the rating by the arrow keys, the box by the space bar', async () => {
    await page.goto(clientPage);
    await ratingRadio(page, 1).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(ratingRadio(page, 3)).toBeChecked();
    await expect(ratingRadio(page, 3)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(textField(page)).toBeFocused();
    await page.keyboard.type('Intervention correcte, un peu chère pour le temps passé.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: reviewPageTexts.name })).toBeFocused();
    await page.keyboard.press('Tab');
    const consent = page.getByRole('checkbox', { name: spaced(reviewPageTexts.consent) });
    await expect(consent).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: reviewPageTexts.submit })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(spaced(reviewPageTexts.stored));
  });

  await signInTo(stack, page);
  const pages = [
    { what: 'the review page', url: clientPage, inbox: false },
    { what: 'the opt-out page', url: `${clientPage}/${REVIEW_OPT_OUT_PATH}`, inbox: false },
    { what: '« Avis »', url: inboxUrl(href.reviews), inbox: true },
  ];
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const { what, url, inbox } of pages) {
      await test.step(`${what} at ${width} px`, async () => {
        await page.goto(url);
        await expectNoHorizontalOverflow(page, `${what} at ${width} px`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        // Every field has a name a screen reader reads.
        const fields = page.locator('input:not([type="hidden"]), textarea, select');
        for (const field of await fields.all()) await expect(field).toHaveAccessibleName(/\S/);
        await expectNoViolations(page);
        expect(await typographyProblems(page), `${what} at ${width} px`).toEqual([]);
        // The inbox's controls are a thumb's size, as on its other pages (e2e/inbox-pages.spec.ts).
        if (inbox) await expectThumbTargets(page);
      });
    }
  }
});
