import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config';

/** The inbox's settings: their defaults, and a French refusal naming the variable for a wrong value. */

test('the inbox listens on 8788 at http://localhost:8788/gestion/ by default, sessions 12 h idle and 7 days at most', () => {
  const config = loadConfig({});
  assert.equal(config.inboxPort, 8788);
  assert.equal(config.inboxUrl, 'http://localhost:8788/gestion/');
  assert.equal(config.sessionIdleMs, 12 * 3_600_000);
  assert.equal(config.sessionAbsoluteMs, 7 * 86_400_000);
  const production = loadConfig({ QUOTE_INBOX_URL: 'https://www.exemple.fr/gestion/', QUOTE_SESSION_MAX_DAYS: '2' });
  assert.equal(production.inboxUrl, 'https://www.exemple.fr/gestion/');
  assert.equal(production.sessionAbsoluteMs, 2 * 86_400_000);
});

test('a wrong inbox setting stops the start with a French message naming it', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ QUOTE_INBOX_PORT: 'huit' }, /^QUOTE_INBOX_PORT doit être un nombre entier/],
    [{ QUOTE_INBOX_URL: 'boite' }, /^QUOTE_INBOX_URL : « boite » n’est pas une adresse/],
    [{ QUOTE_INBOX_URL: 'https://www.exemple.fr/admin/' }, /^QUOTE_INBOX_URL doit .* finir par \/gestion\//],
    [{ QUOTE_INBOX_URL: 'ftp://www.exemple.fr/gestion/' }, /^QUOTE_INBOX_URL doit commencer par https:\/\//],
    [{ QUOTE_INBOX_URL: 'http://www.exemple.fr/gestion/' }, /^QUOTE_INBOX_URL doit être en https:\/\//],
    [{ QUOTE_SESSION_IDLE_HOURS: '0' }, /^QUOTE_SESSION_IDLE_HOURS doit être un nombre entier entre 1/],
    [{ QUOTE_SESSION_IDLE_HOURS: '48', QUOTE_SESSION_MAX_DAYS: '1' }, /^QUOTE_SESSION_MAX_DAYS doit couvrir/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && message.test(error.message),
      JSON.stringify(env),
    );
  }
});
