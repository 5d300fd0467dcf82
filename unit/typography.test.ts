import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NBSP, NNBSP } from '@/lib/characters';
import { ELLIPSIS, frenchTypography, typeset } from '@/lib/typography';

/** Writes the invisible spaces so a failure reads: "_" for U+00A0, "^" for U+202F. */
const show = (text: string) => text.replaceAll(NBSP, '_').replaceAll(NNBSP, '^');
const check = (input: string, expected: string) => assert.equal(show(frenchTypography(input)), expected);

describe('typeset: French typography of content texts', () => {
  test('narrow no-break space before ; ! ? and inside « »', () => {
    check('Merci ! Une question ? Oui ; non', 'Merci^! Une question^? Oui^; non');
    check('Merci! Vraiment?', 'Merci^! Vraiment^?');
    check('« Bon pour accord »', '«^Bon pour accord^»');
  });

  test('no-break space before a colon, but not inside an address or a time', () => {
    check('Horaires : lundi', 'Horaires_: lundi');
    check('https://www.cnil.fr/fr', 'https://www.cnil.fr/fr');
  });

  test('no-break space between a number and its unit, 24 h/24 and 7 j/7 included', () => {
    check(
      '150 €, 10 Mo, 30 km, 48 h, 30 %, 14 jours, 6 mois, 3 ans',
      '150_€, 10_Mo, 30_km, 48_h, 30_%, 14_jours, 6_mois, 3_ans',
    );
    check('Service 24 h/24, 7 j/7', 'Service 24_h/24, 7_j/7');
  });

  test('no-break space after n° and between € and HT or TTC', () => {
    check('contrat n° 12, N° de TVA', 'contrat n°_12, N°_de TVA');
    check('contrat n°[Numéro]', 'contrat n°_[Numéro]');
    check('150 € HT, soit 180 € TTC', '150_€_HT, soit 180_€_TTC');
  });

  test('thousands grouped with a narrow no-break space, years and postcodes left alone', () => {
    check('1 000 €, 300 000 euros, 20 000', '1^000_€, 300^000 euros, 20^000');
    check(`1${NBSP}000`, '1^000');
    check('fondée en 2004, 06600 Antibes', 'fondée en 2004, 06600 Antibes');
  });

  test('phone numbers never break', () => {
    check('Appelez le 04 65 71 23 45.', 'Appelez le 04_65_71_23_45.');
  });

  test('three dots become an ellipsis', () => {
    check('délais...', `délais${ELLIPSIS}`);
    check('délais…', 'délais…');
  });

  test('typeset applies the rules to every string of an object, deeply, and leaves the rest', () => {
    const value = typeset({ a: 'Oui !', list: ['150 € HT'], n: 12, nested: { b: '10 000' }, flag: true });
    assert.deepEqual(value, {
      a: `Oui${NNBSP}!`,
      list: [`150${NBSP}€${NBSP}HT`],
      n: 12,
      nested: { b: `10${NNBSP}000` },
      flag: true,
    });
  });
});
