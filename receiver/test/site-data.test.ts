import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { attribute, elements, textOf } from '../../scripts/html';
import { serializeData } from '../../lib/data-check';
import { addDays, isoDay, siteData, type SiteData } from '../src/facts';
import { href } from '../src/inbox/paths';
import { storeRequest } from '../src/intake/store-request';
import { deadlineOf } from '../src/requests/deadline';
import { formatCents } from '../src/requests/devis/money';
import { requestByReference } from '../src/store/inbox-reads';
import { publishedSiteData } from '../src/store/site-data';
import { removeDir, tempDir, validFields } from './helpers';
import { NOW, page, pagesApp } from './inbox-pages';
import { publishData, seed } from './factories';
import { openDb } from '../src/store/db';
import { ensureLayout, layout } from '../src/store/storage';

/**
 * What the receiver derives from the site's data follows what the owner published (store/site-data.ts): the
 * files of the server's checkout, read when they change, checked by their schemas. A closure published moves
 * a new request's call-back deadline; a rate published is the one a new devis offers.
 */

/** A checkout holding the committed data with `change` applied, as a publication would have written it. */
async function checkout(t: TestContext, change: (data: SiteData) => void): Promise<string> {
  const dir = await tempDir('site-data-');
  t.after(() => removeDir(dir));
  const data = structuredClone(siteData) as SiteData;
  change(data);
  publishData(dir, data);
  return dir;
}

test('publication off: the data the receiver was built with', () => {
  assert.equal(publishedSiteData(undefined), siteData);
});

test('the checkout’s files, read again when one changes; a file its schema refuses gives the built one', async (t) => {
  const dir = await checkout(t, (data) => {
    data.services.hourlyEuros = 62;
  });
  assert.equal(publishedSiteData(dir).services.hourlyEuros, 62);
  const file = path.join(dir, 'content/data/services.json');
  writeFileSync(file, serializeData({ ...siteData.services, hourlyEuros: 64 }));
  assert.equal(publishedSiteData(dir).services.hourlyEuros, 64);
  writeFileSync(file, serializeData({ ...siteData.services, hourlyEuros: 'soixante' }));
  assert.deepEqual(publishedSiteData(dir).services, siteData.services);
  assert.deepEqual(publishedSiteData(path.join(dir, 'nowhere')), siteData);
});

test('a closure published moves a new request’s call-back deadline past it', async (t) => {
  const today = isoDay(new Date());
  const closure = { from: today, to: addDays(today, 14), message: 'Congés' };
  const dir = await checkout(t, (data) => {
    data.coordonnees.closures = [closure];
  });
  const dataDir = await tempDir('site-data-store-');
  t.after(() => removeDir(dataDir));
  const dirs = layout(dataDir);
  await ensureLayout(dirs);
  const db = await openDb(dataDir, 5_000);
  t.after(() => db.close());
  const site = { sourceDir: dir } as never;
  const fields = new Map(Object.entries(validFields()));
  const stored = await storeRequest({ db, dirs, config: { fromEmail: 'no-reply@entreprise.test', site } }, fields);
  const request = await requestByReference(db, stored.answer.reference);
  const deadline = String(request?.deadlineAt);
  assert.ok(isoDay(new Date(deadline)) > closure.to, `${deadline} is after ${closure.to}`);
  assert.equal(deadline, deadlineOf(new Date(String(request?.createdAt)), [closure]).toISOString());
});

test('the devis editor offers the hourly rate as published', async (t) => {
  const dir = await checkout(t, (data) => {
    data.services.hourlyEuros = 63;
  });
  const pages = await pagesApp(t, NOW, { SITE_SOURCE_DIR: dir, SITE_RELEASES_DIR: dir });
  const request = await seed(pages.db, pages.dirs);
  const created = await pages.post(href.requestDevis(request.reference));
  const editor = await pages.get(created.headers.location as string);
  const options = elements(page(editor), (e) => e.name === 'option' && attribute(e, 'value') === 'hourly');
  assert.equal(options.length, 1);
  assert.ok(
    textOf(options[0]!).replace(/\s+/g, ' ').includes(formatCents(6300).replace(/\s+/g, ' ')),
    textOf(options[0]!),
  );
});
