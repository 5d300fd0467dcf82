import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { photoLayouts } from '@/lib/photo-layouts';
import { MERGE_RATIO, photoWidths, referenceScreens, slotWidth } from '@/lib/photo-widths';

describe('the width a photo takes, read from its sizes attribute', () => {
  test('viewport widths, pixels and calc(), the first entry whose media condition matches', () => {
    assert.equal(slotWidth('100vw', 390), 390);
    const sizes = '(min-width: 1152px) 342px, (min-width: 768px) 33vw, calc(100vw - 32px)';
    assert.equal(slotWidth(sizes, 1920), 342);
    assert.equal(slotWidth(sizes, 1152), 342);
    assert.equal(slotWidth(sizes, 800), 264);
    assert.equal(slotWidth(sizes, 390), 358);
    assert.equal(slotWidth('(max-width: 639px) 100vw, 50vw', 600), 600);
    assert.equal(slotWidth('(max-width: 639px) 100vw, 50vw', 1000), 500);
  });

  test('what it cannot read is refused, not guessed', () => {
    assert.throws(() => slotWidth('auto', 390), /auto/);
    assert.throws(() => slotWidth('50em', 390), /50em/);
    assert.throws(() => slotWidth('(min-width: 768px) 33vw', 390), /last entry/);
  });
});

describe('the widths of the copies a use needs', () => {
  test('one per screen: its slot times its pixel ratio, in ascending order', () => {
    const screens = [
      { width: 390, dpr: 3 },
      { width: 360, dpr: 2 },
      { width: 1280, dpr: 1 },
    ];
    assert.deepEqual(photoWidths('100vw', { originalWidth: 4000, screens }), [720, 1170, 1280]);
    const card = '(min-width: 1152px) 342px, (min-width: 768px) 33vw, calc(100vw - 32px)';
    assert.deepEqual(photoWidths(card, { originalWidth: 4000, screens }), [342, 656, 1074]);
  });

  test('never wider than the original: a copy is not enlarged', () => {
    const screens = [
      { width: 360, dpr: 2 },
      { width: 1440, dpr: 2 },
      { width: 1920, dpr: 1 },
    ];
    assert.deepEqual(photoWidths('100vw', { originalWidth: 1600, screens }), [720, 1600]);
  });

  test('a copy within 5 % of a wider one is left out', () => {
    const screens = [
      { width: 400, dpr: 2 },
      { width: 405, dpr: 2 },
      { width: 430, dpr: 2 },
    ];
    assert.deepEqual(photoWidths('100vw', { originalWidth: 4000, screens }), [810, 860]);
  });

  test('for each layout of the site, every reference screen finds a copy that covers its need by at most 5 % more', () => {
    for (const [name, layout] of Object.entries(photoLayouts)) {
      for (const originalWidth of [1200, 2400, Infinity]) {
        const widths = photoWidths(layout.sizes, { originalWidth });
        for (const screen of referenceScreens) {
          const need = Math.min(originalWidth, Math.ceil(slotWidth(layout.sizes, screen.width) * screen.dpr));
          assert.ok(
            widths.some((width) => width >= need && width * MERGE_RATIO <= need),
            `${name}, original ${originalWidth} px, ${screen.width} px × ${screen.dpr}: needs ${need}, offered ${widths}`,
          );
        }
        const widest = Math.min(originalWidth, Math.max(...referenceScreens.map((s) => s.width * s.dpr)));
        assert.ok(widths.every((width) => width <= widest));
      }
    }
  });

  test('a phone never needs the widest copy of the hero', () => {
    const widths = photoWidths(photoLayouts.hero.sizes, { originalWidth: Infinity });
    for (const phone of referenceScreens.filter((screen) => screen.width <= 430)) {
      assert.ok(phone.width * phone.dpr < widths.at(-1)!, `${phone.width} px × ${phone.dpr}`);
    }
    assert.ok(widths.length < 16, `${widths.length} copies`);
  });
});
