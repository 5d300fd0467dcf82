import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { LightMyRequestResponse as Response } from 'fastify';
import { attribute, elementById, elements, textOf } from '../../scripts/html';
import { siteData, siteDataPages, typeset } from '../src/facts';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import { setManager } from '../src/store/members';
import { href } from '../src/inbox/paths';
import { PUBLISHING_OFF } from '../src/inbox/site-publishing';
import { latestPublications, startPublication, type PublishDeps } from '../src/publish/engine';
import { readAudit } from '../src/store/audit';
import { NOW, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { openGate, PRICES_FILE, testSite, type TestSite } from './publish-site';
import { publishData } from './factories';
import { waitFor } from './helpers';

/**
 * « Le site » in the inbox, through app.inject (the guard, the anti-forgery token and the origin check
 * included): managers only; a page's form drawn from its schema, refused beside its field and kept as typed;
 * two managers on the same page; the publication, through the real engine on a real git checkout whose build
 * is the engine tests' small one (publish-site.ts); the return to the previous release; the preview, behind
 * the session and without the site's scripts. The end-to-end test with the site's real build is
 * e2e/site-publication.spec.ts.
 */

const coordonnees = siteDataPages.find((candidate) => candidate.id === 'coordonnees')!;
const phoneTitle = (coordonnees.schema.properties.phone as { title: string }).title;
const phoneMessage = typeset((coordonnees.schema.properties.phone as unknown as { errorMessage: string }).errorMessage);

/** The form of a page as the browser posts it: every input's value, ticked boxes, changed by `changes`. */
function formOf(response: Response, changes: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const element of elements(page(response), (e) => ['input', 'textarea', 'select'].includes(e.name))) {
    const name = attribute(element, 'name');
    if (!name || name === '_csrf') continue;
    const type = attribute(element, 'type');
    if (type === 'checkbox') {
      if (attribute(element, 'checked') !== undefined) fields[name] = 'on';
    } else if (element.name === 'select') {
      const options = elements(element, (e) => e.name === 'option');
      const chosen = options.find((o) => attribute(o, 'selected') !== undefined) ?? options[0];
      fields[name] = chosen ? (attribute(chosen, 'value') ?? '') : '';
    } else if (element.name === 'textarea') {
      fields[name] = textOf(element);
    } else if (type !== 'submit') {
      fields[name] = attribute(element, 'value') ?? '';
    }
  }
  return { ...fields, ...changes };
}

async function asManager(pages: Pages) {
  await setManager(pages.db, pages.member.id, true, NOW.getTime());
}

/** The colleague's own session: a second manager, or a plain member. */
async function colleague(pages: Pages) {
  const session = await createSession(pages.db, pages.colleague.id, NOW.getTime());
  const cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
  return {
    get: (url: string) => pages.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, fields: Record<string, string>) =>
      pages.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: pages.origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString(),
      }),
  };
}

const fieldValue = (response: Response, name: string) =>
  attribute(elements(page(response), (e) => attribute(e, 'name') === name)[0]!, 'value');

test('a plain member has no « Le site » in the navigation, and its pages answer 403', async (t) => {
  const pages = await pagesApp(t);
  const list = await pages.get(href.list);
  assert.equal(elements(page(list), (e) => e.name === 'a' && attribute(e, 'href') === href.site).length, 0);
  for (const url of [href.site, href.sitePage('coordonnees')]) {
    const response = await pages.get(url);
    assert.equal(response.statusCode, 403, url);
    assert.match(textOf(page(response)), /réservée aux responsables/);
  }
  const posted = await pages.post(href.sitePage('coordonnees'), { '/phone': '04 93 00 11 22' });
  assert.equal(posted.statusCode, 403);
});

