import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { devisVatRates, NBSP, NNBSP, priceListLines } from '../src/facts';
import {
  bpOfPercent,
  centsOfEuros,
  devisTotals,
  formatCents,
  formatQuantity,
  formatRate,
  LINE_LIMITS,
  lineHtCents,
  validateLines,
  VAT_RATES_BP,
} from '../src/requests/devis/money';
import { priceListDevisLines } from '../src/requests/devis/price-list';
import type { DevisLine } from '../src/requests/devis/types';
import { services } from '@/content/services';
import { rates, vat } from '@/content/pricing';
import { withVat } from '@/lib/format';

/**
 * The devis's money (requests/devis/money.ts): worked examples computed by hand below, then properties over
 * any lines and any quantities within the limits (fast-check): the totals add up exactly, each amount is
 * within half a cent of the exact value, nothing but a safe integer reaches a total, and the lines' order
 * changes nothing.
 */

const line = (
  quantityMilli: number,
  unitPriceHtCents: number,
  vatRateBp: number,
  kind: DevisLine['kind'] = 'service',
) =>
  ({ designation: 'Prestation', quantityMilli, unit: 'unité', unitPriceHtCents, vatRateBp, kind }) satisfies DevisLine;

describe('worked examples, computed by hand', () => {
  const examples: {
    name: string;
    lines: DevisLine[];
    lineHt: number[];
    vat: [number, number, number][];
    ht: number;
    ttc: number;
  }[] = [
    {
      // 1 × 150,00 € = 150,00 € HT; 20 % of it is 30,00 €.
      name: 'one service at 20 %',
      lines: [line(1000, 15000, 2000)],
      lineHt: [15000],
      vat: [[2000, 15000, 3000]],
      ht: 15000,
      ttc: 18000,
    },
    {
      // 1,5 h × 55,00 € = 82,50 €; 20 % = 16,50 €.
      name: 'an hour and a half of labour',
      lines: [line(1500, 5500, 2000)],
      lineHt: [8250],
      vat: [[2000, 8250, 1650]],
      ht: 8250,
      ttc: 9900,
    },
    {
      // 0,125 × 0,99 € = 12,375 c -> 12 c (below the half); 0,5 × 0,01 € = 0,5 c -> 1 c (half-up).
      // Base 13 c at 20 % = 2,6 c -> 3 c.
      name: 'line amounts rounded half-up to the cent',
      lines: [line(125, 99, 2000), line(500, 1, 2000)],
      lineHt: [12, 1],
      vat: [[2000, 13, 3]],
      ht: 13,
      ttc: 16,
    },
    {
      // 100,05 € at 10 % = 10,005 € -> 10,01 €; 3 × 33,33 € = 99,99 € at 5,5 % = 5,49945 € -> 5,50 €;
      // 2 × 0,05 € = 0,10 € at 20 % = 0,02 €. HT 200,14 €; VAT 5,50 + 10,01 + 0,02 = 15,53 €; TTC 215,67 €.
      name: 'three rates, listed by increasing rate',
      lines: [line(1000, 10005, 1000), line(3000, 3333, 550, 'goods'), line(2000, 5, 2000)],
      lineHt: [10005, 9999, 10],
      vat: [
        [550, 9999, 550],
        [1000, 10005, 1001],
        [2000, 10, 2],
      ],
      ht: 20014,
      ttc: 21567,
    },
    {
      // Two lines of 0,03 € at 20 %: the VAT is taken on the rate's base, 0,06 € × 20 % = 1,2 c -> 1 c
      // (line by line it would have been 0,6 c -> 1 c twice, 2 c).
      name: 'VAT per rate, not per line',
      lines: [line(1000, 3, 2000), line(1000, 3, 2000)],
      lineHt: [3, 3],
      vat: [[2000, 6, 1]],
      ht: 6,
      ttc: 7,
    },
    {
      // 100 000 × 1 000 000,00 € = 100 000 000 000,00 € (10^13 c) at 20 %: exact beyond 2^53 in the product.
      name: 'the largest line',
      lines: [line(LINE_LIMITS.maxQuantityMilli, LINE_LIMITS.maxUnitPriceCents, 2000)],
      lineHt: [10_000_000_000_000],
      vat: [[2000, 10_000_000_000_000, 2_000_000_000_000]],
      ht: 10_000_000_000_000,
      ttc: 12_000_000_000_000,
    },
  ];
  for (const example of examples) {
    test(example.name, () => {
      assert.deepEqual(validateLines(example.lines), []);
      const totals = devisTotals(example.lines);
      assert.deepEqual(totals.lineHtCents, example.lineHt);
      assert.deepEqual(
        totals.vat.map((rate) => [rate.vatRateBp, rate.baseHtCents, rate.vatCents]),
        example.vat,
      );
      assert.equal(totals.htCents, example.ht);
      assert.equal(totals.ttcCents, example.ttc);
    });
  }

  test('amounts, quantities and rates as the devis prints them', () => {
    assert.equal(formatCents(123456), `1${NNBSP}234,56${NBSP}€`);
    assert.equal(formatCents(50), `0,50${NBSP}€`);
    assert.equal(formatCents(100000000), `1${NNBSP}000${NNBSP}000,00${NBSP}€`);
    assert.equal(formatQuantity(1500), '1,5');
    assert.equal(formatQuantity(2000), '2');
    assert.equal(formatQuantity(125), '0,125');
    assert.equal(formatRate(550), `5,5${NBSP}%`);
    assert.equal(formatRate(2000), `20${NBSP}%`);
    assert.equal(formatCents(-500), `-5,00${NBSP}€`);
    assert.equal(formatQuantity(1234000), `1${NNBSP}234`);
    assert.equal(formatRate(1000), `10${NBSP}%`);
    assert.equal(formatRate(1234), `12,34${NBSP}%`);
  });

  test('content/’s percentages and euros in the devis’s units: basis points and cents', () => {
    assert.equal(bpOfPercent(20), 2000);
    assert.equal(bpOfPercent(5.5), 550);
    assert.equal(bpOfPercent(0.1), 10);
    assert.deepEqual(
      VAT_RATES_BP,
      devisVatRates.map((rate) => bpOfPercent(rate.ratePercent)),
    );
    assert.equal(centsOfEuros(1500), 150000);
    assert.equal(centsOfEuros(0.5), 50);
    assert.equal(centsOfEuros(19.99), 1999);
    assert.throws(() => centsOfEuros(0.125), RangeError);
  });
});

