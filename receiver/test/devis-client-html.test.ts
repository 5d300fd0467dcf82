import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientApp, html, requiredAnswers, tokenOf } from './devis-client-helpers';
import { htmlProblems } from './html-problems';
import { sentDevis } from './factories';

// The client's pages are valid HTML, by the same rules as the site's (html-validate, .htmlvalidate.json):
// awaiting an answer, with the form's faults, the code page, the 404.
test('every kind of client page passes html-validate', async (t) => {
  const client = await clientApp(t);
  const sent = await sentDevis(client.db, client.clock.now);
  const page = await client.get(sent.link);
  const faults = await client.post(`${sent.link}/accepter`, { _csrf: tokenOf(html(page)), nom: '' });
  assert.equal(faults.statusCode, 400);
  const asked = await client.post(`${sent.link}/accepter`, {
    _csrf: tokenOf(html(page)),
    nom: 'Camille Durand',
    ...requiredAnswers(html(page)),
  });
  const answers = {
    page,
    faults,
    // The code page of the request (its recap and field), and the same page opened by another request.
    code: await client.get(String(asked.headers.location)),
    replaced: await client.get(`${sent.link}/code`),
    notFound: await client.get(`${sent.link.slice(0, -2)}xy`),
  };
  const problems: string[] = [];
  for (const [name, answer] of Object.entries(answers)) {
    problems.push(...(await htmlProblems(answer.body, name)));
  }
  assert.deepEqual(problems, []);
});
