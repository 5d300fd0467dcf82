import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAudit } from '../src/store/audit';
import { disableMember, ENROLMENT_TTL_MS, newEnrolmentLink } from '../src/store/members';
import type { LightMyRequestResponse as Response } from 'fastify';
import {
  ceremonyOf,
  cookieOf,
  cookies,
  enrol,
  inboxApp,
  newMember,
  signInWith,
  SoftPasskey,
} from './inbox-auth-helpers';

/** A page only a signed-in member sees (the new-device page of the sign-in side). */
const PRIVATE_PAGE = '/gestion/appareils';

/** The Set-Cookie header of one cookie in an answer. */
function setCookieOf(answer: Response, name: string): string | undefined {
  return [answer.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((value) => value.startsWith(`${name}=`));
}

test('an enrolment link creates a passkey and signs the person in; the cookie is HttpOnly and SameSite=Strict', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);

  const page = await inbox.get(`/gestion/inscription/${secret}`);
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Bonjour Léa Martin/);

  const { answer } = await enrol(inbox, secret);
  assert.equal(answer.statusCode, 200, answer.body);
  assert.deepEqual(answer.json(), { redirect: '/gestion/' });
  const setCookie = String(setCookieOf(answer, 'gestion_session'));
  assert.match(setCookie, /^gestion_session=[A-Za-z0-9_-]{43};/);
  assert.match(String(setCookieOf(answer, 'gestion_ceremonie')), /^gestion_ceremonie=; .*Max-Age=0/, 'spent');
  assert.match(setCookie, /; HttpOnly/);
  assert.match(setCookie, /; SameSite=Strict/);
  assert.match(setCookie, /; Path=\/gestion\//);
  assert.doesNotMatch(setCookie, /Secure/, 'no Secure flag over plain http://localhost');

  const sessionId = cookieOf(answer).split('=')[1]!;
  const stored = await inbox.db.execute('SELECT id_hash FROM sessions');
  assert.equal(stored.rows.length, 1);
  assert.notEqual(stored.rows[0]?.id_hash, sessionId, 'the store keeps only a hash of the session id');
  assert.ok(!JSON.stringify(stored.rows).includes(sessionId));

  const signedIn = await inbox.get(PRIVATE_PAGE, { cookie: cookieOf(answer) });
  assert.equal(signedIn.statusCode, 200);
  assert.match(signedIn.body, /Vous avez une clé d’accès/);
  assert.deepEqual(
    (await readAudit(inbox.db)).map((row) => row.action),
    ['member_added', 'enrolment'],
  );
});

test('an enrolment link works once: a second use, even with a new passkey, is refused', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  assert.equal((await enrol(inbox, secret)).answer.statusCode, 200);

  assert.equal((await inbox.get(`/gestion/inscription/${secret}`)).statusCode, 410);
  const again = await enrol(inbox, secret);
  assert.equal(again.answer.statusCode, 410);
  assert.match(again.answer.json().message, /déjà servi ou a expiré/);
});

test('two enrolments racing with the same link: one passkey is stored, the other is refused', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const first = new SoftPasskey(inbox.origin);
  const second = new SoftPasskey(inbox.origin);
  const [a, b] = await Promise.all([
    inbox.postJson(`/gestion/inscription/${secret}/options`, {}),
    inbox.postJson(`/gestion/inscription/${secret}/options`, {}),
  ]);
  const answers = await Promise.all([
    inbox.postJson(`/gestion/inscription/${secret}/verification`, first.register(a.json()), {
      cookie: ceremonyOf(a),
    }),
    inbox.postJson(`/gestion/inscription/${secret}/verification`, second.register(b.json()), {
      cookie: ceremonyOf(b),
    }),
  ]);
  assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 410]);
  const stored = await inbox.db.execute('SELECT COUNT(*) AS n FROM credentials');
  assert.equal(stored.rows[0]?.n, 1);
});

