import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { liveRelease, rollback, startPublication, type PublishDeps } from '../src/publish/engine';
import { REVIEWS_FILE } from '../src/publish/files';
import { publishMessages } from '../src/publish/messages';
import { CGV_DIR, HERO_FILE, PRICES_FILE, sitesOfThisFile, type TestSite } from './publish-site';

/**
 * The CGV's new dated version made by a publication (docs/publication.md, « Les versions des CGV »), with
 * the real engine on a real git checkout: the small site of publish-site.ts, whose CGV cite its prices and
 * whose go-live check refuses CGV that differ from their newest version, as deploy/render.ts does.
 */

const newSite = sitesOfThisFile();

/** The engine's deps on a given instant (the day a version is dated from). */
const on = (site: TestSite, at: string, deps: PublishDeps = site.deps): PublishDeps => ({
  ...deps,
  now: () => new Date(at),
});

async function publish(deps: PublishDeps, site: TestSite, file: string, json: unknown) {
  const started = await startPublication(deps, {
    files: [{ path: file, json }],
    author: site.author,
    message: `Publication de ${file}`,
    changes: [{ page: 'Tarifs', field: file, from: '', to: JSON.stringify(json) }],
  });
  return started.done;
}

const versionsIn = (site: TestSite, commit = 'HEAD') =>
  site
    .gitIn('ls-tree', '--name-only', `${commit}:${CGV_DIR}`)
    .split('\n')
    .filter((name) => name.endsWith('.json'));
const filesOf = (site: TestSite, commit = 'HEAD') =>
  site.gitIn('show', '--name-only', '--format=', commit).split('\n').filter(Boolean).sort();
const versionText = (site: TestSite, date: string, commit = 'HEAD') =>
  JSON.parse(site.gitIn('show', `${commit}:${CGV_DIR}/${date}.json`)) as { prices: Record<string, number> };
