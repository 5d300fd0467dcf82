import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Avis } from '@/content/data/schemas';
import { checkData, reviewRules } from '../src/facts';
import { checkReview, defaultReviewName } from '../src/requests/reviews';

/**
 * The review page's rules against the schema of the published file (content/data/avis.json): whatever the page
 * accepts, the build accepts too. Otherwise one accepted review would stop every later publication of the
 * reviews at the build's data check.
 */

const published = (review: { rating: number; text: string; name: string }) => ({
  reviews: [{ id: 'avis-1', ...review, experience: '2026-11-20', published: '2026-11-25' }],
});

const typed = (text: string, name = 'Camille D.') => ({ rating: '4', text, name, consent: true });

test('every review the page accepts passes the published file’s schema, emoji and accents included', () => {
  const pieces = ['é', 'a', '😀', '👍🏽', 'œ', ' ', '\n', '’'];
  let accepted = 0;
  for (const piece of pieces) {
    for (const length of [
      reviewRules.text.min - 1,
      reviewRules.text.min,
      reviewRules.text.max,
      reviewRules.text.max + 1,
    ]) {
      const text = `Bien${piece.repeat(length)}fait`.slice(0, length + 8);
      const checked = checkReview(typed(text));
      if (!checked.ok) continue;
      accepted += 1;
      assert.deepEqual(checkData(Avis, published(checked.review)), [], `${JSON.stringify(piece)} × ${length}`);
    }
  }
  assert.ok(accepted > pieces.length, 'the loop accepted reviews to check');
});

test('a text within the limit in characters but over it in the browser’s count (emoji) is refused', () => {
  const text = '😀'.repeat(Math.ceil(reviewRules.text.max / 2) + 1);
  assert.ok([...text].length <= reviewRules.text.max);
  const checked = checkReview(typed(text));
  assert.equal(checked.ok, false);
  assert.deepEqual(!checked.ok && checked.errors, { text: 'length' });
});

test('the default name passes the schema, however long the client’s name', () => {
  const name = defaultReviewName(`${'Jean-Baptiste-'.repeat(10)}Émile ${'Ω'.repeat(50)}`);
  const checked = checkReview(typed('Un travail soigné et rapide, merci.', name));
  assert.ok(checked.ok, JSON.stringify(checked));
  assert.deepEqual(checkData(Avis, published(checked.review)), []);
});
