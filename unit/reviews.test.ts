import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { reviewsData, siteData } from '@/content/data/registry';
import { Avis, type PublishedReviewData } from '@/content/data/schemas';
import { sampleReviews } from '@/content/home';
import { placeholdersOf } from '@/content/placeholders';
import { reviewRules } from '@/content/review-rules';
import { homeReviews, publishedReviews, reviewRulesText, reviewTexts, starsLabel } from '@/content/reviews';
import { site } from '@/content/site';
import { localBusinessJsonLd } from '@/components/seo/local-business';
import { checkData } from '@/lib/data-check';
import { days, formatFrenchMonth, months, years } from '@/lib/format';
import { averageRating, formatRating, latestReviews, newestFirst } from '@/lib/reviews';

const ROOT = join(__dirname, '..');
/** Texts carry no-break spaces (typeset): compared with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A published review that passes the schema; `change` sets what a test is about. */
const review = (change: Partial<PublishedReviewData> = {}): PublishedReviewData => ({
  id: 'review-test-1',
  rating: reviewRules.rating.max,
  text: 'x'.repeat(reviewRules.text.min),
  name: 'Anne D.',
  experience: '2027-03-01',
  published: '2027-03-05',
  ...change,
});

/** The faults of a file holding `reviews`, as [path, message], messages in plain spaces. */
const faults = (...reviews: unknown[]) =>
  checkData(Avis, { reviews }).map((problem) => [problem.path, plain(problem.message)]);

describe('the published reviews’ schema', () => {
  test('takes a review at the rules’ limits, with or without an answer, its line breaks kept', () => {
    assert.deepEqual(faults(review()), []);
    assert.deepEqual(faults(review({ text: 'Première ligne.\nDeuxième ligne, après un retour.' })), []);
    assert.deepEqual(
      faults(
        review({
          rating: reviewRules.rating.min,
          text: 'y'.repeat(reviewRules.text.max),
          experience: '2027-03-05',
          answer: { text: 'Merci.', date: '2027-03-06' },
        }),
      ),
      [],
    );
  });

  test(`refuses a rating of ${reviewRules.rating.max + 1}, a text of ${reviewRules.text.min - 1} characters, a review published before the works`, () => {
    assert.deepEqual(
      faults(review({ rating: reviewRules.rating.max + 1 })).map(([path]) => path),
      ['/reviews/0/rating'],
    );
    assert.deepEqual(
      faults(review({ rating: reviewRules.rating.min - 1 })).map(([path]) => path),
      ['/reviews/0/rating'],
    );
    assert.deepEqual(faults(review({ text: 'x'.repeat(reviewRules.text.min - 1) })), [
      ['/reviews/0/text', `${reviewRules.text.min} caractères au moins`],
    ]);
    assert.deepEqual(
      faults(review({ text: 'x'.repeat(reviewRules.text.max + 1) })).map(([path]) => path),
      ['/reviews/0/text'],
    );
    assert.deepEqual(faults(review({ experience: '2027-03-06', published: '2027-03-05' })), [
      ['/reviews/0/published', 'Un avis est publié après les travaux'],
    ]);
  });

  test('the committed file and the test builds’ fixture pass it', () => {
    assert.deepEqual(checkData(Avis, reviewsData), []);
    const fixture: unknown = JSON.parse(readFileSync(join(ROOT, 'e2e/fixtures/reviews.json'), 'utf8'));
    assert.deepEqual(checkData(Avis, fixture), []);
  });
});

describe('the reviews’ order, average and the latest ones', () => {
  const older = review({ id: 'review-older', rating: 5, published: '2027-01-10', experience: '2027-01-02' });
  const newer = review({ id: 'review-newer', rating: 4, published: '2027-02-10', experience: '2027-02-01' });
  const sameDayEarlierWorks = review({
    id: 'review-same-a',
    rating: 4,
    published: '2027-02-10',
    experience: '2027-01-20',
  });
  const negative = review({ id: 'review-negative', rating: 1, published: '2026-12-01', experience: '2026-11-20' });

  test('newest published first; on the same day, the more recent works first; whatever the file’s order', () => {
    const expected = ['review-newer', 'review-same-a', 'review-older', 'review-negative'];
    assert.deepEqual(
      newestFirst([negative, older, sameDayEarlierWorks, newer]).map((item) => item.id),
      expected,
    );
    assert.deepEqual(
      newestFirst([newer, sameDayEarlierWorks, older, negative].reverse()).map((item) => item.id),
      expected,
    );
  });

  test('the average has one decimal and a French comma; none without a review', () => {
    assert.equal(averageRating([]), null);
    // (5 + 4 + 4 + 1) / 4 = 3.5; (5 + 4 + 4) / 3 = 4.33…; a single 5 reads « 5,0 ».
    assert.equal(averageRating([older, newer, sameDayEarlierWorks, negative]), 3.5);
    assert.equal(formatRating(averageRating([older, newer, sameDayEarlierWorks])!), '4,3');
    assert.equal(formatRating(averageRating([older])!), '5,0');
    assert.equal(formatRating(averageRating([negative, newer])!), '2,5');
  });

  test('the home page takes the three latest, the negative ones as any other', () => {
    assert.deepEqual(
      latestReviews([older, negative, newer, sameDayEarlierWorks], 3).map((item) => item.id),
      ['review-newer', 'review-same-a', 'review-older'],
    );
    const negativeLatest = { ...negative, published: '2027-05-01', experience: '2027-04-01' };
    assert.equal(latestReviews([older, newer, negativeLatest], 3)[0], negativeLatest);
  });

  test('the site shows the committed file’s reviews, newest first, and at most three on the home page', () => {
    assert.equal(publishedReviews.length, reviewsData.reviews.length);
    assert.deepEqual(
      publishedReviews.map((item) => item.id),
      newestFirst(reviewsData.reviews).map((item) => item.id),
    );
    assert.deepEqual(homeReviews, publishedReviews.slice(0, 3));
  });

  test('the stars read « 4 sur 5 », the works their month', () => {
    assert.equal(plain(starsLabel(4)), `4 sur ${reviewRules.rating.max}`);
    assert.equal(plain(formatFrenchMonth('2026-11-21')), 'novembre 2026');
    assert.equal(plain(reviewTexts.experience), 'Travaux réalisés en');
  });
});

