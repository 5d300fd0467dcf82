import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIGN_IN_ATTEMPTS_PER_ADDRESS } from '../src/inbox/auth-routes';
import { ceremonyOf, cookieOf, enrol, inboxApp, newMember, type Inbox } from './inbox-auth-helpers';

/**
 * A flood of sign-in challenges from many addresses (through the trusted proxy: loopback, with
 * X-Forwarded-For, as nginx sends it) while a member signs in on their phone: each address stays within its
 * limit, and the member's sign-in, started before the flood and finished after it, succeeds.
 */

const ADDRESSES = 335;

/**
 * Every address's requests for a sign-in challenge, through the proxy, in waves (one request per address
 * each); their status codes. The event loop is let go between waves: the other test files running in this
 * process (test/all.ts) keep their timers.
 */
async function flood(inbox: Inbox, addresses: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let wave = 0; wave < SIGN_IN_ATTEMPTS_PER_ADDRESS; wave += 1) {
    const answers = await Promise.all(
      addresses.map((address) => inbox.postJson('/gestion/connexion/options', {}, { 'x-forwarded-for': address })),
    );
    statuses.push(...answers.map((answer) => answer.statusCode));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return statuses;
}

test(`${ADDRESSES * SIGN_IN_ATTEMPTS_PER_ADDRESS} challenge requests from ${ADDRESSES} addresses never stop a member signing in`, async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { passkey } = await enrol(inbox, secret);

  // The member's phone asks for its challenge, from its own address through the same proxy…
  const phone = { 'x-forwarded-for': '198.51.100.77' };
  const options = await inbox.postJson('/gestion/connexion/options', {}, phone);
  assert.equal(options.statusCode, 200);

  // …then the flood, each address within its limit (every request answered, none refused)…
  const addresses = Array.from({ length: ADDRESSES }, (_, index) => `203.0.${Math.floor(index / 250)}.${index % 250}`);
  const statuses = await flood(inbox, addresses);
  assert.equal(statuses.length, 10_050);
  assert.deepEqual([...new Set(statuses)], [200], 'the flood stays within the per-address limit');
  // (the limit holds: one more request from a flooding address is refused)
  const over = await inbox.postJson('/gestion/connexion/options', {}, { 'x-forwarded-for': addresses[0]! });
  assert.equal(over.statusCode, 429);

  // …and the member's answer, with their browser's cookie, signs them in.
  const signedIn = await inbox.postJson('/gestion/connexion/verification', passkey.authenticate(options.json()), {
    ...phone,
    cookie: ceremonyOf(options),
  });
  assert.equal(signedIn.statusCode, 200, signedIn.body);
  assert.equal((await inbox.get('/gestion/', { cookie: cookieOf(signedIn) })).statusCode, 200);
});

test('a challenge is bound to the browser that asked for it: another browser, or an altered cookie, cannot use it', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { passkey } = await enrol(inbox, secret);
  const options = await inbox.postJson('/gestion/connexion/options', {});
  const answer = passkey.authenticate(options.json());
  const cookie = ceremonyOf(options);

  // The answer without the cookie, with another browser's cookie, or with this one altered: refused.
  const other = ceremonyOf(await inbox.postJson('/gestion/connexion/options', {}));
  const [name, value] = cookie.split('=') as [string, string];
  const payload = JSON.parse(Buffer.from(value.split('.')[0]!, 'base64url').toString()) as { e: number };
  const longer = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 3_600_000 })).toString('base64url');
  for (const wrong of [undefined, other, `${name}=${longer}.${value.split('.')[1]}`, `${name}=x${value}`]) {
    const refused = await inbox.postJson('/gestion/connexion/verification', answer, wrong ? { cookie: wrong } : {});
    assert.equal(refused.statusCode, 400, String(wrong));
    assert.match(refused.json().message, /a expiré/);
  }
  // Still unspent: the browser that asked signs in with it, once.
  assert.equal((await inbox.postJson('/gestion/connexion/verification', answer, { cookie })).statusCode, 200);
  assert.equal((await inbox.postJson('/gestion/connexion/verification', answer, { cookie })).statusCode, 400);
});