const lineArbitrary: fc.Arbitrary<DevisLine> = fc.record({
  designation: fc.string({ minLength: 1, maxLength: 40 }).filter((text) => /^[\p{L}\d][\p{L}\d ,.'’-]*$/u.test(text)),
  quantityMilli: fc.oneof(
    fc.integer({ min: LINE_LIMITS.minQuantityMilli, max: 10_000 }),
    fc.integer({ min: LINE_LIMITS.minQuantityMilli, max: LINE_LIMITS.maxQuantityMilli }),
  ),
  unit: fc.constantFrom('forfait', 'heure', 'km', 'm²'),
  unitPriceHtCents: fc.oneof(
    fc.integer({ min: 0, max: 100_000 }),
    fc.integer({ min: 0, max: LINE_LIMITS.maxUnitPriceCents }),
  ),
  vatRateBp: fc.constantFrom(...VAT_RATES_BP),
  kind: fc.constantFrom<DevisLine['kind']>('service', 'goods'),
});
const linesArbitrary = fc.array(lineArbitrary, { minLength: 1, maxLength: LINE_LIMITS.maxLines });

describe('any lines, any quantities (fast-check)', () => {
  test('the generated lines are valid ones', () => {
    fc.assert(fc.property(linesArbitrary, (lines) => validateLines(lines).length === 0));
  });

  test('the totals add up exactly, and are safe integers', () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const totals = devisTotals(lines);
        const all = [totals.htCents, totals.ttcCents, ...totals.lineHtCents];
        for (const rate of totals.vat) all.push(rate.baseHtCents, rate.vatCents);
        assert.ok(all.every((value) => Number.isSafeInteger(value) && value >= 0));
        assert.equal(totals.lineHtCents.length, lines.length);
        assert.equal(
          totals.htCents,
          totals.lineHtCents.reduce((a, b) => a + b, 0),
        );
        assert.equal(
          totals.vat.reduce((sum, rate) => sum + rate.baseHtCents, 0),
          totals.htCents,
        );
        assert.equal(totals.ttcCents, totals.htCents + totals.vat.reduce((sum, rate) => sum + rate.vatCents, 0));
        // One entry per rate used, by increasing rate, each base the sum of that rate's lines.
        assert.deepEqual(
          totals.vat.map((rate) => rate.vatRateBp),
          [...new Set(lines.map((l) => l.vatRateBp))].sort((a, b) => a - b),
        );
        for (const rate of totals.vat) {
          const base = lines.reduce(
            (sum, l, index) => (l.vatRateBp === rate.vatRateBp ? sum + (totals.lineHtCents[index] ?? 0) : sum),
            0,
          );
          assert.equal(rate.baseHtCents, base);
        }
      }),
    );
  });

  test('each line amount and each rate’s VAT is within half a cent of the exact value, halves rounded up', () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const totals = devisTotals(lines);
        lines.forEach((l, index) => {
          // Exact amount × 1000 against the rounded one × 1000, on BigInt: the gap is at most 500.
          const exact = BigInt(l.quantityMilli) * BigInt(l.unitPriceHtCents);
          const gap = BigInt(totals.lineHtCents[index] ?? -1) * 1000n - exact;
          assert.ok(gap >= -499n && gap <= 500n, `line ${index}: gap ${gap}/1000 c`);
        });
        for (const rate of totals.vat) {
          const exact = BigInt(rate.baseHtCents) * BigInt(rate.vatRateBp);
          const gap = BigInt(rate.vatCents) * 10_000n - exact;
          assert.ok(gap >= -4999n && gap <= 5000n, `rate ${rate.vatRateBp}: gap ${gap}/10000 c`);
        }
      }),
    );
  });

  test('the order of the lines changes no total', () => {
    fc.assert(
      fc.property(
        linesArbitrary.chain((lines) =>
          fc.tuple(
            fc.constant(lines),
            fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
          ),
        ),
        ([lines, shuffled]) => {
          const a = devisTotals(lines);
          const b = devisTotals(shuffled);
          assert.equal(b.htCents, a.htCents);
          assert.equal(b.ttcCents, a.ttcCents);
          assert.deepEqual(b.vat, a.vat);
          assert.deepEqual(
            [...b.lineHtCents].sort((x, y) => x - y),
            [...a.lineHtCents].sort((x, y) => x - y),
          );
        },
      ),
    );
  });

  test('splitting a line in two changes its amount by at most a cent', () => {
    fc.assert(
      fc.property(lineArbitrary, fc.integer({ min: 1, max: 999 }), (l, permille) => {
        fc.pre(l.quantityMilli >= 2);
        const first = Math.max(1, Math.min(l.quantityMilli - 1, Math.floor((l.quantityMilli * permille) / 1000)));
        const parts = [
          { ...l, quantityMilli: first },
          { ...l, quantityMilli: l.quantityMilli - first },
        ];
        const whole = lineHtCents(l);
        const split = devisTotals(parts).htCents;
        assert.ok(Math.abs(split - whole) <= 1);
      }),
    );
  });
});