test('an enrolment link is refused after 15 minutes, and a new link replaces the old one', async (t) => {
  const inbox = await inboxApp(t);
  const { member, secret } = await newMember(inbox);
  const options = await inbox.postJson(`/gestion/inscription/${secret}/options`, {});
  assert.equal(options.statusCode, 200);
  inbox.clock.now += ENROLMENT_TTL_MS;
  assert.equal((await inbox.get(`/gestion/inscription/${secret}`)).statusCode, 410);
  const late = await inbox.postJson(
    `/gestion/inscription/${secret}/verification`,
    new SoftPasskey(inbox.origin).register(options.json()),
    { cookie: ceremonyOf(options) },
  );
  assert.equal(late.statusCode, 410);

  const fresh = await newEnrolmentLink(inbox.db, member.id, inbox.clock.now);
  assert.equal((await inbox.get(`/gestion/inscription/${fresh}`)).statusCode, 200);
  const older = await newEnrolmentLink(inbox.db, member.id, inbox.clock.now);
  assert.equal((await inbox.get(`/gestion/inscription/${fresh}`)).statusCode, 410, 'the previous link stops');
  assert.equal((await enrol(inbox, older)).answer.statusCode, 200);
});

test('a guessed or malformed enrolment secret shows the same « lien plus valable » page', async (t) => {
  const inbox = await inboxApp(t);
  await newMember(inbox);
  for (const secret of ['A'.repeat(43), 'x', '..%2F..%2Fetc', '<script>alert(1)</script>']) {
    const page = await inbox.get(`/gestion/inscription/${encodeURIComponent(secret)}`);
    assert.ok([404, 410].includes(page.statusCode), `${secret}: ${page.statusCode}`);
    assert.doesNotMatch(page.body, /<script>alert/);
  }
});

test('a registration without user verification, or for another origin, is refused', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const unverified = new SoftPasskey(inbox.origin);
  unverified.verified = false;
  assert.equal((await enrol(inbox, secret, unverified)).answer.statusCode, 400);
  const foreign = new SoftPasskey('http://localhost:9999');
  assert.equal((await enrol(inbox, secret, foreign)).answer.statusCode, 400);
  // Neither used the link up: the right passkey still enrols.
  assert.equal((await enrol(inbox, secret)).answer.statusCode, 200);
});

test('sign-in with a discoverable passkey opens a new session; the session presented before ends', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { answer, passkey } = await enrol(inbox, secret);
  const before = cookieOf(answer);

  const signIn = await signInWith(inbox, passkey, { cookie: before });
  assert.equal(signIn.statusCode, 200, signIn.body);
  const after = cookieOf(signIn);
  assert.notEqual(after, before, 'the session id is renewed at sign-in');
  assert.equal((await inbox.get(PRIVATE_PAGE, { cookie: after })).statusCode, 200);
  assert.equal((await inbox.get(PRIVATE_PAGE, { cookie: before })).statusCode, 303);
  const signInPage = await inbox.get('/gestion/connexion', { cookie: after });
  assert.equal(signInPage.statusCode, 303, 'signed in, the sign-in page leads to the inbox');
  assert.equal(signInPage.headers.location, '/gestion/');
  assert.equal((await readAudit(inbox.db, { action: 'sign_in' })).length, 1);
});

test('sign-in refuses a replayed challenge, a counter that did not grow, an unknown passkey, no user verification', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { passkey } = await enrol(inbox, secret);

  const options = await inbox.postJson('/gestion/connexion/options', {});
  const assertion = passkey.authenticate(options.json());
  const bound = { cookie: ceremonyOf(options) };
  assert.equal((await inbox.postJson('/gestion/connexion/verification', assertion, bound)).statusCode, 200);
  const replay = await inbox.postJson('/gestion/connexion/verification', assertion, bound);
  assert.equal(replay.statusCode, 400, 'a challenge is used once, even with its cookie');

  const cloned = await signInWith(inbox, passkey, { bumpCounter: false });
  assert.equal(cloned.statusCode, 401, 'the counter must grow');

  const stranger = await signInWith(inbox, new SoftPasskey(inbox.origin));
  assert.equal(stranger.statusCode, 401);
  assert.match(stranger.json().message, /n’est pas reconnue/);

  passkey.verified = false;
  assert.equal((await signInWith(inbox, passkey)).statusCode, 401);
  passkey.verified = true;

  const expired = await inbox.postJson('/gestion/connexion/options', {});
  inbox.clock.now += 5 * 60_000;
  const late = await inbox.postJson('/gestion/connexion/verification', passkey.authenticate(expired.json()), {
    cookie: ceremonyOf(expired),
  });
  assert.equal(late.statusCode, 400, 'a challenge lives five minutes');

  const refusals = await readAudit(inbox.db, { action: 'sign_in_refused' });
  assert.deepEqual(
    refusals.map((row) => row.detail),
    ['challenge', 'verification', 'unknown_credential', 'verification', 'challenge'],
  );
});

