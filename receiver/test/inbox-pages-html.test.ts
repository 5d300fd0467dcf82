import assert from 'node:assert/strict';
import { test } from 'node:test';
import { htmlProblems } from './html-problems';
import { pagesApp } from './inbox-pages';
import { reference, seed } from './factories';

// The inbox's pages are valid HTML, by the same rules as the site's (html-validate, .htmlvalidate.json).
test('every kind of inbox page passes html-validate', async (t) => {
  const pages = await pagesApp(t);
  await seed(pages.db, pages.dirs, { deadlineAt: '2026-11-23T10:00:00.000Z' });
  await seed(pages.db, pages.dirs, { spam: true });
  const { reference: ref } = await seed(pages.db, pages.dirs, {
    file: { name: 'plan.pdf', data: Buffer.from('%PDF'), type: 'application/pdf' },
  });
  await pages.post(`/gestion/demandes/${ref}/note`, { note: 'Une note' });
  await pages.post(`/gestion/demandes/${ref}/statut`, { statut: 'rappelee' });
  const problems: string[] = [];
  for (const [url, status] of [
    ['/gestion/', 200],
    ['/gestion/?q=Martin&statut=nouvelle&page=1', 200],
    ['/gestion/indesirables/', 200],
    ['/gestion/chiffres/', 200],
    ['/gestion/appareils', 200],
    [`/gestion/demandes/${ref}?fait=statut`, 200],
    [`/gestion/demandes/${reference()}`, 404],
  ] as const) {
    const answer = await pages.get(url);
    assert.equal(answer.statusCode, status, url);
    problems.push(...(await htmlProblems(answer.body, url)));
  }
  const refused = await pages.post(`/gestion/demandes/${ref}/statut`, { statut: 'sans_suite' });
  assert.equal(refused.statusCode, 400);
  problems.push(...(await htmlProblems(refused.body, 'statut refusé (400)')));
  assert.deepEqual(problems, []);
});