describe('validation', () => {
  const valid = line(1000, 15000, 2000);
  const messages = (lines: DevisLine[]) => validateLines(lines).map((error) => error.message);

  test('each limit refused with a French message naming the line', () => {
    assert.deepEqual(messages([]), ['Le devis doit compter au moins une ligne.']);
    assert.match(
      messages(Array.from({ length: LINE_LIMITS.maxLines + 1 }, () => valid))[0] ?? '',
      /plus de 100 lignes/,
    );
    assert.deepEqual(messages([valid, { ...valid, quantityMilli: 0 }]), [
      `Ligne 2${NBSP}: la quantité doit être comprise entre 0,001 et 100${NNBSP}000, avec trois décimales au plus.`,
    ]);
    for (const quantityMilli of [LINE_LIMITS.maxQuantityMilli + 1, 1.5, Number.NaN, -1000]) {
      assert.equal(validateLines([{ ...valid, quantityMilli }])[0]?.field, 'quantityMilli', String(quantityMilli));
    }
    for (const unitPriceHtCents of [-1, 0.5, LINE_LIMITS.maxUnitPriceCents + 1, Number.POSITIVE_INFINITY]) {
      assert.equal(validateLines([{ ...valid, unitPriceHtCents }])[0]?.field, 'unitPriceHtCents');
    }
    assert.deepEqual(messages([{ ...valid, vatRateBp: 700 }]), [
      `Ligne 1${NBSP}: le taux de TVA doit être l’un de ceux-ci${NBSP}: 20${NBSP}%, 10${NBSP}%, 5,5${NBSP}%.`,
    ]);
    assert.equal(validateLines([{ ...valid, kind: 'other' as DevisLine['kind'] }])[0]?.field, 'kind');
    assert.equal(
      validateLines([{ ...valid, designation: '   ' }])[0]?.message,
      `Ligne 1${NBSP}: indiquez la désignation.`,
    );
    assert.equal(
      validateLines([{ ...valid, designation: 'x'.repeat(LINE_LIMITS.maxDesignationLength + 1) }])[0]?.field,
      'designation',
    );
    assert.equal(validateLines([{ ...valid, designation: 'Pièce\u0007' }])[0]?.field, 'designation');
    assert.deepEqual(validateLines([{ ...valid, designation: 'Pièce\nposée' }]), []);
    assert.equal(validateLines([{ ...valid, unit: 'h\nx' }])[0]?.field, 'unit');
    assert.equal(validateLines([{ ...valid, unit: 'x'.repeat(LINE_LIMITS.maxUnitLength + 1) }])[0]?.field, 'unit');
    assert.deepEqual(validateLines([{ ...valid, unitPriceHtCents: 0 }]), []);
    // The characters rule (lib/text-characters.ts): bidirectional and invisible characters refused too.
    for (const designation of ['Engagement \u202E21\u202C mois', 'Pi\u200Bèce', 'Pièce\u2028posée', 'Pi\rèce']) {
      assert.match(messages([{ ...valid, designation }])[0] ?? '', /Ligne 1.*caractère invisible ou de contrôle/u);
    }
    assert.match(messages([{ ...valid, unit: 'h\u202E' }])[0] ?? '', /l’unité contient un caractère invisible/u);
  });

  test('the rates allowed are content/devis.ts’s, from content/pricing.ts', () => {
    assert.deepEqual(VAT_RATES_BP, [vat.standardRate * 100, vat.homeWorksRate * 100, vat.energyRenovationRate * 100]);
    assert.deepEqual(
      devisVatRates.map((rate) => rate.ratePercent),
      [vat.standardRate, vat.homeWorksRate, vat.energyRenovationRate],
    );
  });
});

