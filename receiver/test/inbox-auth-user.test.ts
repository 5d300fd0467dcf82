import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAudit } from '../src/store/audit';
import { findEnrolment } from '../src/store/members';
import { deviceName } from '../src/inbox/passkeys';
import { readSession } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import { openDb } from '../src/store/db';
import { removeDir, storeDir, tool } from './helpers';
import { addDevice, cookieOf, enrol, inboxApp, newMember, signInWith } from './inbox-auth-helpers';

/**
 * `npm run receiver:user`: its commands on a real data folder, called in this process (tools.test.ts runs the
 * command itself).
 */

const LIMITS = { idleMs: 12 * 3_600_000, absoluteMs: 7 * 86_400_000 };
const INBOX_URL = 'http://localhost:8788/gestion/';

async function dataFolder(t: import('node:test').TestContext) {
  const dataDir = await storeDir('inbox-user-');
  const db = await openDb(dataDir, 5000);
  t.after(async () => {
    db.close();
    await removeDir(dataDir);
  });
  return { dataDir, db };
}

test('add prints the enrolment link on a line of its own; the link opens the enrolment once', async (t) => {
  const { dataDir, db } = await dataFolder(t);
  const run = await tool('user', ['add', 'Léa Martin', 'Lea@Entreprise.test'], dataDir);
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.split('\n');
  const link = lines.find((line) => line.startsWith(INBOX_URL));
  assert.ok(link, run.stdout);
  assert.match(link, /^http:\/\/localhost:8788\/gestion\/inscription\/[A-Za-z0-9_-]{43}$/);
  assert.match(run.stdout, /Léa Martin <lea@entreprise\.test> ajouté\(e\)/);
  const secret = link.split('/').at(-1)!;
  assert.ok(await findEnrolment(db, secret, Date.now()), 'the printed link is valid');
  const stored = await db.execute('SELECT token_hash FROM enrolments');
  assert.notEqual(stored.rows[0]?.token_hash, secret, 'only a hash of the secret is stored');

  const twice = await tool('user', ['add', 'Léa M.', 'lea@entreprise.test'], dataDir);
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /fait déjà partie de l’équipe/);
});

test('list, link and disable; disable ends the member’s sessions at once', async (t) => {
  const { dataDir, db } = await dataFolder(t);
  await tool('user', ['add', 'Léa Martin', 'lea@entreprise.test'], dataDir);
  await tool('user', ['add', 'Marc Durand', 'marc@entreprise.test'], dataDir);
  const listed = await tool('user', ['list'], dataDir);
  assert.equal(listed.code, 0);
  assert.match(listed.stdout, /Léa Martin <lea@entreprise\.test> : 0 clé\(s\) d’accès, actif/);
  assert.match(listed.stdout, /Marc Durand <marc@entreprise\.test>/);

  const link = await tool('user', ['link', 'marc@entreprise.test'], dataDir);
  assert.equal(link.code, 0);
  assert.match(link.stdout, /\nhttp:\/\/localhost:8788\/gestion\/inscription\/[A-Za-z0-9_-]{43}\n/);

  const marc = Number((await db.execute("SELECT id FROM users WHERE email = 'marc@entreprise.test'")).rows[0]?.id);
  const { cookieValue } = await createSession(db, marc, Date.now());
  assert.ok(await readSession(db, cookieValue, Date.now(), LIMITS));
  const disabled = await tool('user', ['disable', 'marc@entreprise.test'], dataDir);
  assert.equal(disabled.code, 0, disabled.stderr);
  assert.equal(await readSession(db, cookieValue, Date.now(), LIMITS), undefined);
  const sessions = await db.execute({ sql: 'SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?', args: [marc] });
  assert.equal(sessions.rows[0]?.n, 0);
  assert.match(
    (await tool('user', ['list'], dataDir)).stdout,
    /Marc Durand <marc@entreprise\.test> : 0 clé\(s\) d’accès, désactivé le/,
  );
  assert.equal((await tool('user', ['link', 'marc@entreprise.test'], dataDir)).code, 2);
  assert.deepEqual(
    (await readAudit(db)).map((row) => row.action),
    ['member_added', 'member_added', 'enrolment_link', 'member_disabled'],
  );
});

test('bad use exits with code 2 and a French message', async (t) => {
  const { dataDir } = await dataFolder(t);
  for (const args of [[], ['ajouter'], ['add', 'Léa'], ['add', 'Léa', 'pas-une-adresse'], ['disable', 'x@y.test']]) {
    const run = await tool('user', args, dataDir);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.stderr, /Commande inconnue|Nombre d’arguments|n’est pas une adresse|Aucun membre/);
  }
});

