import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatSiren, formatSiret, passesLuhn, rcsLine, vatNumber } from '@/lib/identifiers';

describe('company identifiers', () => {
  test('SIREN and SIRET are grouped as INSEE prints them', () => {
    assert.equal(formatSiren('732829320'), '732 829 320');
    assert.equal(formatSiret('732 829 320', '00074'), '732 829 320 00074');
    assert.equal(rcsLine('Nanterre', '732829320'), '732 829 320 RCS Nanterre');
  });

  test('the VAT number key is computed from the SIREN', () => {
    // Published pairs: the usual example FR 40 303 265 045, and TotalEnergies SE, FR 59 542 051 180.
    assert.equal(vatNumber('303 265 045'), 'FR40303265045');
    assert.equal(vatNumber('542051180'), 'FR59542051180');
  });

  test('the Luhn check accepts valid numbers and refuses a typo', () => {
    assert.equal(passesLuhn('732 829 320'), true);
    assert.equal(passesLuhn('732 829 321'), false);
    assert.equal(passesLuhn(''), false);
  });
});
