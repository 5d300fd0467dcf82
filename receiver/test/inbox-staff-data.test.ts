import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { attribute, elements, firstElement, textOf, type HtmlDocument, type HtmlElement } from '../../scripts/html';
import { readAudit } from '../src/store/audit';
import { newEnrolmentLink } from '../src/store/members';
import { CSV_HEADERS } from '../src/store/csv';
import { devisTerms } from '../src/facts';
import { tool } from './helpers';
import { page, pagesApp } from './inbox-pages';
import { seed } from './factories';

/**
 * What the inbox tells and gives about people: the staff notice (its durations from the settings, linked
 * before enrolment and from every footer), the note's hint, « J'ai rappelé », the erasure's limits, the
 * access file (the inbox's and the tool's), and the CSV export for managers only.
 */

const NOTICE_PATH = '/gestion/vos-donnees';

function linksTo(document: HtmlDocument | HtmlElement, href: string) {
  return elements(document, (element) => element.name === 'a' && attribute(element, 'href') === href);
}

test('the staff notice: public, its durations from the settings, linked from the enrolment page and every footer', async (t) => {
  // Settings other than the defaults: the notice must print these.
  const pages = await pagesApp(t, undefined, {
    QUOTE_AUDIT_RETENTION_MONTHS: '9',
    QUOTE_DISABLED_MEMBER_MONTHS: '4',
    QUOTE_SESSION_MAX_DAYS: '3',
  });
  const notice = await pages.app.inject({ method: 'GET', url: NOTICE_PATH });
  assert.equal(notice.statusCode, 200, 'readable without a session');
  const text = textOf(page(notice));
  assert.match(text, /journal des actions[^]*Conservé\s:\s9\smois, puis effacé/u);
  assert.match(text, /Conservé\s:\stant que vous faites partie de l’équipe, puis 4\smois après/u);
  assert.match(text, /3\sjours au plus/u);
  assert.match(text, /3\sans après le dernier contact du client/u);
  // The devis a member sends carry their name and the time, kept with the contract.
  assert.match(
    text,
    new RegExp(
      `chaque devis que vous envoyez, votre nom, la date et l’heure de l’envoi[^]*Conservé\\s:\\savec le devis\\s;\\ss’il est accepté, avec le contrat, jusqu’à l’exécution des travaux puis ${devisTerms.electronicContractKeep.years}\\sans`,
      'u',
    ),
  );
  for (const word of ['Pourquoi', 'Qui les voit', 'Vos droits']) assert.ok(text.includes(word), word);
  assert.match(text, /pas à évaluer chacun[^]*jamais par personne/);
  assert.match(text, /donnees@azur-technique-services\.fr/);

  const secret = await newEnrolmentLink(pages.db, pages.colleague.id, Date.now());
  const enrol = page(await pages.app.inject({ method: 'GET', url: `/gestion/inscription/${secret}` }));
  const main = firstElement(enrol, (element) => element.name === 'main')!;
  const link = linksTo(main, NOTICE_PATH)[0];
  const button = firstElement(main, (element) => element.name === 'button');
  assert.ok(link && button, 'the enrolment page links to the notice and has its button');
  const order = elements(main).filter((element) => element === link || element === button);
  assert.deepEqual(order, [link, button], 'the notice comes before the passkey is created');

  const request = await seed(pages.db, pages.dirs);
  for (const url of [
    '/gestion/',
    '/gestion/indesirables/',
    `/gestion/demandes/${request.reference}`,
    '/gestion/chiffres/',
  ]) {
    const footer = firstElement(page(await pages.get(url)), (element) => element.name === 'footer');
    assert.ok(footer && linksTo(footer, NOTICE_PATH).length === 1, `${url} links to the notice in its footer`);
  }
  const signIn = page(await pages.app.inject({ method: 'GET', url: '/gestion/connexion' }));
  assert.equal(linksTo(signIn, NOTICE_PATH).length, 1, 'the sign-in page too');
});

