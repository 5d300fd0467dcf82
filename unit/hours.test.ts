import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NBSP } from '@/lib/characters';
import { formatTime, hoursSentence, hoursTable, schemaOpeningHours, shortHours, type OpeningRule } from '@/lib/hours';

const week: OpeningRule[] = [
  { from: 'lundi', to: 'vendredi', opens: '09:00', closes: '18:00' },
  { from: 'samedi', opens: '09:30', closes: '12:00' },
  { from: 'dimanche', note: 'Fermé' },
];
const plain = (text: string) => text.replaceAll(NBSP, ' ');

describe('opening hours', () => {
  test('times read "9 h" and "9 h 30", with no-break spaces', () => {
    assert.equal(formatTime('09:00'), `9${NBSP}h`);
    assert.equal(plain(formatTime('09:30')), '9 h 30');
    assert.equal(plain(formatTime('18:00')), '18 h');
  });

  test('a table row per rule, an en dash between the hours, notes as written', () => {
    assert.deepEqual(
      hoursTable(week).map((row) => ({ days: row.days, hours: plain(row.hours) })),
      [
        { days: 'Du lundi au vendredi', hours: '9 h – 18 h' },
        { days: 'Samedi', hours: '9 h 30 – 12 h' },
        { days: 'Dimanche', hours: 'Fermé' },
      ],
    );
  });

  test('the short form abbreviates the days and joins ranges with an en dash', () => {
    assert.equal(plain(shortHours(week)), 'Lun.–ven. : 9 h – 18 h, Sam. : 9 h 30 – 12 h');
  });

  test('the sentence form reads as French prose', () => {
    assert.equal(plain(hoursSentence(week)), 'du lundi au vendredi, de 9 h à 18 h ; samedi, de 9 h 30 à 12 h');
  });

  test('schema.org lists every open day of a range', () => {
    const [weekdays, saturday] = schemaOpeningHours(week);
    assert.equal(weekdays?.dayOfWeek.length, 5);
    assert.equal(weekdays?.dayOfWeek[4], 'https://schema.org/Friday');
    assert.deepEqual(saturday, {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['https://schema.org/Saturday'],
      opens: '09:30',
      closes: '12:00',
    });
  });
});