test('a manager edits « Coordonnées »: a wrong number is refused beside its field, a right one waits to be published', async (t) => {
  const pages = await pagesApp(t);
  await asManager(pages);
  const list = await pages.get(href.list);
  assert.equal(elements(page(list), (e) => e.name === 'a' && attribute(e, 'href') === href.site).length, 1);
  const index = await pages.get(href.site);
  assert.equal(index.statusCode, 200);
  assert.match(textOf(page(index)), new RegExp(PUBLISHING_OFF.slice(0, 30)));
  for (const each of siteDataPages) {
    assert.ok(textOf(page(index)).includes(each.title), each.title);
  }

  const form = await pages.get(href.sitePage('coordonnees'));
  const label = elements(page(form), (e) => e.name === 'label' && textOf(e) === phoneTitle)[0];
  assert.ok(label, 'the phone field is labelled by its schema');
  assert.equal(fieldValue(form, '/phone'), siteData.coordonnees.phone);

  const refused = await pages.post(href.sitePage('coordonnees'), formOf(form, { '/phone': '12 34' }));
  assert.equal(refused.statusCode, 422);
  assert.equal(textOf(elementById(page(refused), 'erreur--phone')!), phoneMessage.replace(/\s+/g, ' '));
  assert.equal(fieldValue(refused, '/phone'), '12 34');
  assert.doesNotMatch(textOf(page(await pages.get(href.site))), /Modifiée, à publier/);

  const saved = await pages.post(href.sitePage('coordonnees'), formOf(form, { '/phone': '04 93 00 11 22' }));
  assert.equal(saved.statusCode, 303);
  const after = await pages.get(saved.headers.location as string);
  assert.match(statusMessage(after) ?? '', /Modifications enregistrées/);
  assert.ok(
    textOf(page(after)).includes(
      `${phoneTitle} : « ${siteData.coordonnees.phone} » → « 04 93 00 11 22 »`.replace(/\s+/g, ' '),
    ),
  );
  assert.equal(fieldValue(await pages.get(href.sitePage('coordonnees')), '/phone'), '04 93 00 11 22');
});

test('two managers on the same page: the second to save is told who saved in between, sees the new values, loses nothing', async (t) => {
  const pages = await pagesApp(t);
  await asManager(pages);
  await setManager(pages.db, pages.colleague.id, true, NOW.getTime());
  const marc = await colleague(pages);
  const mine = await pages.get(href.sitePage('coordonnees'));
  const his = await marc.get(href.sitePage('coordonnees'));
  assert.equal(
    (await pages.post(href.sitePage('coordonnees'), formOf(mine, { '/phone': '04 93 00 11 22' }))).statusCode,
    303,
  );
  const late = await marc.post(href.sitePage('coordonnees'), formOf(his, { '/email': 'accueil@entreprise.test' }));
  assert.equal(late.statusCode, 409);
  const text = textOf(page(late));
  assert.ok(text.includes(`modifiée entre-temps par ${pages.member.name}`), text.slice(0, 400));
  assert.equal(fieldValue(late, '/phone'), '04 93 00 11 22');
  assert.ok(text.includes('accueil@entreprise.test'), 'his typing is shown to take up again');
  // Saved again from the page he now has, his change goes in beside hers.
  assert.equal(
    (await marc.post(href.sitePage('coordonnees'), formOf(late, { '/email': 'accueil@entreprise.test' }))).statusCode,
    303,
  );
  const now = await pages.get(href.sitePage('coordonnees'));
  assert.equal(fieldValue(now, '/phone'), '04 93 00 11 22');
  assert.equal(fieldValue(now, '/email'), 'accueil@entreprise.test');
});

/** The small checkout of the engine's tests, holding this repository's data files, committed. */
async function siteWithData(t: TestContext): Promise<TestSite> {
  const site = await testSite();
  t.after(() => site.remove());
  publishData(site.site.sourceDir, siteData);
  site.gitIn('add', '-A');
  site.gitIn('commit', '--quiet', '-m', 'Les données du site');
  return site;
}

async function settled(pages: Pages) {
  return waitFor('the publication to end', async () => {
    const [latest] = await latestPublications(pages.db, 1);
    return latest && !latest.running ? latest : undefined;
  });
}

test('« Publier » commits as the member and puts the new phone online; « Revenir » puts the previous one back', async (t) => {
  const site = await siteWithData(t);
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  await asManager(pages);
  const served = () => readFileSync(path.join(site.site.releasesDir, 'current', 'index.html'), 'utf8');

  for (const phone of ['04 93 00 11 22', '04 93 33 44 55']) {
    const form = await pages.get(href.sitePage('coordonnees'));
    assert.equal((await pages.post(href.sitePage('coordonnees'), formOf(form, { '/phone': phone }))).statusCode, 303);
    const published = await pages.post(href.sitePublish);
    assert.equal(published.statusCode, 303);
    const done = await settled(pages);
    assert.equal(done.stage, 'en-ligne', done.error);
    assert.ok(served().includes(phone));
    assert.equal(site.gitIn('log', '-1', '--format=%an <%ae>'), `${pages.member.name} <lea@entreprise.test>`);
    assert.ok(site.gitIn('log', '-1', '--format=%B').includes(phone));
    const index = textOf(page(await pages.get(href.site)));
    assert.doesNotMatch(index, /Modifiée, à publier/);
    assert.match(index, /En ligne/);
  }
  const audit = await readAudit(pages.db, { action: 'site_published' });
  assert.equal(audit.length, 2);

  const back = await pages.post(href.siteRollback);
  assert.equal(back.statusCode, 303);
  assert.ok(served().includes('04 93 00 11 22'));
  assert.ok(!served().includes('04 93 33 44 55'));
  assert.equal(fieldValue(await pages.get(href.sitePage('coordonnees')), '/phone'), '04 93 00 11 22');
  assert.doesNotMatch(textOf(page(await pages.get(href.site))), /Modifiée, à publier/);
  assert.equal((await readAudit(pages.db, { action: 'site_rolled_back' })).length, 1);
});

