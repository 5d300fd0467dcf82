import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cookieLifetimes, retention, terms } from '@/content/legal-facts';
import { consentConfig } from '@/content/consent-config';
import { legalUi } from '@/content/legal-ui';
import { routes } from '@/content/navigation';
import {
  locationOptions,
  QUOTE_ACCEPTED_EXTENSIONS,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_MAX_FILE_LABEL,
  QUOTE_SUBMIT_DELAY_MS,
  QUOTE_SUCCESS_DURATION_MS,
  quoteForm,
  serviceTypeOptions,
} from '@/content/quote';
import { services, towns } from '@/content/services';
import { site } from '@/content/site';
import { experienceClaimYears } from '@/lib/format';

/**
 * The one test that pins the values of the product specification (docs/specification.md). Every other test
 * reads its expectations from content/, so an owner who edits the phone, the hours, a price or a town breaks
 * nothing else. When this test fails, it names each value that now differs from the specification: change
 * the specification with the client, then this table.
 */
const pinned: [what: string, actual: unknown, specified: unknown][] = [
  [
    'the specified routes, all present',
    [
      '/',
      '/services/',
      '/devis/',
      '/a-propos/',
      '/contact/',
      '/mentions-legales/',
      '/politique-de-confidentialite/',
      '/politique-de-cookies/',
      '/cgv/',
    ].filter((route) => !(routes as readonly string[]).includes(route)),
    [],
  ],
  [
    'starting prices excl. tax (maintenance, installation, conseil)',
    services.map((s) => [s.id, s.priceFrom]),
    [
      ['maintenance', 150],
      ['installation', 250],
      ['conseil', 120],
    ],
  ],
  // "Par séance" says how long a session lasts (legal review): the price is per session of a stated length.
  [
    'advice is priced per session',
    services
      .find((s) => s.id === 'conseil')
      ?.per?.replace(/\s/gu, ' ')
      .split(' de ')[0],
    'séance',
  ],
  [
    'opening hours',
    site.openingHours,
    [
      { from: 'lundi', to: 'vendredi', opens: '09:00', closes: '18:00' },
      { from: 'samedi', note: 'Sur rendez-vous' },
      { from: 'dimanche', note: 'Fermé' },
    ],
  ],
  [
    'intervention towns',
    towns,
    [
      'Antibes',
      'Juan-les-Pins',
      'Cannes',
      'Nice',
      'Grasse',
      'Valbonne',
      'Mougins',
      'Vallauris',
      'Sophia Antipolis',
      'Le Cannet',
      'Biot',
      'Cagnes-sur-Mer',
      'Villeneuve-Loubet',
      'Saint-Laurent-du-Var',
      // The specification's "Mandelieu", by the town's full name (legal review).
      'Mandelieu-la-Napoule',
    ],
  ],
  ['founded', site.foundedYear, 2004],
  ['"20+ years" claimed in 2026', experienceClaimYears(site.foundedYear, 2026), 20],
  ['staff', site.staff, 12],
  ['clients', site.clients, 500],
  // The legal pages keep the specification's last-updated line in French long format; it shows the text's own
  // date, not the build's (legal review: a rebuild changes no text), and the CGV, whose version is fixed, read
  // « En vigueur depuis le … » instead.
  ['legal pages: the last-updated line', legalUi.lastUpdated.replace(/\u00a0/g, ' '), 'Dernière mise à jour :'],
  ['quote: free, answered within 24 h, valid 30 days', site.quote, { free: true, responseHours: 24, validityDays: 30 }],
  ['form: service types', serviceTypeOptions.map((o) => o.value), ['maintenance', 'installation', 'conseil', 'autre']],
  [
    'form: locations',
    locationOptions.map((o) => o.value),
    ['Antibes', 'Juan-les-Pins', 'Cannes', 'Nice', 'Grasse', 'Valbonne', 'Sophia Antipolis', 'autre-paca'],
  ],
  [
    'form: text fields',
    quoteForm.textFields.map((f) => [f.name, f.type]),
    [
      ['firstName', 'text'],
      ['lastName', 'text'],
      ['email', 'email'],
      ['phone', 'tel'],
    ],
  ],
  ['form: description rows', quoteForm.description.rows, 6],
  ['form: accepted file types', QUOTE_ACCEPTED_EXTENSIONS, ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx']],
  ['form: stated file limit', [QUOTE_MAX_FILE_LABEL, QUOTE_MAX_FILE_BYTES], ['10 Mo', 10 * 1024 * 1024]],
  ['form: simulated sending, success screen (ms)', [QUOTE_SUBMIT_DELAY_MS, QUOTE_SUCCESS_DURATION_MS], [1000, 5000]],
  ['form: sending label', quoteForm.sending, 'Envoi en cours...'],
  ['form: success title', quoteForm.success.title.replace(/\s/gu, ' '), 'Demande envoyée avec succès !'],
  [
    'CGV: deposit %, travel km, late-payment rate ×, recovery fee €',
    [terms.depositPercent, terms.travelIncludedKm, terms.latePaymentRateMultiplier, terms.recoveryFeeEuros],
    [30, 30, 3, 40],
  ],
  [
    'CGV: warranty years, withdrawal days, late cancellation h and %, complaint days',
    [
      terms.warrantyYears,
      terms.withdrawalDays,
      terms.lateCancellationHours,
      terms.lateCancellationFeePercent,
      terms.complaintDays,
    ],
    [1, 14, 48, 30, 8],
  ],
  [
    'retention: quotes, contracts (years), browsing (months), marketing (years)',
    [
      retention.quoteRequestYears,
      retention.contractYears,
      retention.browsingDataMonths,
      retention.marketingConsentYears,
    ],
    // Browsing logs: 12 months, under the specification's 13 (legal review).
    [3, 10, 12, 3],
  ],
  // The specification's necessary and functionality lifetimes (12 months) describe cookies the site does not
  // set: it keeps the consent choice 6 months in local storage, and Google sets its own (legal review).
  [
    'cookie lifetimes: analytics at most (months); consent choice kept',
    [cookieLifetimes.analyticsMonths, consentConfig.durationLabel],
    [13, '6 mois'],
  ],
];

test('content/ holds the values of the specification', () => {
  const changed = pinned.filter(([, actual, specified]) => !isDeepStrictEqual(actual, specified));
  assert.deepEqual(
    changed.map(
      ([what, actual, specified]) => `${what}: ${JSON.stringify(actual)}, specified ${JSON.stringify(specified)}`,
    ),
    [],
    'content/ differs from the specification',
  );
});

function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