/** The page of a version, as `current` serves it. */
const servedVersion = (site: TestSite, date: string) => {
  const file = path.join(site.site.releasesDir, 'current', 'cgv', 'versions', date, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

describe('a publication that changes what the CGV cite', () => {
  test('keeps a new version dated the next day, in its commit and its release; the check then lets it through', async () => {
    const site = await newSite();
    // 23 h 30 in Paris on 10 December: the next day is the 11th.
    const done = await publish(on(site, '2026-12-10T22:30:00Z'), site, PRICES_FILE, { depannage: 89 });
    assert.equal(done.stage, 'en-ligne', done.error);
    assert.deepEqual(filesOf(site), [PRICES_FILE, `${CGV_DIR}/2026-12-11.json`, `${CGV_DIR}/index.ts`]);
    assert.deepEqual(versionText(site, '2026-12-11'), { prices: { depannage: 89 } });
    assert.deepEqual(versionText(site, '2026-11-28'), { prices: {} }, 'the version in force is kept as it was');
    assert.match(site.gitIn('show', `HEAD:${CGV_DIR}/index.ts`), /'2026-12-11': v20261211 as CgvSnapshot/);
    assert.match(servedVersion(site, '2026-12-11') ?? '', /"depannage": 89/);
    assert.ok(servedVersion(site, '2026-11-28'));
    assert.equal(site.gitIn('status', '--porcelain'), '');
  });

  test('without the CGV’s step, the same publication is refused by the go-live check and undone', async () => {
    const site = await newSite();
    const head = site.gitIn('rev-parse', 'HEAD');
    const deps = on(site, '2026-12-10T10:00:00Z', { ...site.deps, site: { ...site.site, cgvCommand: 'true' } });
    const done = await publish(deps, site, PRICES_FILE, { depannage: 89 });
    assert.equal(done.stage, 'echec');
    assert.match(done.error ?? '', /les CGV ont changé depuis leur version datée/);
    assert.equal(site.gitIn('rev-parse', 'HEAD'), head);
  });

  test('a text the CGV do not cite (the hero’s title) makes no version', async () => {
    const site = await newSite();
    const done = await publish(on(site, '2026-12-10T10:00:00Z'), site, HERO_FILE, { titre: 'Dépannage rapide' });
    assert.equal(done.stage, 'en-ligne', done.error);
    assert.deepEqual(filesOf(site), [HERO_FILE]);
    assert.deepEqual(versionsIn(site), ['2026-11-28.json']);
  });

  test('two changes the same day: the version of tomorrow, not yet cited by any devis, takes the second; the day after, a new one', async () => {
    const site = await newSite();
    const first = await publish(on(site, '2026-12-10T08:00:00Z'), site, PRICES_FILE, { depannage: 89 });
    const firstCommit = first.commit!;
    const second = await publish(on(site, '2026-12-10T16:00:00Z'), site, PRICES_FILE, { depannage: 95 });
    assert.equal(second.stage, 'en-ligne', second.error);
    assert.deepEqual(versionsIn(site), ['2026-11-28.json', '2026-12-11.json']);
    assert.deepEqual(versionText(site, '2026-12-11'), { prices: { depannage: 95 } });
    assert.deepEqual(versionText(site, '2026-12-11', firstCommit), { prices: { depannage: 89 } });
    // On the 11th the version is in force, cited by the devis of the day: a change never rewrites it.
    const third = await publish(on(site, '2026-12-11T09:00:00Z'), site, PRICES_FILE, { depannage: 99 });
    assert.equal(third.stage, 'en-ligne', third.error);
    assert.deepEqual(versionsIn(site), ['2026-11-28.json', '2026-12-11.json', '2026-12-12.json']);
    assert.deepEqual(versionText(site, '2026-12-11'), { prices: { depannage: 95 } });
    assert.deepEqual(versionText(site, '2026-12-12'), { prices: { depannage: 99 } });
  });

  test('a failing CGV step publishes nothing and leaves the checkout as it was', async () => {
    const site = await newSite();
    const head = site.gitIn('rev-parse', 'HEAD');
    const deps = on(site, '2026-12-10T10:00:00Z', {
      ...site.deps,
      // The step writes a version, then fails: what it wrote goes too.
      site: { ...site.site, cgvCommand: `${site.site.cgvCommand} && exit 3` },
    });
    const done = await publish(deps, site, PRICES_FILE, { depannage: 89 });
    assert.equal(done.stage, 'echec');
    assert.equal(
      done.error,
      publishMessages.cgvFailed(3, path.join(site.site.releasesDir, '.journaux', `${done.id}.log`)),
    );
    assert.equal(site.gitIn('rev-parse', 'HEAD'), head);
    assert.equal(site.gitIn('status', '--porcelain', '--untracked-files=all'), '');
    assert.equal(await liveRelease(site.deps), undefined);
  });
});

describe('a return to the previous version', () => {
  test('after a version came into force, rebuilds the earlier data with every version: the newer page stays served', async () => {
    const site = await newSite();
    const before = await publish(on(site, '2026-12-09T10:00:00Z'), site, PRICES_FILE, { depannage: 79 });
    const priced = await publish(on(site, '2026-12-10T10:00:00Z'), site, PRICES_FILE, { depannage: 89 });
    assert.equal(priced.stage, 'en-ligne', priced.error);
    assert.match(servedVersion(site, '2026-12-11') ?? '', /"depannage": 89/);
    // On the 12th a devis sent on the 11th cites the version of the 11th: the return must keep its page.
    const back = await (await rollback(on(site, '2026-12-12T10:00:00Z'), { author: site.author })).done;
    assert.equal(back.stage, 'en-ligne', back.error);
    assert.equal(back.kind, 'retour');
    const live = await liveRelease(site.deps);
    assert.equal(live, back.release);
    assert.notEqual(live, before.release, 'a release of its own, not the older one that lacks the version');
    assert.match(servedVersion(site, '2026-12-11') ?? '', /"depannage": 89/);
    // The prices back to 79 € are the CGV of the next day, a version of their own; none rewritten.
    assert.deepEqual(JSON.parse(site.gitIn('show', `HEAD:${PRICES_FILE}`)), { depannage: 79 });
    assert.deepEqual(versionsIn(site), ['2026-11-28.json', '2026-12-10.json', '2026-12-11.json', '2026-12-13.json']);
    assert.deepEqual(versionText(site, '2026-12-11'), { prices: { depannage: 89 } });
    assert.deepEqual(versionText(site, '2026-12-13'), { prices: { depannage: 79 } });
    assert.match(servedVersion(site, '2026-12-13') ?? '', /"depannage": 79/);
    assert.match(
      readFileSync(path.join(site.site.releasesDir, 'current', 'index.html'), 'utf8'),
      /"depannage":79/,
      'the earlier data is served',
    );
    assert.ok(existsSync(path.join(site.site.releasesDir, priced.release!)), 'the undone release is kept');
    assert.equal(site.gitIn('status', '--porcelain'), '');
  });

  test('the same day, the version not yet in force takes the earlier text back, its page still served', async () => {
    const site = await newSite();
    await publish(on(site, '2026-12-09T10:00:00Z'), site, PRICES_FILE, { depannage: 79 });
    await publish(on(site, '2026-12-10T08:00:00Z'), site, PRICES_FILE, { depannage: 89 });
    const back = await (await rollback(on(site, '2026-12-10T09:00:00Z'), { author: site.author })).done;
    assert.equal(back.stage, 'en-ligne', back.error);
    assert.deepEqual(versionsIn(site), ['2026-11-28.json', '2026-12-10.json', '2026-12-11.json']);
    assert.deepEqual(versionText(site, '2026-12-11'), { prices: { depannage: 79 } });
    assert.match(servedVersion(site, '2026-12-11') ?? '', /"depannage": 79/);
  });

  test('a return that takes no version offline stays a switch, without a rebuild', async () => {
    const site = await newSite();
    const first = await publish(on(site, '2026-12-10T10:00:00Z'), site, PRICES_FILE, { depannage: 89 });
    await publish(on(site, '2026-12-11T10:00:00Z'), site, HERO_FILE, { titre: 'Dépannage rapide' });
    const noBuild = { ...site.deps, site: { ...site.site, buildCommand: 'node build.mjs fail' } };
    const back = await (await rollback(on(site, '2026-12-12T10:00:00Z', noBuild), { author: site.author })).done;
    assert.equal(back.stage, 'en-ligne', back.error);
    assert.equal(await liveRelease(site.deps), first.release);
    assert.deepEqual(
      readdirSync(path.join(site.site.sourceDir, CGV_DIR)).filter((name) => name.endsWith('.json')),
      ['2026-11-28.json', '2026-12-11.json'],
    );
  });
});

describe('a return keeps the clients’ reviews as they are now', () => {
  const review = {
    id: 'avis-1',
    rating: 2,
    text: 'Intervention correcte mais arrivée bien après l’heure annoncée.',
    name: 'Paul R.',
    experience: '2026-12-01',
    published: '2026-12-09',
  };

  test('a review removed since is not brought back: the return is rebuilt with today’s reviews', async () => {
    const site = await newSite();
    const reviewed = await publish(on(site, '2026-12-09T10:00:00Z'), site, REVIEWS_FILE, { reviews: [review] });
    assert.equal(reviewed.stage, 'en-ligne', reviewed.error);
    const removed = await publish(on(site, '2026-12-10T10:00:00Z'), site, REVIEWS_FILE, { reviews: [] });
    assert.equal(removed.stage, 'en-ligne', removed.error);
    const back = await (await rollback(on(site, '2026-12-11T10:00:00Z'), { author: site.author })).done;
    assert.equal(back.stage, 'en-ligne', back.error);
    assert.deepEqual(JSON.parse(site.gitIn('show', `HEAD:${REVIEWS_FILE}`)), { reviews: [] });
    const live = await liveRelease(site.deps);
    assert.equal(live, back.release, 'a release of its own: the older one shows the removed review');
    assert.notEqual(live, reviewed.release);
    assert.equal(site.gitIn('status', '--porcelain'), '');
  });

  test('a review published since stays; with the same reviews the return is a switch', async () => {
    const site = await newSite();
    const first = await publish(on(site, '2026-12-09T10:00:00Z'), site, HERO_FILE, { titre: 'Dépannage rapide' });
    await publish(on(site, '2026-12-10T10:00:00Z'), site, REVIEWS_FILE, { reviews: [review] });
    const back = await (await rollback(on(site, '2026-12-11T10:00:00Z'), { author: site.author })).done;
    assert.equal(back.stage, 'en-ligne', back.error);
    assert.deepEqual(JSON.parse(site.gitIn('show', `HEAD:${REVIEWS_FILE}`)), { reviews: [review] });
    assert.notEqual(await liveRelease(site.deps), first.release, 'the older release lacks the review: rebuilt');
    const hero = await publish(on(site, '2026-12-12T10:00:00Z'), site, HERO_FILE, { titre: 'Installation' });
    assert.equal(hero.stage, 'en-ligne', hero.error);
    const noBuild = { ...site.deps, site: { ...site.site, buildCommand: 'node build.mjs fail' } };
    const switched = await (await rollback(on(site, '2026-12-13T10:00:00Z', noBuild), { author: site.author })).done;
    assert.equal(switched.stage, 'en-ligne', switched.error);
    assert.equal(await liveRelease(site.deps), back.release, 'same reviews, same CGV: the plain switch');
    assert.deepEqual(JSON.parse(site.gitIn('show', `HEAD:${REVIEWS_FILE}`)), { reviews: [review] });
  });
});
