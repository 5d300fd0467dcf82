import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { attribute, firstElement, textOf } from '../../scripts/html';
import { readAudit } from '../src/store/audit';
import { page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { tool } from './helpers';
import { seed } from './factories';

async function count(pages: Pages, sql: string, args: (string | number)[] = []): Promise<number> {
  const result = await pages.db.execute({ sql, args });
  return Number(result.rows[0]?.n);
}

/** A pending mail for a request, and its .eml copy, as the outbox leaves them. */
async function pendingMail(pages: Pages, request: { id: number; reference: string }, kind: 'company' | 'visitor') {
  await pages.db.execute({
    sql: `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at) VALUES (?, ?, ?, 0)`,
    args: [request.id, kind, `<${request.reference}-${kind}@test>`],
  });
  await writeFile(path.join(pages.dirs.outbox, `${request.reference}-${kind}.eml`), 'Subject: x\r\n\r\nx');
}

test('erasing a person: every request of their address, their files, their mails, and nothing in the audit', async (t) => {
  const pages = await pagesApp(t);
  const person = {
    firstName: 'Anne',
    lastName: 'Petitjean',
    phone: '06 55 44 33 22',
    description: 'Ma maison au 3 rue des Lilas',
  };
  const first = await seed(pages.db, pages.dirs, {
    ...person,
    email: 'Anne.Petitjean@Exemple.fr',
    file: { name: 'plan.pdf', data: Buffer.from('%PDF'), type: 'application/pdf' },
  });
  const second = await seed(pages.db, pages.dirs, {
    ...person,
    email: 'anne.petitjean@exemple.fr',
    spam: true,
    file: { name: 'photo.jpg', data: Buffer.from('jpg'), type: 'image/jpeg' },
  });
  const other = await seed(pages.db, pages.dirs, {
    lastName: 'Autre',
    file: { name: 'autre.pdf', data: Buffer.from('%PDF'), type: 'application/pdf' },
  });
  await pendingMail(pages, first, 'company');
  await pendingMail(pages, first, 'visitor');
  await pendingMail(pages, other, 'company');
  const path1 = `/gestion/demandes/${first.reference}`;
  await pages.post(`${path1}/note`, { note: 'Anne Petitjean préfère être appelée le soir' });
  await pages.post(`${path1}/statut`, { statut: 'rappelee' });
  await pages.post(`${path1}/attribution`, { membre: String(pages.colleague.id) });
  const files = async () =>
    (await pages.db.execute('SELECT file_path FROM requests')).rows.map((row) =>
      path.join(pages.dirs.files, String(row.file_path)),
    );
  const personFiles = (await files()).filter((file) => !file.includes(other.reference));
  assert.equal(personFiles.length, 2);

  const form = firstElement(
    page(await pages.get(path1)),
    (e) => e.name === 'form' && attribute(e, 'action') === `${path1}/effacer`,
  );
  assert.ok(form && textOf(form).includes('les 2 demandes'), 'the page says the erasure takes both requests');

  const refused = await pages.post(`${path1}/effacer`, { confirmation: 'oui' });
  assert.equal(refused.statusCode, 400);
  assert.match(textOf(firstElement(page(refused), (e) => attribute(e, 'role') === 'alert')!), /Rien n’est effacé/);
  assert.equal(await count(pages, 'SELECT COUNT(*) AS n FROM requests'), 3);

  const erased = await pages.post(`${path1}/effacer`, { confirmation: 'effacer' });
  assert.equal(erased.statusCode, 303);
  assert.equal(erased.headers.location, '/gestion/?fait=efface');
  assert.match(String(statusMessage(await pages.get(String(erased.headers.location)))), /^Effacé/);

  assert.equal(
    await count(pages, 'SELECT COUNT(*) AS n FROM requests WHERE email_key = ?', ['anne.petitjean@exemple.fr']),
    0,
  );
  assert.equal(await count(pages, 'SELECT COUNT(*) AS n FROM requests'), 1, 'the other person stays');
  assert.equal(
    await count(pages, 'SELECT COUNT(*) AS n FROM outbox WHERE request_id IN (?, ?)', [first.id, second.id]),
    0,
  );
  assert.equal(await count(pages, 'SELECT COUNT(*) AS n FROM outbox'), 1);
  assert.equal(
    await count(pages, 'SELECT COUNT(*) AS n FROM request_events WHERE request_id IN (?, ?)', [first.id, second.id]),
    0,
  );
  for (const file of personFiles) assert.ok(!existsSync(file), `${file} removed`);
  for (const kind of ['company', 'visitor'])
    assert.ok(!existsSync(path.join(pages.dirs.outbox, `${first.reference}-${kind}.eml`)));
  assert.ok(existsSync(path.join(pages.dirs.outbox, `${other.reference}-company.eml`)));
  assert.ok((await files()).every(existsSync), 'the other person’s file stays');
  assert.equal((await pages.get(path1)).statusCode, 404);

  const audit = await readAudit(pages.db);
  const trail = JSON.stringify(audit).toLowerCase();
  for (const personal of ['anne', 'petitjean', '06 55 44 33 22', 'lilas', 'le soir', 'exemple.fr']) {
    assert.ok(!trail.includes(personal.toLowerCase()), `${personal} is not in the audit trail`);
  }
  const erasure = audit.filter((row) => row.action === 'erase');
  assert.deepEqual(
    erasure.map((row) => [row.userId, row.detail]),
    [[pages.member.id, '2']],
  );
});

/** The fields of a CSV written by store/csv.ts (";" between quoted fields, CRLF between lines). */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  const pattern = /"((?:[^"]|"")*)"(;|\r\n|$)/gy;
  let match: RegExpExecArray | null;
  pattern.lastIndex = text.startsWith('\uFEFF') ? 1 : 0;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text))) {
    line.push(match[1]!.replace(/""/g, '"'));
    if (match[2] !== ';') {
      lines.push(line);
      line = [];
    }
  }
  return lines;
}

