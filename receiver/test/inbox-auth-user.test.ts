import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAudit } from '../src/inbox/audit';
import { findEnrolment } from '../src/inbox/members';
import { createSession, readSession } from '../src/inbox/sessions';
import { openDb } from '../src/store/db';
import { removeDir, tempDir, tool } from './helpers';

/**
 * `npm run receiver:user`: its commands on a real data folder, called in this process (tools.test.ts runs the
 * command itself).
 */

const LIMITS = { idleMs: 12 * 3_600_000, absoluteMs: 7 * 86_400_000 };
const INBOX_URL = 'http://localhost:8788/gestion/';

async function dataFolder(t: import('node:test').TestContext) {
  const dataDir = await tempDir('inbox-user-');
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
