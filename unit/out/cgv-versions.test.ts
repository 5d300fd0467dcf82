import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { goLive } from '@/content/go-live';
import { cgvInForceSince, cgvVersion } from '@/content/legal/cgv-version';
import { legalUi } from '@/content/legal-ui';
import { paths } from '@/content/navigation';
import { formatFrenchDay } from '@/lib/format';
import { parseHtml, textOf } from '../../scripts/html';
import { OUT, readOut } from './out-files';

/** The dated CGV pages of the export: no version before the go-live is published (content/go-live.ts). */
const versionsDir = join(OUT, ...paths.termsVersions.split('/').filter(Boolean));
const published = () =>
  readdirSync(versionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

test('every published CGV version is dated on or after the go-live, the first one by the go-live', () => {
  const dates = published();
  assert.ok(dates.length > 0, 'one version at least');
  for (const date of dates) {
    assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(date >= goLive.date, `${date} is before the go-live (${goLive.date})`);
    assert.ok(existsSync(join(versionsDir, date, 'index.html')));
  }
  assert.equal(dates[0], goLive.date);
});

test('the CGV and the list of versions date the first version by the go-live', () => {
  const day = (html: string) => html.replace(/[\u00a0\u202f]|&nbsp;/g, ' ');
  const goLiveDay = formatFrenchDay(goLive.date).replace(/[\u00a0\u202f]/g, ' ');
  const list = day(readOut(`${paths.termsVersions.slice(1)}index.html`));
  assert.ok(list.includes(`Version du ${goLiveDay}`), 'the list names the go-live');
  assert.doesNotMatch(list, /2026-11-2[23]/);
  const terms = readOut(`${paths.terms.slice(1)}index.html`);
  assert.ok(terms.includes(`dateTime="${cgvInForceSince}"`), 'the CGV in force show the date they apply from');
  assert.ok(cgvInForceSince >= goLive.date);
});

test('the CGV in force and their dated page end with the day they apply from, not a last update', () => {
  const text = (path: string) => textOf(parseHtml(readOut(`${path.slice(1)}index.html`)));
  const line = `${cgvVersion.inForceSince} ${formatFrenchDay(cgvInForceSince)}`.replace(/\s+/g, ' ');
  for (const path of [paths.terms, `${paths.termsVersions}${cgvInForceSince}/`]) {
    assert.ok(text(path).includes(line), `${path}: « ${line} »`);
    assert.ok(!text(path).includes(legalUi.lastUpdated.replace(/\s+/g, ' ')), `${path}: no build-date line`);
  }
});