/** The enrolment link a run of the tool printed on a line of its own. */
function printedLink(stdout: string): string {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(INBOX_URL));
  assert.ok(line && /\/inscription\/[A-Za-z0-9_-]{43}$/.test(line), stdout);
  return line.split('/').at(-1)!;
}

test('a lost phone: reset removes every passkey and ends the sessions at once; a new link enrols a new phone', async (t) => {
  const inbox = await inboxApp(t);
  const dataDir = inbox.config.dataDir;
  const { secret } = await newMember(inbox);
  const { passkey: phone } = await enrol(inbox, secret);
  const second = await addDevice(inbox, phone);
  const signedIn = await signInWith(inbox, phone);
  assert.equal(signedIn.statusCode, 200);
  const cookie = cookieOf(signedIn);
  assert.equal((await inbox.get('/gestion/', { cookie })).statusCode, 200);

  // list: each passkey, its device, when it was added, when it last signed in.
  const listed = await tool('user', ['list'], dataDir);
  assert.equal(listed.code, 0, listed.stderr);
  const passkeyLines = listed.stdout.split('\n').filter((line) => line.startsWith('  - '));
  assert.equal(passkeyLines.length, 2, listed.stdout);
  assert.match(
    passkeyLines[0]!,
    /^ {2}- Appareil sans nom, ajoutée le 24\snovembre\s2026 à 9\sh, dernière connexion : 24\snovembre\s2026 à 9\sh$/,
  );
  assert.match(passkeyLines[1]!, /^ {2}- Safari sur iPhone, ajoutée le .*, dernière connexion : jamais$/);

  const reset = await tool('user', ['reset', 'lea@entreprise.test'], dataDir);
  assert.equal(reset.code, 0, reset.stderr);
  assert.match(reset.stdout, /2 clé\(s\) d’accès supprimée\(s\), sessions fermées/);
  const fresh = printedLink(reset.stdout);

  // At once: the open session is gone, and neither passkey signs in any more.
  assert.equal((await inbox.get('/gestion/', { cookie })).headers.location, '/gestion/connexion');
  for (const passkey of [phone, second]) {
    const refused = await signInWith(inbox, passkey);
    assert.equal(refused.statusCode, 401);
    assert.match(refused.json().message, /n’est pas reconnue/);
  }
  assert.equal((await tool('user', ['list'], dataDir)).stdout.includes('  - '), false, 'no passkey is listed');
  // The new link enrols the new phone, which signs in.
  const { answer, passkey: newPhone } = await enrol(inbox, fresh);
  assert.equal(answer.statusCode, 200);
  assert.equal((await signInWith(inbox, newPhone)).statusCode, 200);
  assert.deepEqual(
    (await readAudit(inbox.db)).filter((row) => row.action.startsWith('member_')).map((row) => row.action),
    ['member_added', 'member_reset'],
  );
});

test('enable lets a disabled member back in with a new link; their old passkeys stay out', async (t) => {
  const inbox = await inboxApp(t);
  const dataDir = inbox.config.dataDir;
  const { secret } = await newMember(inbox);
  const { passkey: phone } = await enrol(inbox, secret);
  assert.equal((await tool('user', ['disable', 'lea@entreprise.test'], dataDir)).code, 0);
  assert.equal((await signInWith(inbox, phone)).statusCode, 403);
  const reset = await tool('user', ['reset', 'lea@entreprise.test'], dataDir);
  assert.equal(reset.code, 2);
  assert.match(reset.stderr, /désactivé\(e\) : utilisez « enable »/);

  const enabled = await tool('user', ['enable', 'lea@entreprise.test'], dataDir);
  assert.equal(enabled.code, 0, enabled.stderr);
  const fresh = printedLink(enabled.stdout);
  assert.match(
    (await tool('user', ['list'], dataDir)).stdout,
    /Léa Martin <lea@entreprise\.test> : 0 clé\(s\) d’accès, actif/,
  );
  assert.equal((await signInWith(inbox, phone)).statusCode, 401, 'the old passkey was removed');
  const { answer, passkey: newPhone } = await enrol(inbox, fresh);
  assert.equal(answer.statusCode, 200);
  assert.equal((await signInWith(inbox, newPhone)).statusCode, 200);
  assert.equal((await tool('user', ['enable', 'lea@entreprise.test'], dataDir)).code, 2, 'already enabled');
});

test('a passkey is named after the device that created it, from known words only', () => {
  const cases: [string | undefined, string][] = [
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome sur Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari sur iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox sur Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge sur Mac',
    ],
    ['<script>alert(1)</script>', 'Appareil sans nom'],
    [undefined, 'Appareil sans nom'],
  ];
  for (const [agent, name] of cases) assert.equal(deviceName(agent), name, agent);
});
