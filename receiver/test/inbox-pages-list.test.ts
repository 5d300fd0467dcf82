import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { attribute, elements, elementsByTag, firstElement, textOf, type HtmlDocument } from '../../scripts/html';
import { locationOptions, serviceTypeOptions } from '../src/facts';
import { page, pagesApp } from './inbox-pages';
import { seed } from './factories';

/** The rows of the list, as their text. */
// textOf collapses white space, no-break spaces included: expected texts are written with plain spaces.
function rows(document: HtmlDocument): string[] {
  const list = firstElement(document, (element) => element.name === 'ol');
  return list ? elementsByTag(list, 'li').map(textOf) : [];
}

function link(document: HtmlDocument, name: string): string | undefined {
  const found = elementsByTag(document, 'a').find((element) => textOf(element) === name);
  return found ? attribute(found, 'href') : undefined;
}

const [serviceA, serviceB] = [serviceTypeOptions[0]!, serviceTypeOptions[2]!];
const [townA, townB] = [locationOptions[0]!, locationOptions[3]!];

test('the list: late requests first, then the open ones by deadline, then the closed ones', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  await seed(db, dirs, { lastName: 'Plustard', deadlineAt: '2026-11-24T15:00:00.000Z' });
  await seed(db, dirs, { lastName: 'Enretard', deadlineAt: '2026-11-23T16:00:00.000Z' });
  await seed(db, dirs, { lastName: 'Rappelé', status: 'rappelee', deadlineAt: '2026-11-23T10:00:00.000Z' });
  await seed(db, dirs, { lastName: 'Accepté', status: 'acceptee', createdAt: '2026-11-22T09:00:00.000Z' });
  await seed(db, dirs, { lastName: 'Midi', deadlineAt: '2026-11-24T11:00:00.000Z' });
  await seed(db, dirs, { lastName: 'Trèsenretard', deadlineAt: '2026-11-20T10:00:00.000Z' });
  await seed(db, dirs, { lastName: 'Indésirable', spam: true });

  const response = await get('/gestion/');
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
  const listed = rows(page(response));
  const order = ['Trèsenretard', 'Enretard', 'Rappelé', 'Midi', 'Plustard', 'Accepté'];
  assert.deepEqual(
    listed.map((row) => order.find((name) => row.includes(name))),
    order,
    'late first, then by deadline, closed last; the spam is not in the list',
  );
  assert.match(listed[0]!, /en retard/);
  assert.match(listed[1]!, /en retard/);
  assert.doesNotMatch(listed[2]!, /en retard/, 'a request called back is not late');
  const lateItems = elements(
    page(response),
    (element) => element.name === 'li' && attribute(element, 'class') === 'late',
  );
  assert.equal(lateItems.length, 2, 'the late rows are marked (red)');
});

test('a row: reference, name, town, service, when it arrived and the time left', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  const { reference } = await seed(db, dirs, {
    firstName: 'Inès',
    lastName: 'Garnier',
    serviceType: serviceA.value,
    location: townB.value,
    createdAt: '2026-11-23T09:30:00.000Z',
    deadlineAt: '2026-11-24T11:00:00.000Z',
  });
  const row = rows(page(await get('/gestion/')))[0]!;
  for (const part of [
    reference,
    'Inès Garnier',
    serviceA.label,
    townB.label,
    'reçue le 23 novembre 2026 à 10 h 30',
    'à rappeler avant mardi 12 h',
  ]) {
    assert.ok(row.includes(part), `${JSON.stringify(part)} in ${JSON.stringify(row)}`);
  }
  const anchor = elementsByTag(page(await get('/gestion/')), 'a').find((a) => textOf(a).includes('Inès Garnier'));
  assert.equal(anchor && attribute(anchor, 'href'), `/gestion/demandes/${reference}`);
});

test('filters by status, service and town, kept in the form', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  await seed(db, dirs, { lastName: 'Alpha', serviceType: serviceA.value, location: townA.value });
  await seed(db, dirs, { lastName: 'Bravo', serviceType: serviceB.value, location: townA.value, status: 'rappelee' });
  await seed(db, dirs, { lastName: 'Charlie', serviceType: serviceB.value, location: townB.value });
  const names = async (query: string) =>
    rows(page(await get(`/gestion/?${query}`))).map((row) =>
      ['Alpha', 'Bravo', 'Charlie'].find((n) => row.includes(n)),
    );

  assert.deepEqual(await names('statut=rappelee'), ['Bravo']);
  assert.deepEqual((await names(`prestation=${serviceB.value}`)).sort(), ['Bravo', 'Charlie']);
  assert.deepEqual(await names(`lieu=${encodeURIComponent(townB.value)}`), ['Charlie']);
  assert.deepEqual(await names(`prestation=${serviceB.value}&lieu=${encodeURIComponent(townA.value)}`), ['Bravo']);
  assert.equal((await names('statut=acceptee')).length, 0);

  const document = page(await get(`/gestion/?statut=rappelee&lieu=${encodeURIComponent(townA.value)}`));
  const selected = (id: string) => {
    const select = firstElement(document, (element) => element.name === 'select' && attribute(element, 'id') === id);
    const option =
      select && firstElement(select, (element) => element.name === 'option' && 'selected' in element.attribs);
    return option && textOf(option);
  };
  assert.equal(selected('statut'), 'Rappelée');
  assert.equal(selected('lieu'), townA.label);
  assert.ok(textOf(document).includes('Résultats : 1 demande'));
});