test('« Revenir » past a CGV version that must stay online rebuilds: the page answers at once, the return runs', async (t) => {
  const site = await siteWithData(t);
  let at = '2026-12-09T08:00:00Z';
  let deps!: PublishDeps;
  const pages = await pagesApp(t, NOW, {}, (db) => (deps = { ...site.deps, db, now: () => new Date(at) }));
  await asManager(pages);
  const author = { memberId: pages.member.id, name: pages.member.name, email: 'lea@entreprise.test' };
  // Two prices the small site's CGV cite, a day apart: the second makes the version of the 11th.
  for (const [day, price] of [
    ['2026-12-09T08:00:00Z', 79],
    ['2026-12-10T08:00:00Z', 89],
  ] as const) {
    at = day;
    const files = [{ path: PRICES_FILE, json: { depannage: price } }];
    const done = await (await startPublication(deps, { files, author, message: 'Tarifs', changes: [] })).done;
    assert.equal(done.stage, 'en-ligne', done.error);
  }
  // Two days later a devis may cite the version of the 11th: the return keeps it online, so it builds.
  at = '2026-12-12T08:00:00Z';
  site.site.buildCommand = 'node build.mjs gate';
  const back = await pages.post(href.siteRollback);
  assert.equal(back.statusCode, 303);
  assert.equal(back.headers.location, `${href.site}?fait=retour-construction`);
  const running = await pages.get(back.headers.location as string);
  assert.match(statusMessage(running) ?? '', /le site est donc reconstruit avec les valeurs précédentes/);
  assert.match(textOf(page(running)), /Une publication est en cours/);
  await openGate(site.site);
  const done = await settled(pages);
  assert.equal(done.stage, 'en-ligne', done.error);
  assert.equal(done.kind, 'retour');
  const current = path.join(site.site.releasesDir, 'current');
  assert.match(readFileSync(path.join(current, 'index.html'), 'utf8'), /"depannage":79/);
  assert.match(readFileSync(path.join(current, 'cgv/versions/2026-12-11/index.html'), 'utf8'), /"depannage": 89/);
});

test('nothing to publish: « Publier » publishes nothing', async (t) => {
  const site = await siteWithData(t);
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  await asManager(pages);
  const response = await pages.post(href.sitePublish);
  assert.equal(response.statusCode, 303);
  assert.match(statusMessage(await pages.get(response.headers.location as string)) ?? '', /rien à publier/);
  assert.deepEqual(await latestPublications(pages.db, 5), []);
});

test('« Aperçu » builds the pending changes, served behind the session, its addresses below the preview’s, no script', async (t) => {
  const site = await siteWithData(t);
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  await asManager(pages);
  const form = await pages.get(href.sitePage('coordonnees'));
  await pages.post(href.sitePage('coordonnees'), formOf(form, { '/phone': '04 93 00 11 22' }));
  assert.equal((await pages.post(href.sitePreview)).statusCode, 303);
  const done = await settled(pages);
  assert.equal(done.stage, 'pret', done.error);
  const index = await pages.get(href.site);
  const link = elements(page(index), (e) => e.name === 'a' && textOf(e) === 'Voir l’aperçu')[0];
  assert.ok(link);
  const preview = await pages.get(attribute(link, 'href')!);
  assert.equal(preview.statusCode, 200, `${attribute(link, 'href')}: ${preview.body.slice(0, 300)}`);
  const frame = elements(page(preview), (e) => e.name === 'iframe')[0]!;
  assert.equal(attribute(frame, 'width'), '390');
  const file = await pages.get(attribute(frame, 'src')!);
  assert.equal(file.statusCode, 200, `${attribute(frame, 'src')}: ${file.body.slice(0, 200)}`);
  assert.ok(file.body.includes('04 93 00 11 22'), 'the preview shows the change');
  assert.match(String(file.headers['content-security-policy']), /sandbox/);
  assert.match(String(file.headers['content-security-policy']), /default-src 'none'/);
  // The checkout and the site online are as before.
  assert.equal(site.gitIn('status', '--porcelain'), '');
  // Outside its folder, or a script: nothing.
  for (const wrong of ['../../../../etc/passwd', '%2e%2e/%2e%2e/x.html', 'x.js']) {
    assert.equal((await pages.get(`${attribute(frame, 'src')!}${wrong}`)).statusCode, 404, wrong);
  }
});
