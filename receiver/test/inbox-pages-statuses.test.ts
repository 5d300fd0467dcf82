import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attribute, elementsByTag, firstElement, textOf } from '../../scripts/html';
import { readAudit } from '../src/store/audit';
import { STATUSES, type Status } from '../src/requests/statuses';
import { field, NOW, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { seed } from './factories';

// textOf collapses white space, no-break spaces included: expected texts are written with plain spaces.

async function columns(pages: Pages, id: number) {
  const result = await pages.db.execute({ sql: 'SELECT * FROM requests WHERE id = ?', args: [id] });
  return result.rows[0]!;
}

async function history(pages: Pages, reference: string): Promise<string[]> {
  const list = elementsByTag(page(await pages.get(`/gestion/demandes/${reference}`)), 'ol').at(-1)!;
  return elementsByTag(list, 'li').map(textOf);
}

test('each status change: post, redirect, the page shows it, the history and the audit record it', async (t) => {
  const pages = await pagesApp(t);
  const { id, reference } = await seed(pages.db, pages.dirs, { firstName: 'Zoé', lastName: 'Perrin' });
  const path = `/gestion/demandes/${reference}`;
  const moves: [Status, string?][] = [
    ['rappelee'],
    ['devis_envoye'],
    ['acceptee'],
    ['refusee'],
    ['sans_suite', 'Parti chez un concurrent'],
    ['indesirable'],
    ['nouvelle'],
  ];
  for (const [next, reason] of moves) {
    const answer = await pages.post(`${path}/statut`, { statut: next, ...(reason ? { motif: reason } : {}) });
    assert.equal(answer.statusCode, 303, next);
    assert.equal(answer.headers.location, `${path}?fait=statut`);
    const shown = await pages.get(String(answer.headers.location));
    assert.equal(statusMessage(shown), 'Statut enregistré.');
    assert.equal(field(page(shown), 'Statut'), `${STATUSES[next]}${reason ? ` : ${reason}` : ''}`);
    assert.equal((await columns(pages, id)).status, next);
  }
  const lines = await history(pages, reference);
  assert.equal(lines.length, 1 + moves.length, 'received, then one line per change');
  assert.ok(lines[1]!.includes('Léa Roux a passé la demande au statut « Rappelée »'), lines[1]);
  assert.ok(lines[5]!.includes('« Sans suite » (Parti chez un concurrent)'), lines[5]);
  const audit = await readAudit(pages.db, { action: 'status' });
  assert.deepEqual(
    audit.map((row) => [row.userId, row.reference, row.detail]),
    moves.map(([next]) => [pages.member.id, reference, next]),
  );
  assert.ok(
    audit.every((row) => !JSON.stringify(row).includes('Perrin') && !JSON.stringify(row).includes('concurrent')),
  );
});

test('« Rappelée » records who called back and when, the first time', async (t) => {
  const pages = await pagesApp(t);
  const { id, reference } = await seed(pages.db, pages.dirs);
  await pages.post(`/gestion/demandes/${reference}/statut`, { statut: 'rappelee' });
  const row = await columns(pages, id);
  assert.equal(row.called_back_at, NOW.toISOString());
  assert.equal(row.called_back_by, pages.member.id);
  assert.equal(
    field(page(await pages.get(`/gestion/demandes/${reference}`)), 'Rappelée'),
    'le 24 novembre 2026 à 9 h par Léa Roux',
  );
  await pages.post(`/gestion/demandes/${reference}/statut`, { statut: 'devis_envoye' });
  await pages.post(`/gestion/demandes/${reference}/statut`, { statut: 'rappelee' });
  assert.equal((await columns(pages, id)).called_back_at, NOW.toISOString(), 'the first call back stays');
});

test('« Sans suite » needs a short reason: without one, nothing changes and the page says why', async (t) => {
  const pages = await pagesApp(t);
  const { id, reference } = await seed(pages.db, pages.dirs);
  const refused: Record<string, string>[] = [
    { statut: 'sans_suite' },
    { statut: 'sans_suite', motif: '   ' },
    { statut: 'sans_suite', motif: 'x'.repeat(201) },
  ];
  for (const fields of refused) {
    const answer = await pages.post(`/gestion/demandes/${reference}/statut`, fields);
    assert.equal(answer.statusCode, 400);
    const alert = firstElement(page(answer), (e) => attribute(e, 'role') === 'alert');
    assert.match(alert ? textOf(alert) : '', /motif/);
    assert.equal((await columns(pages, id)).status, 'nouvelle');
    // What was typed is shown again: the status chosen, and the reason when there was one.
    const select = elementsByTag(page(answer), 'select').find((element) => attribute(element, 'name') === 'statut');
    const chosen = select && firstElement(select, (option) => attribute(option, 'selected') !== undefined);
    assert.equal(chosen && attribute(chosen, 'value'), 'sans_suite');
    const reason = elementsByTag(page(answer), 'input').find((element) => attribute(element, 'name') === 'motif');
    if (fields.motif?.trim()) assert.equal(reason && attribute(reason, 'value'), fields.motif);
  }
  const unknown = await pages.post(`/gestion/demandes/${reference}/statut`, { statut: 'archivee' });
  assert.equal(unknown.statusCode, 400);
  assert.equal((await readAudit(pages.db, { action: 'status' })).length, 0);
});

test('a note can be added at any step; the audit keeps no word of it', async (t) => {
  const pages = await pagesApp(t);
  const { reference } = await seed(pages.db, pages.dirs);
  const path = `/gestion/demandes/${reference}`;
  const first = await pages.post(`${path}/note`, { note: 'Rappeler après 18 h, le portail est codé : 1234' });
  assert.equal(first.statusCode, 303);
  assert.equal(statusMessage(await pages.get(String(first.headers.location))), 'Note ajoutée.');
  await pages.post(`${path}/statut`, { statut: 'devis_envoye' });
  await pages.post(`${path}/note`, { note: 'Devis n° 42 envoyé' });
  const lines = await history(pages, reference);
  assert.ok(lines.some((line) => line.includes('note de Léa Roux : Rappeler après 18 h, le portail est codé : 1234')));
  assert.ok(lines.at(-1)!.includes('Devis n° 42 envoyé'));
  const empty = await pages.post(`${path}/note`, { note: '  ' });
  assert.equal(empty.statusCode, 400);
  // A note too long is refused, and given back to be shortened rather than typed again.
  const long = 'Portail codé. '.repeat(400).trim();
  const tooLong = await pages.post(`${path}/note`, { note: long });
  assert.equal(tooLong.statusCode, 400);
  const area = elementsByTag(page(tooLong), 'textarea').find((element) => attribute(element, 'name') === 'note');
  assert.equal(area && textOf(area), long);
  const audit = await readAudit(pages.db, { action: 'note' });
  assert.equal(audit.length, 2);
  assert.ok(audit.every((row) => row.detail === null && row.reference === reference));
});

test('a request is assigned to a team member, or to nobody', async (t) => {
  const pages = await pagesApp(t);
  const { id, reference } = await seed(pages.db, pages.dirs);
  const path = `/gestion/demandes/${reference}`;
  const answer = await pages.post(`${path}/attribution`, { membre: String(pages.colleague.id) });
  assert.equal(answer.statusCode, 303);
  assert.equal((await columns(pages, id)).assignee_id, pages.colleague.id);
  const document = page(await pages.get(path));
  assert.equal(field(document, 'Attribuée à'), 'Marc Blanc');
  const select = firstElement(document, (e) => e.name === 'select' && attribute(e, 'id') === 'membre')!;
  const selected = firstElement(select, (e) => e.name === 'option' && 'selected' in e.attribs);
  assert.equal(selected && textOf(selected), 'Marc Blanc');

  assert.equal((await pages.post(`${path}/attribution`, { membre: '999' })).statusCode, 400);
  assert.equal((await columns(pages, id)).assignee_id, pages.colleague.id);
  await pages.post(`${path}/attribution`, { membre: '' });
  assert.equal((await columns(pages, id)).assignee_id, null);
  const lines = await history(pages, reference);
  assert.ok(lines.some((line) => line.includes('Léa Roux a attribué la demande à Marc Blanc')));
  assert.ok(lines.at(-1)!.includes('Léa Roux a retiré l’attribution'));
  assert.equal((await readAudit(pages.db, { action: 'assign' })).length, 2);
});

test('« Ce n’est pas un spam »: back to the inbox, one notification to the team however many clicks', async (t) => {
  const pages = await pagesApp(t);
  const { id, reference } = await seed(pages.db, pages.dirs, { lastName: 'Faux-Positif', spam: true });
  const path = `/gestion/demandes/${reference}`;
  const button = elementsByTag(page(await pages.get(path)), 'button').find((b) => textOf(b) === 'Ce n’est pas un spam');
  assert.ok(button);
  const answers = await Promise.all([1, 2, 3].map(() => pages.post(`${path}/pas-spam`)));
  assert.deepEqual(
    answers.map((a) => a.statusCode),
    [303, 303, 303],
  );
  await pages.post(`${path}/pas-spam`);
  const outbox = await pages.db.execute({ sql: 'SELECT kind, status FROM outbox WHERE request_id = ?', args: [id] });
  assert.deepEqual(
    outbox.rows.map((row) => [row.kind, row.status]),
    [['company', 'pending']],
  );
  assert.equal(pages.wakes(), 1, 'the outbox is woken once, for the one mail');
  assert.equal((await columns(pages, id)).spam, 0);
  const rows = (url: string) => pages.get(url).then((r) => textOf(page(r)));
  assert.ok((await rows('/gestion/')).includes('Faux-Positif'));
  assert.ok(!(await rows('/gestion/indesirables/')).includes('Faux-Positif'));
  assert.equal((await history(pages, reference)).filter((line) => line.includes('pas un spam')).length, 1);
  assert.equal((await readAudit(pages.db, { action: 'not_spam' })).length, 1);
  assert.ok(!elementsByTag(page(await pages.get(path)), 'button').some((b) => textOf(b) === 'Ce n’est pas un spam'));
});
