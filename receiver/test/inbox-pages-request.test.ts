import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attribute, elementsByTag, firstElement, scripts, textOf } from '../../scripts/html';
import { locationOptions, serviceTypeOptions } from '../src/facts';
import { page, pagesApp } from './inbox-pages';
import { reference, seed } from './factories';

// textOf collapses white space, no-break spaces included: expected texts are written with plain spaces.

const service = serviceTypeOptions[1]!;
const town = locationOptions[2]!;

test('a request: every field, the buttons to call and to write, its deadline and its status', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  const { reference: ref } = await seed(db, dirs, {
    firstName: 'Chloé',
    lastName: 'Lambert',
    email: 'chloe.lambert@exemple.fr',
    phone: '06 11 22 33 44',
    serviceType: service.value,
    location: town.value,
    description: 'Fuite sous l’évier.\nDeuxième ligne.',
    createdAt: '2026-11-23T13:05:00.000Z',
    deadlineAt: '2026-11-24T13:05:00.000Z',
    file: { name: 'photo évier.jpg', data: Buffer.from('jpeg'), type: 'image/jpeg' },
  });
  const response = await get(`/gestion/demandes/${ref}`);
  assert.equal(response.statusCode, 200);
  const document = page(response);
  const text = textOf(document);
  assert.equal(elementsByTag(document, 'h1').length, 1);
  assert.equal(textOf(elementsByTag(document, 'h1')[0]!), 'Chloé Lambert');
  for (const part of [
    ref,
    'Chloé',
    'Lambert',
    'chloe.lambert@exemple.fr',
    '06 11 22 33 44',
    service.label,
    town.label,
    'Fuite sous l’évier. Deuxième ligne.',
    'Reçue le 23 novembre 2026 à 14 h 05',
    'à rappeler avant mardi 14 h 05',
    'Nouvelle',
    'Télécharger photo évier.jpg',
  ]) {
    assert.ok(text.includes(part), `${JSON.stringify(part)} on the page`);
  }
  const links = elementsByTag(document, 'a');
  const call = links.find((a) => textOf(a) === 'Appeler');
  const write = links.find((a) => textOf(a) === 'Écrire');
  assert.equal(call && attribute(call, 'href'), 'tel:0611223344');
  assert.match(String(write && attribute(write, 'href')), /^mailto:chloe\.lambert@exemple\.fr\?subject=/);
  assert.equal(scripts(document).length, 0, 'no script at all');
});

test('a guessed reference, or anything that is not one, gives a 404', async (t) => {
  const { db, dirs, get, post } = await pagesApp(t);
  await seed(db, dirs);
  for (const url of [
    `/gestion/demandes/${reference()}`,
    `/gestion/demandes/${reference()}/fichier`,
    '/gestion/demandes/..%2F..%2Fquotes.db',
    "/gestion/demandes/1'%20OR%20'1'='1",
  ]) {
    const response = await get(url);
    assert.equal(response.statusCode, 404, url);
    assert.match(response.body, /introuvable|n’existe pas/);
  }
  const posted = await post(`/gestion/demandes/${reference()}/statut`, { statut: 'rappelee' });
  assert.equal(posted.statusCode, 404);
});

test('the attached file downloads as an attachment under its stored name, never sniffed', async (t) => {
  const { db, dirs, get } = await pagesApp(t);
  const data = Buffer.from('%PDF-1.4 devis');
  const name = 'devis "final"; été\u202e.pdf';
  const { reference: ref } = await seed(db, dirs, { file: { name, data, type: 'application/pdf' } });
  const response = await get(`/gestion/demandes/${ref}/fichier`);
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['content-type'], 'application/pdf');
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.deepEqual(response.rawPayload, data);
  const disposition = String(response.headers['content-disposition']);
  assert.match(disposition, /^attachment; /);
  // The exact name, percent-encoded (RFC 5987), and an ASCII fallback that cannot end the quoted string.
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
  assert.equal(decodeURIComponent(encoded ?? ''), name);
  const fallback = /filename="([^"]*)"/.exec(disposition)?.[1];
  assert.ok(fallback && /^[\x20-\x7e]+$/.test(fallback) && fallback.endsWith('.pdf'), fallback);
  assert.ok(!/[\r\n]/.test(disposition));

  const { reference: without } = await seed(db, dirs);
  assert.equal((await get(`/gestion/demandes/${without}/fichier`)).statusCode, 404);
});

test('<script> and odd Unicode in every field of a request are shown inert', async (t) => {
  const { db, dirs, get, post } = await pagesApp(t);
  const evil = (label: string) => `<script>alert("${label}")</script>\u202e\u200b<img src=x onerror=alert(1)>${label}`;
  const { reference: ref } = await seed(db, dirs, {
    firstName: evil('prénom'),
    lastName: evil('nom'),
    email: `${evil('mail')}@exemple.fr`,
    phone: evil('tél'),
    serviceType: evil('service'),
    location: evil('lieu'),
    description: evil('description'),
    file: { name: evil('fichier'), data: Buffer.from('x'), type: 'application/pdf' },
  });
  await post(`/gestion/demandes/${ref}/note`, { note: evil('note') });
  await post(`/gestion/demandes/${ref}/statut`, { statut: 'sans_suite', motif: evil('motif') });
  for (const url of ['/gestion/', `/gestion/demandes/${ref}`, `/gestion/?q=${encodeURIComponent(evil('q'))}`]) {
    const document = page(await get(url));
    assert.equal(scripts(document).length, 0, `no script element on ${url}`);
    assert.equal(elementsByTag(document, 'img').length, 0, `no img element on ${url}`);
    const text = textOf(document);
    assert.ok(!text.includes('\u202e') && !text.includes('\u200b'), `no invisible control left on ${url}`);
  }
  const text = textOf(page(await get(`/gestion/demandes/${ref}`)));
  for (const label of ['prénom', 'nom', 'mail', 'tél', 'service', 'lieu', 'description', 'fichier', 'note', 'motif']) {
    assert.ok(
      text.includes(`<script>alert("${label}")</script>[U+202E][U+200B]<img src=x onerror=alert(1)>${label}`),
      `${label}: shown as text, its invisible characters made visible`,
    );
  }
  const call = elementsByTag(page(await get(`/gestion/demandes/${ref}`)), 'a').find((a) => textOf(a) === 'Appeler');
  assert.match(String(call && attribute(call, 'href')), /^tel:[\d+]*$/);
  const write = firstElement(page(await get(`/gestion/demandes/${ref}`)), (a) => textOf(a) === 'Écrire');
  assert.match(String(write && attribute(write, 'href')), /^mailto:[^<>"\s]*$/);
});
