import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAudit } from '../src/store/audit';
import { disableMember } from '../src/store/members';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import { receiverWith } from './helpers';
import { inboxApp, newMember, type Inbox } from './inbox-auth-helpers';

/**
 * The inbox as an attacker sees it: every route the router holds (so that a route added tomorrow is tried
 * too) without a session, with a disabled member's session, with an expired one; state-changing requests
 * without the anti-forgery token or from another origin; the headers on every answer; the public port.
 */

/** The routes that answer without a session: the sign-in side's few, written out so a new one shows. */
const PUBLIC_ROUTES = [
  'GET /gestion/static/inbox.css',
  'GET /gestion/static/webauthn.js',
  'GET /gestion/static/passkey.js',
  // « Copier le lien » after a devis is sent: a static file, no data in it.
  'GET /gestion/static/copy-link.js',
  'GET /gestion/connexion',
  'POST /gestion/connexion/options',
  'POST /gestion/connexion/verification',
  'GET /gestion/inscription/:secret',
  'POST /gestion/inscription/:secret/options',
  'POST /gestion/inscription/:secret/verification',
  // The staff notice: read before enrolment, it shows nobody's data.
  'GET /gestion/vos-donnees',
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function routesOf(inbox: Inbox) {
  const routes = inbox.app.inboxRoutes.map((route) => ({
    ...route,
    key: `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`,
    // Any value for a parameter: the guard answers before the route looks at it.
    path: route.url.replace(/:\w+/g, 'ATS-2026-00001'),
  }));
  return {
    all: routes,
    guarded: routes.filter((route) => !PUBLIC_ROUTES.includes(route.key)),
  };
}

function ask(inbox: Inbox, route: { method: string; path: string }, cookie?: string) {
  return inbox.app.inject({
    method: route.method as 'GET',
    url: route.path,
    headers: {
      origin: inbox.origin,
      ...(cookie ? { cookie } : {}),
      ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    payload: route.method === 'POST' ? '_csrf=guess&statut=rappelee&note=x' : undefined,
  });
}

/** Every guarded route refuses: a page sends to the sign-in page, anything else gets a 401 in French. */
async function assertAllRefused(inbox: Inbox, cookie: string | undefined, what: string) {
  const { guarded } = routesOf(inbox);
  for (const route of guarded) {
    const answer = await ask(inbox, route, cookie);
    if (route.method === 'GET' || route.method === 'HEAD') {
      assert.equal(answer.statusCode, 303, `${what}: ${route.method} ${route.url}`);
      assert.equal(answer.headers.location, '/gestion/connexion');
    } else {
      assert.equal(answer.statusCode, 401, `${what}: ${route.method} ${route.url}`);
      assert.match(answer.body, /Vous n’êtes pas connecté/);
    }
  }
}

async function liveCookie(inbox: Inbox, userId: number) {
  const { cookieValue, csrfToken } = await createSession(inbox.db, userId, inbox.clock.now);
  return { cookie: `${SESSION_COOKIE}=${cookieValue}`, csrfToken };
}

test('the router lists the private routes, and the public ones are only the sign-in side', async (t) => {
  const inbox = await inboxApp(t);
  const { all, guarded } = routesOf(inbox);
  const keys = new Set(all.map((route) => route.key));
  for (const key of PUBLIC_ROUTES) assert.ok(keys.has(key), `${key} is a route`);
  const guardedKeys = guarded.map((route) => route.key);
  for (const key of ['GET /gestion/', 'POST /gestion/deconnexion', 'GET /gestion/appareils']) {
    assert.ok(guardedKeys.includes(key), `${key} is behind the guard`);
  }
});

test('every private route refuses a request without a session, or with a made-up one', async (t) => {
  const inbox = await inboxApp(t);
  await assertAllRefused(inbox, undefined, 'no session');
  await assertAllRefused(inbox, `${SESSION_COOKIE}=${'A'.repeat(43)}`, 'an unknown session');
});

test('every private route refuses a disabled member’s session, at once', async (t) => {
  const inbox = await inboxApp(t);
  const { member } = await newMember(inbox);
  const { cookie } = await liveCookie(inbox, member.id);
  assert.equal((await inbox.get('/gestion/appareils', { cookie })).statusCode, 200);
  await disableMember(inbox.db, member.id, inbox.clock.now);
  await assertAllRefused(inbox, cookie, 'disabled member');
});

test('a session idle for more than 12 hours is over on every private route', async (t) => {
  const inbox = await inboxApp(t);
  const { member } = await newMember(inbox);
  const { cookie } = await liveCookie(inbox, member.id);
  inbox.clock.now += 12 * HOUR;
  assert.equal((await inbox.get('/gestion/appareils', { cookie })).statusCode, 200, 'still alive at 12 h');
  inbox.clock.now += 12 * HOUR + 1;
  await assertAllRefused(inbox, cookie, 'idle session');
});

test('a session in use ends 7 days after sign-in, on every private route', async (t) => {
  const inbox = await inboxApp(t);
  const { member } = await newMember(inbox);
  const { cookie } = await liveCookie(inbox, member.id);
  const signedInAt = inbox.clock.now;
  while (inbox.clock.now + 10 * HOUR < signedInAt + 7 * DAY) {
    inbox.clock.now += 10 * HOUR;
    assert.equal((await inbox.get('/gestion/appareils', { cookie })).statusCode, 200);
  }
  inbox.clock.now = signedInAt + 7 * DAY;
  assert.equal((await inbox.get('/gestion/appareils', { cookie })).statusCode, 200, 'alive up to the 7th day');
  inbox.clock.now += 1;
  await assertAllRefused(inbox, cookie, 'session past its absolute limit');
});

test('a POST without the anti-forgery token, or from another origin, changes nothing', async (t) => {
  const inbox = await inboxApp(t);
  const { member } = await newMember(inbox);
  const { cookie, csrfToken } = await liveCookie(inbox, member.id);
  const signOut = (headers: Record<string, string>, payload: string) =>
    inbox.app.inject({
      method: 'POST',
      url: '/gestion/deconnexion',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });

  const noToken = await signOut({ origin: inbox.origin }, '');
  assert.equal(noToken.statusCode, 403);
  assert.match(noToken.body, /le formulaire a expiré/);
  assert.equal((await signOut({ origin: inbox.origin }, '_csrf=' + 'x'.repeat(43))).statusCode, 403);
  const foreign = await signOut({ origin: 'https://attaquant.example' }, `_csrf=${csrfToken}`);
  assert.equal(foreign.statusCode, 403);
  assert.match(foreign.body, /ne vient pas d’une page de la boîte/);
  assert.equal((await signOut({}, `_csrf=${csrfToken}`)).statusCode, 403, 'no Origin at all');
  // Origin: null (a form's POST under Referrer-Policy: no-referrer) passes only if the browser says same-origin.
  for (const site of ['cross-site', 'same-site', 'none']) {
    const answer = await signOut({ origin: 'null', 'sec-fetch-site': site }, `_csrf=${csrfToken}`);
    assert.equal(answer.statusCode, 403, `Origin: null from ${site}`);
  }
  assert.equal((await signOut({ origin: 'null' }, `_csrf=${csrfToken}`)).statusCode, 403);
  assert.equal((await inbox.get('/gestion/appareils', { cookie })).statusCode, 200, 'still signed in');

  // Every private POST route is covered by the same checks.
  for (const route of routesOf(inbox).guarded.filter((entry) => entry.method === 'POST')) {
    const answer = await inbox.app.inject({
      method: 'POST',
      url: route.path,
      headers: { cookie, origin: inbox.origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'statut=rappelee',
    });
    assert.equal(answer.statusCode, 403, `${route.url} without the token`);
  }
  // …and a public one from another origin: no sign-in challenge is handed to another site.
  const options = await inbox.postJson('/gestion/connexion/options', {}, { origin: 'https://attaquant.example' });
  assert.equal(options.statusCode, 403);

  const signedOut = await signOut({ origin: 'null', 'sec-fetch-site': 'same-origin' }, `_csrf=${csrfToken}`);
  assert.equal(signedOut.statusCode, 303);
  assert.equal(signedOut.headers.location, '/gestion/connexion?deconnecte');
  const dropped = String(signedOut.headers['set-cookie']).split('; ');
  assert.equal(dropped[0], 'gestion_session=');
  for (const attribute of ['Path=/gestion/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict']) {
    assert.ok(dropped.includes(attribute), `${attribute} in ${dropped.join('; ')}`);
  }
  assert.equal((await inbox.get('/gestion/appareils', { cookie })).statusCode, 303, 'the session is over');
  assert.match((await inbox.get('/gestion/connexion?deconnecte')).body, /Session fermée\./);
  assert.deepEqual(
    (await readAudit(inbox.db, { action: 'sign_out' })).map((row) => row.userId),
    [member.id],
  );
});

const REQUIRED_HEADERS: Record<string, RegExp> = {
  'cache-control': /^no-store$/,
  'x-robots-tag': /noindex/,
  'content-security-policy':
    /^(?!.*unsafe-inline)(?=.*default-src 'none')(?=.*script-src 'self')(?=.*frame-ancestors 'none')/,
  'referrer-policy': /^no-referrer$/,
  'x-content-type-options': /^nosniff$/,
  // Camera, microphone, location… off; passkeys (publickey-credentials-*) keep their default, the inbox only.
  'permissions-policy': /^(?!.*publickey)(?=.*camera=\(\))(?=.*microphone=\(\))(?=.*geolocation=\(\))/,
};

test('every answer of the inbox, on every route, signed in or not, carries the security headers', async (t) => {
  const inbox = await inboxApp(t);
  const { member } = await newMember(inbox);
  const { cookie, csrfToken } = await liveCookie(inbox, member.id);
  const answers = [await inbox.get('/gestion/nulle-part'), await inbox.get('/gestion/connexion')];
  for (const route of routesOf(inbox).all) {
    answers.push(await ask(inbox, route));
    if (route.method !== 'POST') answers.push(await ask(inbox, route, cookie));
  }
  answers.push(
    await inbox.app.inject({
      method: 'POST',
      url: '/gestion/connexion/options',
      headers: { origin: 'https://attaquant.example' },
    }),
  );
  assert.ok(csrfToken);
  for (const answer of answers) {
    for (const [name, pattern] of Object.entries(REQUIRED_HEADERS)) {
      assert.match(String(answer.headers[name]), pattern, `${name} on ${answer.raw.req.url} (${answer.statusCode})`);
    }
  }
});

test('the inbox pages load no inline script: their only scripts are the inbox’s own files', async (t) => {
  const inbox = await inboxApp(t);
  const page = await inbox.get('/gestion/connexion');
  const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.deepEqual(
    scripts.map((match) => /src="([^"]+)"/.exec(match[1] ?? '')?.[1]),
    ['/gestion/static/webauthn.js', '/gestion/static/passkey.js'],
  );
  assert.ok(
    scripts.every((match) => match[2] === ''),
    'no inline code',
  );
  for (const src of ['/gestion/static/webauthn.js', '/gestion/static/passkey.js']) {
    const script = await inbox.get(src);
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /^text\/javascript/);
  }
});

test('the public port never answers an inbox path; the inbox listens on its own port and closes with the receiver', async (t) => {
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const step of cleanup.reverse()) await step();
  });
  const receiver = await receiverWith(cleanup);
  assert.notEqual(receiver.inboxUrl, receiver.url);
  for (const path of ['/gestion/', '/gestion/connexion', '/gestion/static/passkey.js', '/gestion/inscription/x']) {
    assert.equal((await fetch(`${receiver.url}${path}`)).status, 404, path);
  }
  const post = await fetch(`${receiver.url}/gestion/connexion/options`, { method: 'POST' });
  assert.equal(post.status, 404);
  assert.equal((await fetch(`${receiver.inboxUrl}/gestion/connexion`)).status, 200);

  // Closed here (the clean-up step closes it again, which does nothing, and removes its folder).
  await receiver.close();
  await assert.rejects(fetch(`${receiver.inboxUrl}/gestion/connexion`), 'the inbox stops with the receiver');
});
