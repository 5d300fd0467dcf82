import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { MULTI_LINE, SINGLE_LINE } from '@/content/form-contract';
import {
  CONTROL,
  forbiddenCharacter,
  normaliseLineEnds,
  printable,
  printableText,
  visible,
  withoutInvisible,
} from '../src/facts';
import { parseForm } from '../src/form-body';

/**
 * The receiver's one rule about characters (lib/text-characters.ts): line ends, control, line-separating and
 * format characters, and that no other module of receiver/src writes a control-character class of its own.
 */

const char = (code: number) => String.fromCodePoint(code);
const controls = [...Array.from({ length: 0x20 }, (_, i) => i), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)];

describe('line ends', () => {
  test('CRLF and lone CR become LF, LF stays', () => {
    assert.equal(normaliseLineEnds('un\r\ndeux\rtrois\nquatre\r\n\r\n'), 'un\ndeux\ntrois\nquatre\n\n');
  });

  test('a form body has its line ends normalised, a name posted twice keeps both values', () => {
    assert.deepEqual(parseForm('designation=Ligne+un%0D%0ALigne+deux%0Dtrois&a=1&a=2&__proto__=x'), {
      designation: 'Ligne un\nLigne deux\ntrois',
      a: ['1', '2'],
      ['__proto__']: 'x',
    });
    assert.equal(Object.getPrototypeOf(parseForm('__proto__=x')), Object.prototype);
  });
});

describe('what a field may hold', () => {
  test('every C0 but tab and LF, DEL and every C1 is a control, in one line or several', () => {
    for (const code of controls) {
      const expected = code === 0x09 ? null : code === 0x0a ? 'line-break' : 'control';
      assert.equal(forbiddenCharacter(`a${char(code)}b`, 'one'), expected, code.toString(16));
      assert.equal(forbiddenCharacter(`a${char(code)}b`, 'several'), code === 0x0a || code === 0x09 ? null : 'control');
    }
  });

  test('line separators break a one-line field; bidirectional and invisible characters are refused everywhere', () => {
    assert.equal(forbiddenCharacter('a\u2028b', 'one'), 'line-break');
    assert.equal(forbiddenCharacter('a\u2029b', 'several'), 'control');
    for (const code of [0x202a, 0x202e, 0x2066, 0x2069, 0x200b, 0x200f, 0x2060, 0xfeff, 0x00ad, 0x061c]) {
      assert.equal(forbiddenCharacter(`12 ${char(code)}mois`, 'several'), 'control', code.toString(16));
    }
    for (const text of ['Remplacement du ballon d’eau chaude – 200 L', 'Ligne un\nLigne deux', 'Œuvre 5,5 %\t€']) {
      assert.equal(forbiddenCharacter(text, 'several'), null, text);
    }
  });

  // The visitor's forms (content/form-contract.ts, shared with the site) refuse the rule's controls; they
  // accept format characters, which the inbox shows written out (visible).
  test('the forms’ contract (content/form-contract.ts) refuses the same controls', () => {
    const single = new RegExp(SINGLE_LINE, 'u');
    const multi = new RegExp(MULTI_LINE, 'u');
    for (let code = 0; code <= 0x3000; code += 1) {
      const text = char(code);
      if (code === 0x0d) continue; // read as LF before the contract is checked (intake/validate.ts)
      assert.equal(!multi.test(text), CONTROL.test(text), `multi-line ${code.toString(16)}`);
      // One line: no control, no tab, no line break of any kind (a mail header's rule).
      assert.equal(!single.test(text), CONTROL.test(text) || /[\t\n\u2028\u2029]/u.test(text), `one ${code}`);
    }
  });
});

describe('what is shown', () => {
  test('the page and the PDF drop the same characters; the tools keep line breaks in a whole text only', () => {
    const typed = 'Engagement \u202E21\u202C mois\u200B\r\nsuite\u0007';
    assert.equal(withoutInvisible(typed), 'Engagement 21 mois\nsuite');
    assert.equal(printable('a\tb\nc\u202Ed\u001b'), 'abcd');
    assert.equal(printableText('a\tb\r\nc\u202Ed\u001b'), 'a\tb\r\ncd');
    assert.equal(visible('a\u202Eb\tc\n'), 'a[U+202E]b\tc\n');
  });
});

describe('one rule', () => {
  test('no other module of receiver/src writes a class of control characters', () => {
    const root = join(import.meta.dirname, '..', 'src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const own = files(root).filter((path) => {
      if (path.endsWith(join('requests', 'characters.ts'))) return false;
      return /\\u0000|\\x00|\\u202a|\\u2028/i.test(readFileSync(path, 'utf8'));
    });
    assert.deepEqual(own, []);
  });
});