test('search by name, e-mail, phone or reference', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  const { reference } = await seed(db, dirs, {
    firstName: 'Jeanne',
    lastName: 'Dupuis',
    email: 'jeanne.dupuis@exemple.fr',
    phone: '06 98 76 54 32',
  });
  await seed(db, dirs, { firstName: 'Paul', lastName: 'Roche', email: 'paul@exemple.fr', phone: '04 93 00 00 00' });
  const found = async (q: string) =>
    rows(page(await get(`/gestion/?q=${encodeURIComponent(q)}`))).map((row) =>
      row.includes('Dupuis') ? 'Dupuis' : 'Roche',
    );

  assert.deepEqual(await found('dupuis'), ['Dupuis'], 'a name, whatever its case');
  assert.deepEqual(await found('Jeanne Dupuis'), ['Dupuis'], 'first and last name');
  assert.deepEqual(await found('jeanne.dupuis@'), ['Dupuis'], 'an e-mail address');
  assert.deepEqual(await found('0698765432'), ['Dupuis'], 'a phone number written without its spaces');
  assert.deepEqual(await found('06.98.76'), ['Dupuis'], 'or with dots');
  assert.deepEqual(await found(reference.toLowerCase()), ['Dupuis'], 'a reference');
  assert.deepEqual(await found('%'), [], 'a wildcard is a character like any other');
  assert.equal((await found('exemple.fr')).length, 2);
});

test('pages of 50, with links to the next and the previous page that keep the filters', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  for (let i = 0; i < 120; i += 1) {
    const minute = String(i % 60).padStart(2, '0');
    const hour = String(10 + Math.floor(i / 60)).padStart(2, '0');
    await seed(db, dirs, {
      lastName: `N${String(i).padStart(3, '0')}`,
      deadlineAt: `2026-11-25T${hour}:${minute}:00.000Z`,
    });
  }
  const first = page(await get(`/gestion/?lieu=${encodeURIComponent(locationOptions[1]!.value)}`));
  assert.equal(rows(first).length, 50);
  assert.ok(rows(first)[0]!.includes('N000'));
  assert.equal(link(first, 'Page précédente'), undefined);
  const next = link(first, 'Page suivante');
  assert.ok(next?.includes('page=2') && next.includes('lieu='), next);

  const second = page(await get(next!));
  assert.equal(rows(second).length, 50);
  assert.ok(rows(second)[0]!.includes('N050'));
  assert.ok(textOf(second).includes('Page 2 sur 3'));
  const third = page(await get(link(second, 'Page suivante')!));
  assert.equal(rows(third).length, 20);
  assert.ok(rows(third).at(-1)!.includes('N119'));
  assert.equal(link(third, 'Page suivante'), undefined);
  assert.ok(link(third, 'Page précédente')?.includes('page=2'));
});

test('the spam folder holds what the honeypot or the limits caught, and nothing else', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  await seed(db, dirs, { lastName: 'Robot', spam: true });
  await seed(db, dirs, { lastName: 'Humain' });
  const spam = page(await get('/gestion/indesirables/'));
  assert.deepEqual(
    rows(spam).map((row) => row.includes('Robot')),
    [true],
  );
  const current = firstElement(spam, (element) => attribute(element, 'aria-current') === 'page');
  assert.equal(current && textOf(current), 'Indésirables');
  assert.equal(textOf(firstElement(spam, (element) => element.name === 'h1')!), 'Indésirables');
  assert.deepEqual(
    rows(page(await get('/gestion/'))).map((row) => row.includes('Humain')),
    [true],
  );
});

test('a page of 50 requests weighs under 30 KB compressed, its stylesheet included', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  const random = (length: number) => randomBytes(length).toString('base64url').slice(0, length);
  for (let i = 0; i < 60; i += 1) {
    await seed(db, dirs, {
      firstName: random(14),
      lastName: random(20),
      serviceType: serviceTypeOptions[i % serviceTypeOptions.length]!.value,
      location: locationOptions[i % locationOptions.length]!.value,
      deadlineAt: `2026-11-${String(20 + (i % 9)).padStart(2, '0')}T${String(8 + (i % 10)).padStart(2, '0')}:30:00.000Z`,
    });
  }
  const listPage = await get('/gestion/');
  assert.equal(rows(page(listPage)).length, 50);
  const stylesheetLink = elementsByTag(page(listPage), 'link').find(
    (element) => attribute(element, 'rel') === 'stylesheet',
  );
  const stylesheet = await get(attribute(stylesheetLink!, 'href')!);
  assert.equal(stylesheet.statusCode, 200);
  assert.equal(stylesheet.body, await readFile(new URL('../src/inbox/static/inbox.css', import.meta.url), 'utf8'));
  const weight = gzipSync(listPage.body).length + gzipSync(stylesheet.body).length;
  assert.ok(weight < 30 * 1024, `${weight} bytes compressed`);
});
