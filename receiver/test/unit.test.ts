import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, ENV_DEFAULTS, envSchema, loadConfig } from '../src/config';
import { csvField } from '../src/store/csv';
import { isEmailAddress } from '../src/email';
import { site, siteUrl } from '../src/facts';
import { escapeHtml } from '../src/delivery/mail-parts';
import { quoteMessages as messages } from '@/content/form-messages';
import { retryDelay } from '../src/delivery/smtp-errors';
import { newReference, REFERENCE_PATTERN } from '../src/requests/reference';
import { isPlausiblePhone, sanitiseFileName } from '../src/intake/validate';
import { root } from './helpers';

describe('configuration', () => {
  test('receiver/.env.example lists every setting, and only them, with its default', () => {
    // Each setting is a comment line (its meaning, its default) then `NAME=`.
    const lines = readFileSync(path.join(root, 'receiver/.env.example'), 'utf8').split('\n');
    const listed = new Map<string, string>();
    lines.forEach((line, index) => {
      const name = /^([A-Z_]+)=$/.exec(line)?.[1];
      if (name) listed.set(name, lines[index - 1] ?? '');
    });
    assert.deepEqual([...listed.keys()].sort(), Object.keys(envSchema.properties).sort());
    assert.ok(Object.keys(ENV_DEFAULTS).length >= 15);
    for (const [name, fallback] of Object.entries(ENV_DEFAULTS)) {
      assert.ok(listed.get(name)?.includes(`(défaut : ${fallback})`), `${name}: « défaut : ${fallback} »`);
    }
  });

  test('defaults run on a laptop', () => {
    const config = loadConfig({}, '/srv/site');
    assert.equal(config.port, 8787);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dataDir, '/srv/site/data');
    assert.equal(config.smtpUrl, undefined);
    assert.equal(config.notifyEmail, site.email);
    assert.equal(config.fromEmail, `no-reply@${site.email.split('@')[1]}`);
    assert.deepEqual(config.allowedOrigins, [new URL(siteUrl).origin]);
    assert.equal(config.rateLimit, 10);
    assert.deepEqual(config.trustProxy, ['loopback']);
    assert.equal(config.retryBaseMs, 30_000);
    assert.equal(config.retryMaxMs, 3_600_000);
  });

  test('values are read and checked', () => {
    const config = loadConfig({
      QUOTE_ALLOWED_ORIGINS: 'https://a.fr/, http://localhost:4173',
      QUOTE_TRUST_PROXY: 'false',
      SMTP_URL: 'smtps://u:p@smtp.exemple.fr:465',
      QUOTE_RATE_LIMIT: '0',
    });
    assert.deepEqual(config.allowedOrigins, ['https://a.fr', 'http://localhost:4173']);
    assert.equal(config.trustProxy, false);
    assert.equal(config.rateLimit, 0);
    for (const [name, value, message] of [
      ['PORT', '99999', /PORT doit être un nombre entier entre 0 et 65535/],
      ['QUOTE_RATE_LIMIT', '-1', /QUOTE_RATE_LIMIT doit être un nombre entier/],
      ['SMTP_URL', 'http://smtp.exemple.fr', /SMTP_URL doit commencer par smtp:\/\/ ou smtps:\/\//],
      ['SMTP_URL', 'pas une url', /SMTP_URL doit être une adresse/],
      ['QUOTE_NOTIFY_EMAIL', 'contact', /QUOTE_NOTIFY_EMAIL doit être une adresse e-mail/],
      ['QUOTE_ALLOWED_ORIGINS', 'www.exemple.fr', /n’est pas une origine/],
      ['LOG_LEVEL', 'bavard', /LOG_LEVEL doit valoir/],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
        `${name}=${value}`,
      );
    }
    assert.throws(() => loadConfig({ QUOTE_RETRY_BASE_MS: '5000', QUOTE_RETRY_MAX_MS: '100' }), ConfigError);
  });
});

describe('checks and formats', () => {
  test('e-mail addresses', () => {
    for (const ok of ['a@b.fr', 'prenom.nom+devis@sous.domaine.fr', "o'brien@exemple.ie"])
      assert.ok(isEmailAddress(ok), ok);
    for (const bad of ['a@b', 'a b@c.fr', 'a@b..fr', '@b.fr', 'a@-b.fr', 'a@b.fr\nBcc: c@d.fr', '"a"@b.fr'])
      assert.ok(!isEmailAddress(bad), bad);
  });

  test('phone numbers: 10 to 15 digits once separators are removed', () => {
    for (const ok of [
      '04 65 71 23 45',
      '04.65.71.23.45',
      '+33 (0)4 65 71 23 45',
      '+33465712345',
      '0465712345',
      '06-12-34-56-78',
    ])
      assert.ok(isPlausiblePhone(ok), ok);
    for (const bad of ['12345', '+33 4', '04 65 71 23 4x', '++33465712345', '1234567890123456'])
      assert.ok(!isPlausiblePhone(bad), bad);
  });

  test('file names are labels, never paths', () => {
    assert.equal(sanitiseFileName('C:\\Users\\moi\\plan.pdf'), 'plan.pdf');
    assert.equal(sanitiseFileName('../../etc/passwd.pdf'), 'passwd.pdf');
    assert.equal(sanitiseFileName('..pdf'), 'pdf');
    assert.equal(sanitiseFileName('a\r\nb"c<d>.png'), 'ab_c_d_.png');
    const long = sanitiseFileName(`${'é'.repeat(300)}.docx`);
    assert.equal([...long].length, 120);
    assert.ok(long.endsWith('.docx'));
  });

  test('retry delays double up to the cap', () => {
    const config = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    assert.deepEqual(
      [1, 2, 3, 4, 8, 9, 50].map((attempt) => retryDelay(attempt, config)),
      [30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000],
    );
  });

  test('references are short, readable and dated in Paris', () => {
    const reference = newReference(new Date('2026-12-31T23:30:00Z'));
    assert.match(reference, REFERENCE_PATTERN);
    assert.ok(reference.startsWith('D-20270101-'), 'already 1 January in Paris');
    assert.ok(!/[01ILO]/.test(reference.slice(11)));
  });

  test('HTML escaping, sizes and CSV fields', () => {
    assert.equal(
      escapeHtml(`<script>alert("x")</script> & 'y'`),
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;',
    );
    assert.equal(csvField('a;b "c"'), '"a;b ""c"""');
    assert.equal(csvField('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.equal(csvField('-2'), `"'-2"`);
  });

  test('messages follow French typography', () => {
    for (const text of [
      messages.email,
      messages.required('firstName'),
      messages.fileTooLarge,
      messages.rateLimited(site.phone),
      messages.tooLong('description', 5000),
    ]) {
      assert.ok(!/ [:;!?]/.test(text), `no plain space before : ; ! ? in « ${text} »`);
      assert.ok(!text.includes("'"), `typographic apostrophes in « ${text} »`);
    }
    // The phone number, as the site writes it (no-break spaces: it never breaks across lines).
    assert.ok(messages.rateLimited(site.phone).includes(site.phone), messages.rateLimited(site.phone));
  });
});