test('a request page: the note’s hint, « J’ai rappelé » in one tap, and no erasure of an accepted request', async (t) => {
  const pages = await pagesApp(t);
  const request = await seed(pages.db, pages.dirs, { email: 'contrat@exemple.fr' });
  const url = `/gestion/demandes/${request.reference}`;
  let document = page(await pages.get(url));
  const note = firstElement(document, (element) => element.name === 'textarea' && attribute(element, 'id') === 'note')!;
  const hint = firstElement(document, (element) => attribute(element, 'id') === attribute(note, 'aria-describedby'));
  assert.match(
    textOf(hint!),
    /faits utiles au suivi, que la personne peut demander à lire\s: ni donnée de santé, ni opinion personnelle/u,
  );

  // « J'ai rappelé »: a form of its own beside « Appeler », with nothing to choose.
  const called = firstElement(document, (element) => element.name === 'button' && textOf(element) === 'J’ai rappelé')!;
  const form = called.parent as typeof called;
  assert.equal(attribute(form, 'action'), `${url}/statut`);
  const fields = Object.fromEntries(
    elements(form, (element) => element.name === 'input').map((input) => [
      attribute(input, 'name'),
      attribute(input, 'value'),
    ]),
  );
  const answer = await pages.post(String(attribute(form, 'action')), { statut: String(fields.statut) });
  assert.equal(answer.statusCode, 303);
  const stored = await pages.db.execute({
    sql: 'SELECT status, called_back_by FROM requests WHERE id = ?',
    args: [request.id],
  });
  assert.deepEqual([stored.rows[0]?.status, stored.rows[0]?.called_back_by], ['rappelee', pages.member.id]);
  document = page(await pages.get(url));
  assert.ok(!textOf(document).includes('J’ai rappelé'), 'gone once called back');

  // An accepted request documents a contract: the page explains, the route refuses.
  await pages.post(`${url}/statut`, { statut: 'acceptee' });
  document = page(await pages.get(url));
  assert.ok(!firstElement(document, (element) => attribute(element, 'action') === `${url}/effacer`), 'no erase form');
  assert.match(textOf(document), /Effacement impossible ici[^]*contrat que l’entreprise doit conserver \(10\sans\)/u);
  const refused = await pages.post(`${url}/effacer`, { confirmation: 'EFFACER' });
  assert.equal(refused.statusCode, 409);
  assert.equal((await pages.db.execute('SELECT COUNT(*) AS n FROM requests')).rows[0]?.n, 1);

  // The erase form of another request says what goes and what the team deletes by hand.
  const other = await seed(pages.db, pages.dirs);
  const eraseForm = firstElement(
    page(await pages.get(`/gestion/demandes/${other.reference}`)),
    (element) => attribute(element, 'action') === `/gestion/demandes/${other.reference}/effacer`,
  )!;
  assert.match(textOf(eraseForm), /ses notes, son historique, son statut, sa pièce jointe et ses e-mails en attente/);
  assert.match(textOf(eraseForm), /e-mails de ces demandes déjà reçus[^]*exports CSV[^]*sauvegardes/);
});

