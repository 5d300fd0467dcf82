import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { devisDocumentOf } from '../src/documents/devis-of-version';
import { CONTRACT_WAY_LABELS } from '../src/documents/devis-pdf';
import { proofTexts, site, withdrawalForm, withdrawalTexts } from '../src/facts';
import type { FrozenDevis } from '../src/requests/devis/draft';
import type { ContractWay } from '../src/requests/devis/types';
import { sampleFrozen } from './factories';

/**
 * The PDF's fonts, the subsets of Inter committed in receiver/assets/fonts/ (made by
 * receiver/bin/subset-fonts.sh): each face must draw every character a devis shows. The texts written by
 * the company (mentions, withdrawal section and form, proof page) are drawn as they are, so a character
 * missing there would print as an empty box; a client's text drawn with a missing character reads « ? ».
 * Read with fontkit, the font library under the PDF renderer.
 */
type FontkitFont = {
  hasGlyphForCodePoint(codePoint: number): boolean;
  getName(key: string): string | null;
  availableFeatures: string[];
  directory: { tables: Record<string, unknown> };
};
const fontkit = createRequire(import.meta.url)('fontkit') as { create(buffer: Buffer): FontkitFont };

const fontsDir = fileURLToPath(new URL('../assets/fonts/', import.meta.url));
const FACES = ['Inter-Regular.ttf', 'Inter-Italic.ttf', 'Inter-Bold.ttf'];
const fonts = FACES.map((file) => ({ file, font: fontkit.create(readFileSync(fontsDir + file)) }));

/** The characters of `text` the font cannot draw (line breaks and tabs are not drawn). */
function missing(font: FontkitFont, text: string): string[] {
  const chars = new Set([...text].filter((char) => !/[\n\r\t]/.test(char)));
  return [...chars].filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0));
}

/** Every string inside a value (objects, arrays), e.g. a content module's texts. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** A frozen devis as the sending stores it: the rules then write its mentions and withdrawal texts. */
function frozen(way: ContractWay, urgent: boolean, professional: boolean): FrozenDevis {
  const sample = sampleFrozen();
  const client = professional
    ? { ...sample.client, kind: 'professional' as const, siren: '732829320' }
    : { ...sample.client, kind: 'consumer' as const };
  return sampleFrozen({ client, way, urgent, depositCents: 30000 });
}

/** French typography: its spaces, quotes, apostrophe, dashes, ligatures, accents and signs. */
const FRENCH = '\u00a0\u202f\u2009\u2011 «»’‘“”–—…·°€%§ œŒæÆ àâäçéèêëîïôöùûüÿ ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸ n° 1er 2e';

/** Names a client may type, from the languages of Europe and beyond that write in Latin, Greek or Cyrillic. */
const NAMES = [
  'Zoë Brontë',
  'François Lefèvre-Œhler',
  'Łukasz Wałęsa',
  'Antonín Dvořák',
  'Ștefan Țiriac, Ştefan Ţiriac',
  'Øyvind Ørsted',
  'Ångström',
  'Jürgen Gößmann',
  'Nguyễn Thị Ánh Tuyết',
  'İlkay Gündoğan',
  'Þórður Guðmundsson',
  'Ľudovít Štúr',
  'Kővári Erzsébet Űrös',
  'Begoña Núñez',
  'Ġużeppi Ħabib',
  'Jānis Ķemers, Rūta Ļaudaņska',
  'Aistė Žemaitytė',
  'Ngũgĩ wa Thiongʼo, Hawaiʻi',
  'Μαρία Παπαδοπούλου',
  'Дмитрий Шостакович',
];

describe('the PDF fonts', () => {
  test('each face draws French typography and the names a client may type', () => {
    for (const { file, font } of fonts) {
      assert.deepEqual(missing(font, FRENCH), [], `${file}: French typography`);
      for (const name of NAMES) assert.deepEqual(missing(font, name), [], `${file}: ${name}`);
    }
  });

  test('each face draws every text the company writes on a devis and its proof page', () => {
    const texts = [
      ...stringsOf(CONTRACT_WAY_LABELS),
      ...stringsOf(withdrawalForm(site)),
      ...stringsOf(withdrawalTexts),
      ...stringsOf(proofTexts),
    ];
    // The mentions and withdrawal sections the rules write, for every way of making the contract.
    for (const way of Object.keys(CONTRACT_WAY_LABELS) as ContractWay[]) {
      for (const urgent of [false, true]) {
        for (const professional of [false, true]) {
          const doc = devisDocumentOf(frozen(way, urgent, professional));
          texts.push(...stringsOf(doc.mentions), ...stringsOf(doc.withdrawal), ...stringsOf(doc.company));
        }
      }
    }
    assert.ok(texts.length > 50, `${texts.length} texts`);
    for (const { file, font } of fonts) assert.deepEqual(missing(font, texts.join('')), [], file);
  });

  test('the subsets keep Inter’s names and copyright, with its licence beside them', () => {
    const licence = readFileSync(fontsDir + 'OFL.txt', 'utf8');
    assert.match(licence, /SIL OPEN FONT LICENSE Version 1\.1/);
    assert.match(licence, /Copyright \d{4} The Inter Project Authors/);
    for (const { file, font } of fonts) {
      assert.equal(font.getName('fontFamily'), 'Inter', file);
      assert.match(font.getName('copyright') ?? '', /The Inter Project Authors/, file);
      assert.match(font.getName('license') ?? '', /SIL Open Font License/, file);
    }
  });

  test('the subsets have no OpenType layout tables, which slowed every render', () => {
    for (const { file, font } of fonts) {
      for (const table of ['GSUB', 'GPOS', 'GDEF', 'kern']) {
        assert.ok(!(table in font.directory.tables), `${file}: ${table}`);
      }
    }
  });
});