test('a disabled member cannot sign in, and their open sessions end at once', async (t) => {
  const inbox = await inboxApp(t);
  const { member, secret } = await newMember(inbox);
  const { answer, passkey } = await enrol(inbox, secret);
  const cookie = cookieOf(answer);
  await disableMember(inbox.db, member.id, inbox.clock.now);

  assert.equal((await inbox.get(PRIVATE_PAGE, { cookie })).statusCode, 303);
  const refused = await signInWith(inbox, passkey);
  assert.equal(refused.statusCode, 403);
  assert.match(refused.json().message, /désactivé/);
  assert.equal(setCookieOf(refused, 'gestion_session'), undefined);
});

test('a garbage signature learns nothing about a disabled or locked-out member, and writes nothing in their name', async (t) => {
  const inbox = await inboxApp(t);
  const { member, secret } = await newMember(inbox);
  const { passkey } = await enrol(inbox, secret);
  const stranger = '203.0.113.8';
  const garbage = async () => {
    const options = await inbox.postJson('/gestion/connexion/options', {}, {}, stranger);
    const answer = passkey.authenticate(options.json());
    answer.response.signature = Buffer.from('not a signature').toString('base64url');
    return inbox.postJson('/gestion/connexion/verification', answer, { cookie: ceremonyOf(options) }, stranger);
  };
  // Locked out from that address after five failures: a garbage signature still hears only « not verified ».
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const answer = await garbage();
    assert.equal(answer.statusCode, 401, `attempt ${attempt + 1}`);
    assert.match(answer.json().message, /n’a pas pu être vérifiée/);
  }
  await disableMember(inbox.db, member.id, inbox.clock.now);
  const disabled = await garbage();
  assert.equal(disabled.statusCode, 401);
  assert.doesNotMatch(disabled.body, /désactivé/);
  const refusals = await readAudit(inbox.db, { action: 'sign_in_refused' });
  assert.equal(refusals.length, 8);
  assert.ok(
    refusals.every((row) => row.userId === null && row.detail === 'verification'),
    JSON.stringify(refusals),
  );
  // With a real signature, the member is told (the lock of that address, then the account).
  assert.equal((await signInWith(inbox, passkey, { address: '198.51.100.1' })).statusCode, 403);
});

test('failed sign-ins for one person lock out the address that failed, never the person elsewhere', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { passkey } = await enrol(inbox, secret);
  const stranger = '203.0.113.7';
  assert.equal((await signInWith(inbox, passkey)).statusCode, 200);

  // A stranger replays the person's passkey id with a counter that does not grow: five failures.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    assert.equal((await signInWith(inbox, passkey, { address: stranger, bumpCounter: false })).statusCode, 401);
  }
  const locked = await signInWith(inbox, passkey, { address: stranger });
  assert.equal(locked.statusCode, 429);
  assert.match(locked.json().message, /Trop d’essais/);

  const owner = await signInWith(inbox, passkey, { address: '198.51.100.20' });
  assert.equal(owner.statusCode, 200, 'the person signs in from their own phone');

  inbox.clock.now += 15 * 60_000;
  assert.equal((await signInWith(inbox, passkey, { address: stranger })).statusCode, 200, 'the lock lasts 15 min');
});