test('the access file: everything held about one address, from the inbox and from receiver:access alike', async (t) => {
  const pages = await pagesApp(t);
  const first = await seed(pages.db, pages.dirs, {
    email: 'Anne.Acces@Exemple.fr',
    firstName: 'Anne',
    lastName: 'Accès',
    description: 'Chaudière en panne\nau sous-sol',
    file: { name: 'plan-maison.pdf', data: Buffer.from('%PDF'), type: 'application/pdf' },
  });
  const second = await seed(pages.db, pages.dirs, { email: 'anne.acces@exemple.fr', firstName: 'Anne' });
  const stranger = await seed(pages.db, pages.dirs, { email: 'autre@exemple.fr', lastName: 'Inconnu' });
  const url = `/gestion/demandes/${first.reference}`;
  await pages.post(`${url}/note`, { note: 'Préfère un appel après 18 h' });
  await pages.post(`${url}/attribution`, { membre: String(pages.colleague.id) });
  await pages.post(`/gestion/demandes/${second.reference}/statut`, { statut: 'sans_suite', motif: 'Travaux reportés' });

  const link = firstElement(page(await pages.get(url)), (element) => attribute(element, 'href') === `${url}/donnees`);
  assert.match(textOf(link!), /Télécharger ses données \(droit d’accès\)/);
  const answer = await pages.get(`${url}/donnees`);
  assert.equal(answer.statusCode, 200);
  assert.match(String(answer.headers['content-type']), /^text\/plain; charset=utf-8/);
  assert.match(
    String(answer.headers['content-disposition']),
    new RegExp(`^attachment; filename="donnees-${first.reference}\\.txt"`),
  );
  const text = answer.body;
  for (const expected of [
    first.reference,
    second.reference,
    'Chaudière en panne\n  au sous-sol',
    'plan-maison.pdf',
    'Préfère un appel après 18 h',
    'Marc Blanc',
    'Travaux reportés',
    'Sans suite',
  ]) {
    assert.ok(text.includes(expected), `the file holds ${JSON.stringify(expected)}`);
  }
  assert.ok(!text.includes(stranger.reference) && !text.includes('Inconnu'), 'nobody else’s data');
  assert.deepEqual(
    (await readAudit(pages.db, { action: 'access_report' })).map((row) => [row.userId, row.reference, row.detail]),
    [[pages.member.id, first.reference, '2']],
  );

  const out = path.join(pages.dataDir, 'acces.txt');
  const run = await tool('access', ['--email', 'ANNE.Acces@exemple.fr', '--out', out], pages.dataDir);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /2 demande\(s\) pour ANNE\.Acces@exemple\.fr/);
  assert.equal((await stat(out)).mode & 0o777, 0o600, 'readable by its writer only');
  const withoutDate = (file: string) =>
    file
      .split('\n')
      .filter((line) => !line.startsWith('Document établi') && !line.startsWith('Données détenues'))
      .join('\n');
  assert.equal(withoutDate(await readFile(out, 'utf8')), withoutDate(text), 'the tool writes the same file');
});

test('the full CSV export: managers only, after a page that says what it holds', async (t) => {
  const pages = await pagesApp(t);
  await seed(pages.db, pages.dirs);
  await seed(pages.db, pages.dirs);
  const exportLink = async () =>
    firstElement(page(await pages.get('/gestion/')), (element) => attribute(element, 'href') === '/gestion/export');

  assert.equal(await exportLink(), undefined, 'a member who is not a manager sees no export');
  for (const url of ['/gestion/export', '/gestion/export.csv']) {
    const refused = await pages.get(url);
    assert.equal(refused.statusCode, 403, url);
    assert.match(textOf(page(refused)), /réservé aux responsables/);
  }
  assert.equal((await readAudit(pages.db, { action: 'export' })).length, 0);

  const granted = await tool('user', ['manager', 'lea@entreprise.test'], pages.dataDir);
  assert.equal(granted.code, 0, granted.stderr);
  const listed = await tool('user', ['list'], pages.dataDir);
  assert.match(listed.stdout, /Léa Roux <lea@entreprise\.test> : .*responsable/);
  assert.ok(await exportLink());
  const before = page(await pages.get('/gestion/export'));
  const items = elements(before, (element) => element.name === 'li').map((element) => textOf(element));
  for (const header of CSV_HEADERS) assert.ok(items.includes(header), `the page lists the column ${header}`);
  assert.match(textOf(before), /les 2\sdemandes/u);
  const download = firstElement(before, (element) => attribute(element, 'href') === '/gestion/export.csv');
  assert.ok(download);
  assert.equal((await readAudit(pages.db, { action: 'export' })).length, 0, 'the page alone exports nothing');
  const csv = await pages.get('/gestion/export.csv');
  assert.equal(csv.statusCode, 200);
  assert.equal((await readAudit(pages.db, { action: 'export' })).length, 1);

  const revoked = await tool('user', ['no-manager', 'lea@entreprise.test'], pages.dataDir);
  assert.equal(revoked.code, 0, revoked.stderr);
  assert.equal((await pages.get('/gestion/export.csv')).statusCode, 403, 'revoked at once');
});
