import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { href, INBOX_PATH, INBOX_PREFIX, ROUTES } from '../src/inbox/paths';
import { receiverWith } from './helpers';
import { readAudit } from '../src/store/audit';
import { setManager } from '../src/store/members';
import { inboxApp } from './inbox-auth-helpers';
import { NOW, pagesApp, statusMessage } from './inbox-pages';
import { seed } from './factories';

/**
 * The inbox's routes as one module describes them (src/inbox/paths.ts): the router holds exactly those,
 * under the prefix; no other file writes the prefix; what does not fit a route's schema is refused in
 * French; the signed-in member is known to the guarded routes only.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

test('every route of the inbox is one of paths.ts, under the prefix, and each of them is a route', async (t) => {
  const inbox = await inboxApp(t);
  const registered = new Set(inbox.app.inboxRoutes.map((route) => route.url));
  for (const url of registered) assert.ok(url.startsWith(INBOX_PATH), `${url} is under ${INBOX_PATH}`);
  const known = Object.values(ROUTES).map((path) => `${INBOX_PREFIX}${path}`);
  for (const url of registered) {
    assert.ok(
      known.includes(url) || url.startsWith(`${INBOX_PREFIX}${ROUTES.static}`),
      `${url} is written in paths.ts`,
    );
  }
  for (const url of known.filter((path) => !path.endsWith(ROUTES.static))) {
    assert.ok(registered.has(url), `${url} is registered`);
  }
  assert.ok(registered.has(href.stylesheet) && registered.has(href.passkeyScript), 'the static files are routes');
});

test('the inbox’s prefix is written once: no other source of the receiver or the deploy step has it', () => {
  const offenders = [...sourceFiles('receiver/src'), ...sourceFiles('deploy')]
    .filter((file) => !file.endsWith(join('src', 'inbox-address.ts')) && !file.endsWith(join('inbox', 'paths.ts')))
    .filter((file) => readFileSync(file, 'utf8').includes(INBOX_PREFIX + '/'));
  assert.deepEqual(offenders, []);
});

test('the session’s decorators exist on the inbox’s guarded routes only, never on a public request', async (t) => {
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const step of cleanup.reverse()) await step();
  });
  const receiver = await receiverWith(cleanup);
  for (const name of ['member', 'csrfToken', 'sessionCookie']) {
    assert.equal(receiver.app.hasRequestDecorator(name), false, `${name} on the public listener`);
    assert.equal(receiver.app.inbox.hasRequestDecorator(name), false, `${name} outside the inbox's guard`);
  }
});

test('a query or a body that does not fit the route’s schema is refused in French', async (t) => {
  const pages = await pagesApp(t);
  const { reference } = await seed(pages.db, pages.dirs);
  const list = await pages.get(`${href.list}?q=${'x'.repeat(1001)}`);
  assert.equal(list.statusCode, 400);
  assert.equal(list.body, 'Requête refusée.');
  assert.match(String(list.headers['content-type']), /^text\/plain; charset=utf-8/);

  // A status that is not in the list: the request's page, answered 400, says to choose one.
  const status = await pages.post(href.requestStatus(reference), { statut: 'constructor' });
  assert.equal(status.statusCode, 400);
  assert.match(status.body, /Choisissez un statut dans la liste/);

  // The passkey script reads a JSON message: a malformed WebAuthn answer gets one, in French.
  const inbox = await inboxApp(t);
  const verification = await inbox.postJson(href.signInVerify, { id: 'x', response: 'pas une réponse' });
  assert.equal(verification.statusCode, 400);
  assert.match(verification.json().message, /rechargez la page/);
});

test('an unknown notice in the address (?fait=__proto__, constructor…) is ignored on every page that shows one', async (t) => {
  const pages = await pagesApp(t);
  const { reference } = await seed(pages.db, pages.dirs);
  for (const path of [href.list, href.spam, href.request(reference)]) {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'inconnu']) {
      const answer = await pages.get(`${path}?fait=${key}`);
      assert.equal(answer.statusCode, 200, `${path}?fait=${key}`);
      assert.equal(statusMessage(answer), undefined, `${path}?fait=${key}`);
    }
  }
  // A known one is still shown.
  assert.equal(statusMessage(await pages.get(`${href.request(reference)}?fait=note`)), 'Note ajoutée.');
});

test('HEAD on the CSV export downloads nothing and records nothing; each GET is recorded', async (t) => {
  const pages = await pagesApp(t);
  // The full export is a manager's (inbox-staff-data.test.ts tests the refusal to the others).
  await setManager(pages.db, pages.member.id, true, NOW.getTime());
  await seed(pages.db, pages.dirs);
  const head = await pages.head(href.export);
  assert.equal(head.statusCode, 200);
  assert.equal(head.body, '');
  assert.deepEqual(await readAudit(pages.db, { action: 'export' }), []);
  const get = await pages.get(href.export);
  assert.equal(get.statusCode, 200);
  assert.ok(get.body.length > 0);
  assert.deepEqual(
    (await readAudit(pages.db, { action: 'export' })).map((row) => [row.userId, row.detail]),
    [[pages.member.id, '1']],
  );
});

test('every signed-in route answers an address parameter of another shape with the inbox’s 404 page, never a 400', async (t) => {
  const pages = await pagesApp(t);
  await pages.app.ready();
  const routes = pages.app.inboxRoutes.filter(
    (route) => route.url.includes('/:') && !route.url.includes(':secret') && ['GET', 'POST'].includes(route.method),
  );
  // The requests', the devis' and the terminations' routes: each of their parameters malformed.
  assert.ok(routes.length >= 20, `${routes.length} routes with a parameter`);
  for (const route of routes) {
    const url = route.url.replace(/:\w+/g, 'abc');
    const answer = route.method === 'GET' ? await pages.get(url) : await pages.post(url);
    assert.equal(answer.statusCode, 404, `${route.method} ${route.url}`);
    assert.match(answer.body, /<title>Demande introuvable/, `${route.method} ${route.url}`);
  }
});