test('sign-in attempts are limited per address, with a French message', async (t) => {
  const inbox = await inboxApp(t);
  const address = '203.0.113.9';
  let last;
  for (let attempt = 0; attempt <= 30; attempt += 1) {
    last = await inbox.postJson('/gestion/connexion/options', {}, {}, address);
  }
  assert.equal(last?.statusCode, 429);
  assert.match(last?.json().message, /Trop de tentatives depuis cette adresse/);
  assert.equal((await inbox.postJson('/gestion/connexion/options', {}, {}, '203.0.113.10')).statusCode, 200);
});

test('a signed-in member adds a passkey on a second device, which then signs in', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { answer } = await enrol(inbox, secret);
  const cookie = cookieOf(answer);
  const page = await inbox.get('/gestion/appareils', { cookie });
  const csrf = /data-csrf="([^"]+)"/.exec(page.body)?.[1];
  assert.ok(csrf, 'the page gives the passkey script its anti-forgery token');

  const withoutToken = await inbox.postJson('/gestion/appareils/options', {}, { cookie });
  assert.equal(withoutToken.statusCode, 403);
  const options = await inbox.postJson('/gestion/appareils/options', {}, { cookie, 'x-csrf-token': csrf });
  assert.equal(options.statusCode, 200);
  assert.equal(options.json().excludeCredentials.length, 1, 'the first passkey is not created twice');
  const tablet = new SoftPasskey(inbox.origin);
  const added = await inbox.postJson('/gestion/appareils/verification', tablet.register(options.json()), {
    cookie: cookies(cookie, ceremonyOf(options)),
    'x-csrf-token': csrf,
  });
  assert.equal(added.statusCode, 200, added.body);
  assert.equal((await signInWith(inbox, tablet)).statusCode, 200);
  assert.equal((await readAudit(inbox.db, { action: 'passkey_added' })).length, 1);
});

test('over HTTPS the cookie is __Host-, Secure, with Path=/', async (t) => {
  const inbox = await inboxApp(t, { QUOTE_INBOX_URL: 'https://boite.test/gestion/' });
  assert.equal(inbox.origin, 'https://boite.test');
  const { secret } = await newMember(inbox);
  const { answer } = await enrol(inbox, secret);
  assert.equal(answer.statusCode, 200, answer.body);
  const setCookie = String(setCookieOf(answer, '__Host-gestion_session'));
  assert.match(setCookie, /^__Host-gestion_session=[A-Za-z0-9_-]{43}; /);
  assert.match(setCookie, /; Path=\/(;|$)/);
  assert.match(setCookie, /; Secure(;|$)/);
  assert.equal((await inbox.get(PRIVATE_PAGE, { cookie: cookieOf(answer) })).statusCode, 200);
  assert.match(String(answer.headers['strict-transport-security']), /max-age=\d+/);
});

test('a passkey that cannot be stored leaves the enrolment link usable', async (t) => {
  const inbox = await inboxApp(t);
  const { member: lea, secret: first } = await newMember(inbox);
  const { passkey } = await enrol(inbox, first);
  const { member: marc, secret } = await newMember(inbox, 'Marc Durand', 'marc@entreprise.test');
  // The same authenticator's credential id again: the database refuses it (primary key), the whole
  // transaction rolls back, and the link has not been used up.
  const refused = await enrol(inbox, secret, passkey);
  assert.equal(refused.answer.statusCode, 409);
  assert.match(refused.answer.json().message, /n’a pas pu être enregistrée/);
  assert.equal(setCookieOf(refused.answer, 'gestion_session'), undefined, 'nobody is signed in');
  assert.equal((await inbox.get(`/gestion/inscription/${secret}`)).statusCode, 200, 'the link still works');
  assert.equal((await enrol(inbox, secret)).answer.statusCode, 200);
  assert.deepEqual(
    (await readAudit(inbox.db, { action: 'enrolment' })).map((row) => row.userId),
    [lea.id, marc.id],
  );
});