describe('the rules, stated from their numbers', () => {
  const text = plain(
    reviewRulesText.points.map((point) => [point.text, ...(point.list ?? [])].join(' ')).join(' ') +
      ` ${reviewRulesText.basis}`,
  );

  test('checked, through the personal link sent after the works, and not otherwise', () => {
    assert.match(text, /Les avis sont vérifiés : seuls nos clients peuvent en donner un\./);
    assert.ok(text.includes(`${days(reviewRules.requestAfterDays)} après la fin des travaux`), text);
    assert.ok(text.includes(`lien personnel, valable ${months(reviewRules.linkValidMonths)}`));
    assert.match(text, /Aucun avis ne peut être déposé autrement\./);
    assert.match(text, /aucun autre contrôle, notamment par un organisme indépendant/);
  });

  test('not paid nor rewarded, published in full, negative ones included, in order of date, within the delay', () => {
    assert.match(text, /Aucun avis n’est payé ni récompensé/);
    assert.match(text, /tous les avis qui respectent ces règles, favorables ou non, en entier/);
    assert.match(text, /nous ne modifions jamais leur texte/);
    assert.match(text, /du plus récent au plus ancien/);
    assert.ok(text.includes(`publié dans les ${days(reviewRules.publishWithinDays)} qui suivent son envoi`));
  });

  test('the refusal reasons, each of them, and only those', () => {
    const refusal = reviewRulesText.points.find((point) => point.list);
    assert.match(plain(refusal!.text), /Nous ne refusons un avis que pour l’un des motifs suivants/);
    assert.deepEqual(
      refusal!.list!.map((item) =>
        plain(item)
          .replace(/ ?[;.]$/, '')
          .toLowerCase(),
      ),
      reviewRules.refusalReasons.map((reason) => plain(reason.label).toLowerCase()),
    );
  });

  test('how long a review stays, how to change or remove it, the public answer and the legal basis', () => {
    assert.ok(text.includes(`reste en ligne ${years(reviewRules.keepYears)} à compter de sa publication`));
    assert.match(text, /le modifier ou le supprimer avec le même lien personnel/);
    assert.ok(text.includes(`en nous écrivant à ${site.email}`));
    assert.match(text, /répondre publiquement à un avis/);
    assert.match(text, /articles L\. 111-7-2 et D\. 111-17 à D\. 111-19 du Code de la consommation/);
  });
});

describe('the sample reviews and the go-live check', () => {
  const testimonials = placeholdersOf(siteData, []).find((item) => item.fields.includes('/testimonials'))!;
  const samplesInData = siteData.accueil.testimonials.some((item) => item.sample);

  test('while no review is published, the samples stay and so does the go-live question', () => {
    assert.equal(testimonials.pending, samplesInData);
    assert.equal(sampleReviews, samplesInData && reviewsData.reviews.length === 0);
  });

  test('one real review published: the question is gone', () => {
    const after = placeholdersOf(siteData, [review()]).find((item) => item.fields.includes('/testimonials'))!;
    assert.equal(after.pending, false);
    assert.equal(
      placeholdersOf(siteData, [review()]).filter((item) => item.pending).length,
      placeholdersOf(siteData, []).filter((item) => item.pending).length - (samplesInData ? 1 : 0),
    );
  });
});

describe('no review markup for search engines', () => {
  /** Every key of a JSON value, at any depth. */
  const keys = (value: unknown): string[] =>
    value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)]) : [];

  test('the company’s JSON-LD has no aggregateRating, no review', () => {
    const data = localBusinessJsonLd();
    assert.ok(keys(data).includes('address'), 'the walk reaches nested keys');
    for (const key of ['aggregateRating', 'review', 'reviews']) assert.ok(!keys(data).includes(key), key);
    assert.doesNotMatch(JSON.stringify(data), /"@type":"(?:Review|AggregateRating|Rating)"/);
  });
});