test('the CSV export: formulas neutralised as receiver:export does, recorded in the audit without anyone’s data', async (t) => {
  const pages = await pagesApp(t);
  const starts = ['=', '+', '-', '@', '\t', '\r'];
  await seed(pages.db, pages.dirs, {
    firstName: '=HYPERLINK("http://evil.test","clic")',
    lastName: '+33 6',
    email: '@SUM(1+1)@exemple.fr',
    phone: '-2+3',
    description: '\tcmd|calc',
    file: { name: '\rfacture.pdf', data: Buffer.from('%PDF'), type: 'application/pdf' },
  });
  await seed(pages.db, pages.dirs, { firstName: 'Robot', spam: true });
  const manager = await tool('user', ['manager', 'lea@entreprise.test'], pages.dataDir);
  assert.equal(manager.code, 0, manager.stderr);
  const answer = await pages.get('/gestion/export.csv');
  assert.equal(answer.statusCode, 200);
  assert.match(String(answer.headers['content-type']), /^text\/csv; charset=utf-8/);
  assert.match(String(answer.headers['content-disposition']), /^attachment; filename="demandes-2026-11-24\.csv"/);
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  const rows = parseCsv(answer.body);
  assert.equal(rows.length, 2, 'a header and the one request that is not spam');
  const cells = rows[1]!;
  for (const value of [
    '=HYPERLINK("http://evil.test","clic")',
    '+33 6',
    '@SUM(1+1)@exemple.fr',
    '-2+3',
    '\tcmd|calc',
    '\rfacture.pdf',
  ]) {
    assert.ok(cells.includes(`'${value}`), `${JSON.stringify(value)} exported with a leading apostrophe`);
  }
  assert.ok(
    cells.every((value) => !starts.some((start) => value.startsWith(start))),
    'no cell starts a formula',
  );

  const fromTool = await tool('export', [], pages.dataDir);
  assert.equal(fromTool.code, 0, fromTool.stderr);
  assert.equal(fromTool.stdout, answer.body, 'receiver:export writes the same cells, neutralised the same way');

  const audit = await readAudit(pages.db, { action: 'export' });
  assert.deepEqual(
    audit.map((row) => [row.userId, row.reference, row.detail]),
    [[pages.member.id, null, '1']],
  );
});
