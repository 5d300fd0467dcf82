import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { consentBootScript, consentVersion, isConsentValid, type ConsentSettings } from '@/lib/consent';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-23T10:00:00Z');
const settings: ConsentSettings = {
  storageKey: 'ats-consent',
  version: consentVersion(2, ['maps']),
  durationDays: 182,
};
const stored = (overrides: Record<string, unknown> = {}) => ({
  version: settings.version,
  date: new Date(NOW - DAY).toISOString(),
  choices: { maps: true, analytics: false },
  ...overrides,
});

/** Runs the inline boot script against a stored value: true when it marks the choice as stored. */
function bootMarksStored(value: unknown, now = NOW): boolean {
  const dataset: Record<string, string> = {};
  runInNewContext(consentBootScript(settings), {
    document: { documentElement: { dataset } },
    localStorage: { getItem: () => (value === undefined ? null : JSON.stringify(value)) },
    Date: Object.assign(class extends Date {}, { now: () => now, parse: Date.parse }),
    JSON,
  });
  return dataset.consent === 'stored';
}

/** A build of the consent content with the given environment (NEXT_PUBLIC_ANALYTICS_SRC set or not). */
function consentBuild(env: Record<string, string>) {
  const base = { ...process.env };
  delete base.NEXT_PUBLIC_ANALYTICS_SRC;
  const output = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'consent-build.ts')], {
    env: { ...base, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output) as { categories: string[]; version: string; intro: string };
}

describe('consent', () => {
  test('the version names the optional tools offered, in any order', () => {
    assert.equal(consentVersion(2, ['maps']), '2:maps');
    assert.equal(consentVersion(2, ['maps', 'analytics']), consentVersion(2, ['analytics', 'maps']));
    assert.notEqual(consentVersion(2, ['maps']), consentVersion(2, ['maps', 'analytics']));
    assert.notEqual(consentVersion(2, ['maps']), consentVersion(3, ['maps']));
  });

  const cases: [string, unknown, boolean][] = [
    ['a fresh choice of this version', stored(), true],
    ['a choice made before a tool was added', stored({ version: consentVersion(2, []) }), false],
    ['a choice of the former numeric version', stored({ version: 1 }), false],
    ['a choice older than the duration', stored({ date: new Date(NOW - 183 * DAY).toISOString() }), false],
    ['a choice dated in the future', stored({ date: new Date(NOW + 2 * DAY).toISOString() }), false],
    ['a value without choices', stored({ choices: undefined }), false],
    ['a value without a date', stored({ date: 'hier' }), false],
    ['nothing stored', undefined, false],
  ];

  for (const [what, value, valid] of cases) {
    test(`${what}: ${valid ? 'holds' : 'is asked again'}, the same for the store and the boot script`, () => {
      assert.equal(isConsentValid(value, settings, NOW), valid);
      assert.equal(bootMarksStored(value), valid);
    });
  }

  test('without an audience-measurement tool, the banner offers no "Mesure d’audience" category', () => {
    const build = consentBuild({});
    assert.deepEqual(build.categories, ['necessary', 'maps']);
    assert.doesNotMatch(build.version, /analytics/);
    assert.doesNotMatch(build.intro, /fréquentation/);
  });

  test('with one (NEXT_PUBLIC_ANALYTICS_SRC), the banner offers it and every earlier choice is asked again', () => {
    const without = consentBuild({});
    const withTool = consentBuild({ NEXT_PUBLIC_ANALYTICS_SRC: 'https://stats.example/script.js' });
    assert.deepEqual(withTool.categories, ['necessary', 'maps', 'analytics']);
    assert.notEqual(withTool.version, without.version);
    assert.match(withTool.intro, /fréquentation/);
    // "Tout accepter" stored before the tool existed no longer holds.
    const earlierAcceptAll = stored({ version: without.version, choices: { maps: true, analytics: true } });
    assert.equal(isConsentValid(earlierAcceptAll, { ...settings, version: withTool.version }, NOW), false);
  });
});
