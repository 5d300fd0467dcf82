import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { attribute, elementsByTag, firstElement, rawText, textOf } from '../../scripts/html';
import { formatFrenchDay } from '../src/facts';
import { readAudit } from '../src/store/audit';
import { href } from '../src/inbox/paths';
import { storeTermination } from '../src/intake/store-termination';
import { field, NOW, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { sentDevis, draft } from './factories';

/**
 * The inbox's « Résiliations »: the list and a page per termination request, « Marquer comme traitée »
 * (audited once), behind the session like every inbox route; spam never shows.
 */

async function stored(pages: Pages, overrides: Record<string, string> = {}) {
  const fields = new Map(
    Object.entries({
      lastName: 'Garnier',
      firstName: 'Paul',
      company: '',
      email: `paul.${randomUUID().slice(0, 8)}@exemple.fr`,
      contractType: 'maintenance',
      contractReference: 'MC-2024/031',
      contractStart: '2024-05-02',
      desiredDate: '',
      reason: 'Vente de la maison.',
      requestId: randomUUID(),
      website: '',
      ...overrides,
    }),
  );
  return storeTermination({ db: pages.db, config: { fromEmail: 'no-reply@entreprise.test' } }, fields, NOW);
}

test('the list, a termination’s page, and « Marquer comme traitée » once, audited', async (t) => {
  const pages = await pagesApp(t);
  const first = await stored(pages);
  await stored(pages, { website: 'robot', lastName: 'Robot' });
  const list = await pages.get(href.terminations);
  assert.equal(list.statusCode, 200);
  // Spaces compared as spaces (the page and formatFrenchDay may differ in their no-break ones).
  const plain = (text: string | undefined) => (text ?? '').replace(/\s/gu, ' ');
  const listText = plain(textOf(page(list)));
  assert.match(listText, /1 résiliation à traiter\./);
  assert.ok(listText.includes('Paul Garnier'), listText);
  assert.ok(listText.includes(`fin le ${plain(formatFrenchDay(first.answer.effectiveDate))}`), listText);
  assert.ok(!listText.includes('Robot'), 'spam is not listed');
  // The inbox's menu leads there.
  assert.match(list.body, new RegExp(`<a href="${href.terminations}" aria-current="page">Résiliations</a>`));

  const detail = await pages.get(href.termination(first.answer.reference));
  assert.equal(detail.statusCode, 200);
  const document = page(detail);
  assert.equal(field(document, 'État'), 'À traiter');
  assert.equal(plain(field(document, 'Date d’effet')), plain(formatFrenchDay(first.answer.effectiveDate)));
  assert.equal(plain(field(document, 'Signé le')), plain(formatFrenchDay('2024-05-02')));
  assert.equal(field(document, 'Motif'), 'Vente de la maison.');
  assert.equal(field(document, 'Accusé de réception'), 'en attente');

  const handled = await pages.post(href.terminationHandled(first.answer.reference));
  assert.equal(handled.statusCode, 303);
  assert.equal(handled.headers.location, `${href.termination(first.answer.reference)}?fait=traitee`);
  const after = await pages.get(String(handled.headers.location));
  assert.equal(statusMessage(after), 'Résiliation marquée comme traitée.');
  assert.match(field(page(after), 'État') ?? '', /^Traitée le .+ par Léa Roux$/);
  assert.match(textOf(page(await pages.get(href.terminations))), /Toutes les résiliations sont traitées\./);
  // A second click changes nothing and records nothing more.
  await pages.post(href.terminationHandled(first.answer.reference));
  const audit = (await readAudit(pages.db)).filter((row) => row.action === 'termination_handled');
  assert.equal(audit.length, 1);
  assert.equal(audit[0]?.reference, first.answer.reference);
});

test('an unknown, a malformed or a spam reference: the inbox’s 404 page', async (t) => {
  const pages = await pagesApp(t);
  const spam = await stored(pages, { website: 'robot' });
  for (const url of [
    href.termination('R-20261124-AAAAAA'),
    href.termination('D-20261124-AAAAAA'),
    href.termination(spam.answer.reference),
  ]) {
    const answer = await pages.get(url);
    assert.equal(answer.statusCode, 404, url);
  }
  const post = await pages.post(href.terminationHandled(spam.answer.reference));
  assert.equal(post.statusCode, 404);
});

test('without a session: no list, no page, nothing marked', async (t) => {
  const pages = await pagesApp(t);
  const first = await stored(pages);
  for (const url of [href.terminations, href.termination(first.answer.reference)]) {
    const answer = await pages.app.inject({ method: 'GET', url });
    assert.equal(answer.statusCode, 303, url);
    assert.match(String(answer.headers.location), /\/gestion\/connexion/);
    assert.ok(!answer.body.includes('Garnier'));
  }
  const post = await pages.app.inject({
    method: 'POST',
    url: href.terminationHandled(first.answer.reference),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  assert.notEqual(post.statusCode, 200);
  assert.notEqual(post.headers.location, `${href.termination(first.answer.reference)}?fait=traitee`);
  const row = await pages.db.execute({
    sql: 'SELECT handled_at FROM terminations WHERE reference = ?',
    args: [first.answer.reference],
  });
  assert.equal(row.rows[0]?.handled_at, null);
});

test('a termination naming a devis on file: the devis linked with its client, a mismatch flagged first', async (t) => {
  const pages = await pagesApp(t);
  const sent = await sentDevis(pages.db, NOW, {
    client: { ...draft().client, name: 'Marie Dupont', email: 'marie.dupont@client.test' },
  });
  const stranger = await stored(pages, {
    contractType: 'devis',
    contractStart: '',
    lastName: 'Dupont',
    firstName: 'Marie',
    email: 'stranger@evil.test',
    contractReference: sent.number,
  });
  const document = page(await pages.get(href.termination(stranger.answer.reference)));
  const alert = firstElement(document, (element) => attribute(element, 'role') === 'alert');
  assert.ok(alert, 'a mismatch is flagged');
  assert.match(textOf(alert), /l’adresse e-mail ne correspond pas au client du devis/);
  const devisLink = elementsByTag(document, 'a').find((link) => attribute(link, 'href') === href.devis(sent.devisId));
  assert.ok(devisLink, 'the devis is linked');
  assert.equal(rawText(devisLink), `Devis n°\u00a0${sent.number}`);
  assert.match(field(document, 'Devis correspondant') ?? '', /Marie Dupont, marie\.dupont@client\.test/);

  // The client's own request: no alert, the verdict says so.
  const own = await stored(pages, {
    contractType: 'devis',
    contractStart: '',
    lastName: 'Dupont',
    firstName: 'Marie',
    email: 'marie.dupont@client.test',
    contractReference: `devis ${sent.number}`,
  });
  const ownPage = page(await pages.get(href.termination(own.answer.reference)));
  assert.equal(
    firstElement(ownPage, (element) => attribute(element, 'role') === 'alert'),
    undefined,
  );
  assert.equal(field(ownPage, 'Vérification'), 'nom et adresse e-mail conformes au devis');

  // An accepted devis whose reference names no devis on file: said so, no alert; a maintenance contract: not
  // on file at all.
  const none = await stored(pages, { contractType: 'devis', contractStart: '', contractReference: '12 rue des Lilas' });
  assert.equal(
    field(page(await pages.get(href.termination(none.answer.reference))), 'Devis correspondant'),
    'aucun devis enregistré sous cette référence',
  );
  const maintenance = await stored(pages);
  assert.equal(
    field(page(await pages.get(href.termination(maintenance.answer.reference))), 'Devis correspondant'),
    'sans objet',
  );
});

test('the reply link encodes the address typed: « victim?cc=attacker@evil.test » adds no header', async (t) => {
  const pages = await pagesApp(t);
  const hostile = await stored(pages, { email: 'victim?cc=attacker@evil.test' });
  const document = page(await pages.get(href.termination(hostile.answer.reference)));
  const mailto = elementsByTag(document, 'a')
    .map((link) => attribute(link, 'href') ?? '')
    .find((target) => target.startsWith('mailto:'));
  assert.ok(mailto);
  const url = new URL(mailto);
  assert.equal(decodeURIComponent(url.pathname), 'victim?cc=attacker@evil.test');
  assert.deepEqual([...url.searchParams.keys()], ['subject']);
  assert.equal(url.searchParams.get('subject'), `Votre résiliation ${hostile.answer.reference}`);
});

test('a maintenance contract without its signature date: its day shown « au plus tôt », to confirm', async (t) => {
  const pages = await pagesApp(t);
  const undated = await stored(pages, { contractStart: '' });
  const plain = (text: string | undefined) => (text ?? '').replace(/\s/gu, ' ');
  const day = plain(formatFrenchDay(undated.answer.effectiveDate));
  const document = page(await pages.get(href.termination(undated.answer.reference)));
  assert.equal(plain(field(document, 'Date d’effet')), `au plus tôt le ${day} (à confirmer)`);
  assert.equal(field(document, 'Signé le'), undefined);
  assert.ok(
    plain(textOf(page(await pages.get(href.terminations)))).includes(`fin au plus tôt le ${day} (à confirmer)`),
  );
});
