import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadConfig, type Config } from '../src/config';
import { reminderMail, digestMail } from '../src/delivery/reminder-mails';
import type { RequestSummary } from '../src/store/reminders';
import { companyMail } from '../src/delivery/request-mails';
import { formatFrenchDate } from '../src/facts';
import { CONFIRMATIONS_PER_ADDRESS } from '../src/requests/mail-kinds';
import type { StoredRequest } from '../src/store/request-queries';
import { layout, type Layout } from '../src/store/storage';
import { removeDir, tempDir, testEnv } from './helpers';
import { sampleLocation, sampleService } from './factories';

/**
 * The team's mails as written, without SMTP: the one time format (« 9 h 30 », « 14 h »), one colon where one
 * is meant, « aucune » for no late request, the rescued spam's notification, and the characters a visitor
 * cannot see made visible as the inbox shows them. Whitespace is compared loosely (\s matches the no-break
 * spaces the typography puts in).
 */

let dataDir = '';
let config: Config;
let dirs: Layout;
before(async () => {
  dataDir = await tempDir();
  config = loadConfig(testEnv(dataDir));
  dirs = layout(dataDir);
});
after(() => removeDir(dataDir));

const summary = (overrides: Partial<RequestSummary> = {}): RequestSummary => ({
  reference: 'D-20261124-ABCDEF',
  firstName: 'Élodie',
  lastName: 'Martin',
  serviceType: sampleService.value,
  location: sampleLocation.value,
  createdAt: '2026-11-24T09:30:00.000Z',
  deadlineAt: '2026-11-25T08:30:00.000Z',
  status: 'nouvelle',
  ...overrides,
});

const stored = (overrides: Partial<StoredRequest> = {}): StoredRequest => ({
  id: 1,
  reference: 'D-20261124-ABCDEF',
  requestId: '6f1d6c1e-8d7b-4b8e-9a56-0c3b5e0d2a11',
  createdAt: '2026-11-24T13:00:00.000Z',
  spam: false,
  firstName: 'Élodie',
  lastName: 'Martin',
  email: 'e@exemple.fr',
  phone: '06 12 34 56 78',
  serviceType: sampleService.value,
  location: sampleLocation.value,
  description: 'Une VMC à remplacer.',
  file: undefined,
  ...overrides,
});

test('one time format: « 9 h 30 » and « 14 h », never « 09 h 30 » or « 14 h 00 »', () => {
  // 9 h 30 in Paris (UTC+1).
  const reminder = reminderMail('reminder', summary(), config);
  assert.match(
    String(reminder.subject),
    /^Rappel\s:\sdemande D-20261124-ABCDEF, appel attendu avant le 25\snovembre\s2026 à 9\sh\s30$/,
  );
  // 14 h in Paris.
  const late = reminderMail('late', summary({ deadlineAt: '2026-11-25T13:00:00.000Z' }), config);
  assert.match(
    String(late.subject),
    /^En retard\s:\sdemande D-20261124-ABCDEF non rappelée \(échéance\s:\s25\snovembre\s2026 à 14\sh\)$/,
  );
  const company = companyMail(stored(), config, dirs);
  assert.match(String(company.text), /Reçue le\s:\s24\snovembre\s2026 à 14\sh \(heure de Paris\)/);
});

test('the digest: one colon, « aucune » when nothing is late', () => {
  const now = new Date('2026-11-25T07:30:00.000Z');
  const none = digestMail('2026-11-25', [summary({ deadlineAt: '2026-11-26T08:30:00.000Z' })], now, config);
  assert.match(
    String(none.subject),
    new RegExp(`^Récapitulatif du ${formatFrenchDate(now)} – Demandes ouvertes\\s:\\s1, dont aucune en retard$`),
  );
  const one = digestMail('2026-11-25', [summary({ deadlineAt: '2026-11-24T16:00:00.000Z' }), summary()], now, config);
  assert.match(String(one.subject), /Demandes ouvertes\s:\s2, dont 1 en retard$/);
  assert.equal(String(one.subject).split(':').length, 2, 'one colon');
});

test('the company mail: why no confirmation went, with one colon; a rescued spam had none sent', () => {
  const line = (text: unknown) =>
    String(text)
      .split('\n')
      .find((row) => row.startsWith('Confirmation au visiteur')) ?? '';
  const capped = line(companyMail(stored(), config, dirs, { confirmation: false }).text);
  assert.match(capped, new RegExp(`non envoyée \\(${CONFIRMATIONS_PER_ADDRESS} confirmations déjà envoyées`));
  assert.equal(capped.split(':').length, 2, capped);
  const rescued = line(companyMail(stored(), config, dirs, { confirmation: false, rescued: true }).text);
  assert.match(rescued, /non envoyée \(demande sortie des indésirables\)/);
  assert.doesNotMatch(rescued, /déjà envoyées/);
  assert.equal(rescued.split(':').length, 2, rescued);
  assert.match(line(companyMail(stored(), config, dirs, { confirmation: true }).text), /:\senvoyée$/);
});

test('bidi and zero-width characters reach the team visible, as the inbox shows them', () => {
  const request = stored({ lastName: 'Martin\u202Efdp.exe', description: 'Un\u200Bmot\u2066caché' });
  const mail = companyMail(request, config, dirs);
  for (const [where, value] of [
    ['subject', mail.subject],
    ['text', mail.text],
    ['html', mail.html],
    ['Reply-To', (mail.replyTo as { name: string }).name],
  ] as const) {
    assert.ok(!/[\u200B\u202E\u2066]/.test(String(value)), `${where} carries no raw invisible character`);
    assert.ok(String(value).includes('Martin[U+202E]fdp.exe'), where);
  }
  assert.ok(String(mail.text).includes('Un[U+200B]mot[U+2066]caché'));
  const reminder = reminderMail('late', summary({ firstName: 'Zo\u200Bé' }), config);
  assert.ok(String(reminder.text).includes('Zo[U+200B]é'));
  assert.ok(!/\u200B/.test(String(reminder.html)));
});
