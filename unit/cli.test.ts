import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFlags } from '@/scripts/cli';

/** The deployment step's flags, as deploy/render.ts declares them. */
const spec = { out: 'string', nginx: 'string', receiver: 'string', demo: 'boolean' } as const;

describe('command-line flags (scripts/cli.ts, strict)', () => {
  test('known flags are read, values and switches alike', () => {
    assert.deepEqual(parseFlags(spec, ['--out', 'build', '--demo', '--nginx', '-', '--receiver', '127.0.0.1:8787']), {
      out: 'build',
      demo: true,
      nginx: '-',
      receiver: '127.0.0.1:8787',
    });
    assert.deepEqual(parseFlags(spec, []), {});
  });

  test('a repeatable flag gathers each value', () => {
    assert.deepEqual(parseFlags({ only: 'strings' }, ['--only', '/', '--only', '/devis/']), { only: ['/', '/devis/'] });
    assert.throws(() => parseFlags({ only: 'strings' }, ['--only', '/', '--only', '--x']), /--only attend une valeur/);
  });

  test('a misspelt flag is refused in French, naming it and the known ones', () => {
    assert.throws(
      () => parseFlags(spec, ['--reciever', '127.0.0.1:8787']),
      (error: Error) =>
        error.message.startsWith('Option inconnue : --reciever.') && error.message.includes('--receiver <valeur>'),
    );
  });

  test('a flag missing its value is refused, also when the next flag would be taken for it', () => {
    assert.throws(() => parseFlags(spec, ['--nginx']), /^Error: L’option --nginx attend une valeur\./);
    assert.throws(() => parseFlags(spec, ['--nginx', '--demo']), /^Error: L’option --nginx attend une valeur\./);
  });

  test('a value given to a switch, or a stray argument, is refused', () => {
    assert.throws(() => parseFlags(spec, ['--demo=oui']), /^Error: L’option --demo ne prend pas de valeur\./);
    assert.throws(() => parseFlags(spec, ['out']), /^Error: Argument inattendu : out\./);
  });
});
