import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NBSP, NNBSP } from '@/lib/characters';
import {
  formatFrenchDate,
  formatFrenchDateTime,
  formatFrenchDay,
  formatFrenchTime,
  formatSheetDateTime,
  frenchWeekday,
  formatPrice,
  months,
  percent,
  seconds,
  withVat,
  years,
} from '@/lib/format';

describe('formats', () => {
  test('prices: a no-break space before €, a narrow no-break space between thousands', () => {
    assert.equal(formatPrice(150), `150${NBSP}€`);
    assert.equal(formatPrice(20000), `20${NNBSP}000${NBSP}€`);
    assert.equal(formatPrice(1000), `1${NNBSP}000${NBSP}€`);
    assert.equal(formatPrice(0.6), `0,60${NBSP}€`);
  });

  test('VAT added to the cent', () => {
    assert.equal(withVat(150, 20), 180);
    assert.equal(withVat(120, 20), 144);
    assert.equal(withVat(0.5, 20), 0.6);
    assert.equal(withVat(99.99, 5.5), 105.49);
    // The devis's integer rule, halves up (1,265 €): the float rule gave 1,26 € (receiver/test/devis-money.test.ts
    // checks every cent to 10 000 € at each rate against a devis).
    assert.equal(withVat(1.15, 10), 1.27);
  });

  test('percentages with a decimal comma', () => {
    assert.equal(percent(20), `20${NBSP}%`);
    assert.equal(percent(5.5), `5,5${NBSP}%`);
  });

  test('seconds and dates in French', () => {
    assert.equal(seconds(5), '5 secondes');
    assert.equal(seconds(1), '1 seconde');
    assert.equal(formatFrenchDate(new Date('2026-12-01T12:00:00Z')), `1er${NBSP}décembre${NBSP}2026`);
  });

  test('one date-time format in Paris, summer and winter: « 9 h 30 », « 14 h », « 21 novembre 2026 à 9 h 30 »', () => {
    assert.equal(formatFrenchTime(new Date('2026-11-24T08:30:00Z')), `9${NBSP}h${NBSP}30`);
    assert.equal(formatFrenchTime(new Date('2026-07-07T12:00:00Z')), `14${NBSP}h`);
    assert.equal(formatFrenchTime(new Date('2026-11-24T08:05:00Z')), `9${NBSP}h${NBSP}05`);
    // 23 h 30 UTC on 31 December is already 1 January in Paris.
    assert.equal(
      formatFrenchDateTime(new Date('2026-12-31T23:30:00Z')),
      `1er${NBSP}janvier${NBSP}2027 à 0${NBSP}h${NBSP}30`,
    );
    assert.equal(formatSheetDateTime(new Date('2026-03-29T07:30:00Z')), '2026-03-29 09:30');
    assert.equal(frenchWeekday(new Date('2026-11-24T23:30:00Z')), 'mercredi');
  });

  test('one year or month is written as a word, more in figures', () => {
    assert.equal(years(1), 'un an');
    assert.equal(years(10), '10 ans');
    assert.equal(months(1), 'un mois');
    assert.equal(months(13), '13 mois');
  });

  test('days are written the French way', () => {
    assert.equal(formatFrenchDay('2026-11-21'), `21${NBSP}novembre${NBSP}2026`);
  });
});
