import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BUILD_ENV_VARIABLES, BuildEnvError, readBuildEnv } from '@/lib/build-env';

const refused = (env: Record<string, string>, variable: string) =>
  assert.throws(
    () => readBuildEnv(env),
    (error: Error) => error instanceof BuildEnvError && error.message.startsWith(`${variable} `),
  );

describe('build settings (lib/build-env.ts)', () => {
  test('.env.example lists every build setting, and only them, each with a comment', () => {
    const lines = readFileSync(path.join(__dirname, '..', '.env.example'), 'utf8').split('\n');
    const listed = lines.flatMap((line, index) => {
      const name = /^([A-Z_]+)=$/.exec(line)?.[1];
      return name && lines[index - 1]?.startsWith('# ') ? [name] : [];
    });
    assert.deepEqual(listed.sort(), [...BUILD_ENV_VARIABLES].sort());
  });

  test('unset or blank, every setting is undefined (the defaults of content/ apply)', () => {
    const none = { siteUrl: undefined, quoteEndpoint: undefined, quoteProcessor: undefined, analyticsSrc: undefined };
    assert.deepEqual(readBuildEnv({}), none);
    assert.deepEqual(readBuildEnv({ NEXT_PUBLIC_SITE_URL: '  ', NEXT_PUBLIC_QUOTE_ENDPOINT: '' }), none);
  });

  test('good values are kept as written, the site URL as an origin', () => {
    assert.deepEqual(
      readBuildEnv({
        NEXT_PUBLIC_SITE_URL: 'https://preprod.exemple.fr/',
        NEXT_PUBLIC_QUOTE_ENDPOINT: ' https://formulaires.exemple.net/f/abc ',
        NEXT_PUBLIC_QUOTE_PROCESSOR: 'Formulaires SAS',
        NEXT_PUBLIC_ANALYTICS_SRC: 'https://mesure.exemple.fr/script.js',
      }),
      {
        siteUrl: 'https://preprod.exemple.fr',
        quoteEndpoint: 'https://formulaires.exemple.net/f/abc',
        quoteProcessor: 'Formulaires SAS',
        analyticsSrc: 'https://mesure.exemple.fr/script.js',
      },
    );
    assert.equal(readBuildEnv({ NEXT_PUBLIC_QUOTE_ENDPOINT: '/api/devis' }).quoteEndpoint, '/api/devis');
  });

  test('a wrong value is refused with a French message naming its variable', () => {
    refused({ NEXT_PUBLIC_SITE_URL: 'www.exemple.fr' }, 'NEXT_PUBLIC_SITE_URL');
    refused({ NEXT_PUBLIC_SITE_URL: 'https://www.exemple.fr/site' }, 'NEXT_PUBLIC_SITE_URL');
    refused({ NEXT_PUBLIC_SITE_URL: 'ftp://www.exemple.fr' }, 'NEXT_PUBLIC_SITE_URL');
    refused({ NEXT_PUBLIC_QUOTE_ENDPOINT: 'api/devis' }, 'NEXT_PUBLIC_QUOTE_ENDPOINT');
    refused({ NEXT_PUBLIC_QUOTE_ENDPOINT: '//api/devis' }, 'NEXT_PUBLIC_QUOTE_ENDPOINT');
    refused({ NEXT_PUBLIC_QUOTE_ENDPOINT: 'https://' }, 'NEXT_PUBLIC_QUOTE_ENDPOINT');
    refused({ NEXT_PUBLIC_QUOTE_PROCESSOR: 'Formulaires SAS' }, 'NEXT_PUBLIC_QUOTE_PROCESSOR');
    refused({ NEXT_PUBLIC_ANALYTICS_SRC: 'mesure.js' }, 'NEXT_PUBLIC_ANALYTICS_SRC');
  });
});