describe('the price list as devis lines', () => {
  test('the same amounts as content/pricing.ts and content/services.ts, in cents, at the standard rate', () => {
    const lines = priceListDevisLines();
    assert.deepEqual(validateLines(lines), []);
    for (const service of services) {
      const found = lines.find((l) => l.id === `service:${service.id}`);
      assert.equal(found?.unitPriceHtCents, service.priceFrom * 100, service.id);
      assert.equal(found?.from, true);
      assert.ok(found?.designation.startsWith(service.title));
    }
    assert.equal(lines.find((l) => l.id === 'hourly')?.unitPriceHtCents, Math.round(rates.hourlyEuros * 100));
    assert.equal(lines.find((l) => l.id === 'travel')?.unitPriceHtCents, Math.round(rates.travelPerKmEuros * 100));
    assert.ok(lines.every((l) => l.vatRateBp === vat.standardRate * 100 && l.quantityMilli === 1000));
    assert.equal(lines.length, priceListLines().length);
  });
});

describe('one VAT rule for the site and the devis', () => {
  // Every cent from 0 to 10 000 € at each rate a devis may take: the site's price TTC (lib/format.ts withVat,
  // the price list's pages) is the TTC of a one-line devis of that price (devisTotals).
  test('withVat gives, to the cent, the TTC of a devis of that price, at every rate', () => {
    for (const rateBp of VAT_RATES_BP) {
      let differ = 0;
      for (let cents = 0; cents <= 1_000_000; cents += 1) {
        const devis = devisTotals([line(1000, cents, rateBp)]).ttcCents;
        if (Math.round(withVat(cents / 100, rateBp / 100) * 100) !== devis) differ += 1;
      }
      assert.equal(differ, 0, `${rateBp} bp`);
    }
    // The amount the float rule got wrong at 10 %: 1,15 € HT is 1,265 € TTC, 1,27 € rounded half-up.
    assert.equal(withVat(1.15, 10), 1.27);
    assert.equal(devisTotals([line(1000, 115, 1000)]).ttcCents, 127);
  });

  test('the site’s prices at the standard rate are those it showed before (whole cents, as euros)', () => {
    const before = (euros: number) => Math.round(euros * (100 + vat.standardRate)) / 100;
    for (const euros of [...services.map((service) => service.priceFrom), rates.hourlyEuros, rates.travelPerKmEuros]) {
      assert.equal(withVat(euros, vat.standardRate), before(euros), String(euros));
    }
    for (let cents = 0; cents <= 1_000_000; cents += 1) {
      if (withVat(cents / 100, vat.standardRate) !== before(cents / 100)) assert.fail(`${cents} cents`);
    }
  });
});
