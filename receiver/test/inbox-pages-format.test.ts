import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDateTime, formatDue, formatTime } from '../src/inbox/ui/format';

// Expected texts written out by hand, with their no-break spaces (\u00a0) as a reader's eye would not see them.
const nbsp = (text: string) => text.replace(/_/g, '\u00a0');

test('times in Paris, summer and winter alike: « 12 h », « 9 h 30 »', () => {
  assert.equal(formatTime(new Date('2026-11-24T11:00:00Z')), nbsp('12_h'));
  assert.equal(formatTime(new Date('2026-07-07T10:00:00Z')), nbsp('12_h'));
  assert.equal(formatTime(new Date('2026-03-29T07:30:00Z')), nbsp('9_h_30'), 'the morning after the spring change');
  assert.equal(formatDateTime(new Date('2026-12-01T08:05:00Z')), nbsp('1er_décembre_2026 à 9_h_05'));
});

test('the time left: a weekday within the week, the date beyond, « en retard » once passed', () => {
  const now = new Date('2026-11-24T08:00:00Z'); // mardi 9 h
  assert.equal(formatDue(new Date('2026-11-24T11:00:00Z'), now), nbsp('à rappeler avant mardi 12_h'));
  assert.equal(formatDue(new Date('2026-11-27T16:00:00Z'), now), nbsp('à rappeler avant vendredi 17_h'));
  assert.equal(
    formatDue(new Date('2026-12-08T08:00:00Z'), now),
    nbsp('à rappeler avant 8_décembre_2026 à 9_h'),
    'two weeks ahead: a weekday alone would be ambiguous',
  );
  assert.equal(formatDue(new Date('2026-11-23T16:00:00Z'), now), nbsp('en retard depuis lundi 17_h'));
});
