import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config';
import { DB_FILE, openDb } from '../src/store/db';
import { purgeExpired } from '../src/store/purge';
import { testEnv } from './helpers';
import { pagesApp, type Pages } from './inbox-pages';
import { seed } from './factories';

/**
 * An erased person leaves no byte in the data folder: every file under it (quotes.db, its -wal and -shm,
 * files/, outbox/, a backup made there with the sqlite3 command) is read and searched for the person's
 * unique name, e-mail, phone, words of their description, the team's note and a status reason, after the
 * erasure, a checkpoint, a `.backup` and a restart. Before the erasure the same search finds them (so the
 * search can fail).
 */

/** Every file under a folder, with its path. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files under the data folder that hold one of these strings (UTF-8, as SQLite stores text). */
async function holding(dataDir: string, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dataDir)) {
    // SQLite may remove its -wal and -shm files between the listing and the reading (a connection closing).
    const bytes = await readFile(file).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return Buffer.alloc(0);
      throw error;
    });
    for (const needle of needles) if (bytes.includes(Buffer.from(needle))) found.push(`${file}: ${needle}`);
  }
  return found;
}

/** A person no other test or row could share a word with. */
function uniquePerson() {
  const tag = randomBytes(6).toString('hex');
  return {
    lastName: `Quenelleau${tag}`,
    email: `zephyrine.${tag}@exemple.fr`,
    phone: `06 ${String(randomInt(10, 99))} ${String(randomInt(10, 99))} ${String(randomInt(10, 99))} ${String(randomInt(10, 99))}`,
    // Long enough to spill over into SQLite's overflow pages.
    description: `Toiture du mas ${tag} à refaire. ${'Tuiles anciennes et gouttières. '.repeat(200)}`,
    note: `Rappeler après 18 h, code portail ${tag}`,
    reason: `Devis trop cher pour ${tag}`,
    tag,
  };
}

function sqliteBackup(dataDir: string): void {
  execFileSync('sqlite3', [path.join(dataDir, DB_FILE), `.backup ${path.join(dataDir, 'sauvegarde.db')}`]);
}

async function restart(pages: Pages): Promise<void> {
  pages.db.close();
  const reopened = await openDb(pages.dataDir, loadConfig(testEnv(pages.dataDir)).dbBusyTimeoutMs);
  reopened.close();
}

test('« Effacer » leaves no byte of the person in the data folder, its backup or its WAL', async (t) => {
  const pages = await pagesApp(t);
  const person = uniquePerson();
  const needles = [person.lastName, person.email, person.phone, person.tag];
  const request = await seed(pages.db, pages.dirs, {
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    description: person.description,
    file: { name: 'plan.pdf', data: Buffer.from(`%PDF ${person.tag}`), type: 'application/pdf' },
  });
  const other = await seed(pages.db, pages.dirs, { lastName: 'Autre', description: 'Une autre demande' });
  const requestPath = `/gestion/demandes/${request.reference}`;
  assert.equal((await pages.post(`${requestPath}/note`, { note: person.note })).statusCode, 303);
  const refused = await pages.post(`${requestPath}/statut`, { statut: 'refusee', motif: person.reason });
  assert.equal(refused.statusCode, 303);

  // The search finds the person while they are stored: in the WAL, then in the file after a checkpoint.
  assert.ok((await holding(pages.dataDir, needles)).length > 0, 'the person is found before the erasure');
  await pages.db.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const before = await holding(pages.dataDir, needles);
  assert.ok(
    before.some((line) => line.startsWith(path.join(pages.dataDir, DB_FILE))),
    'the person is in quotes.db after a checkpoint',
  );

  const erased = await pages.post(`${requestPath}/effacer`, { confirmation: 'EFFACER' });
  assert.equal(erased.statusCode, 303);
  assert.deepEqual(await holding(pages.dataDir, needles), [], 'nothing right after the erasure');

  await pages.db.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  sqliteBackup(pages.dataDir);
  await restart(pages);
  assert.deepEqual(await holding(pages.dataDir, needles), [], 'nothing after a checkpoint, a backup and a restart');
  // The other request is still there, in the backup too.
  const backup = await readFile(path.join(pages.dataDir, 'sauvegarde.db'));
  assert.ok(backup.includes(Buffer.from(other.reference)), 'the backup holds the other request');
});

test('the retention purge leaves no byte of the person either', async (t) => {
  const pages = await pagesApp(t);
  const person = uniquePerson();
  const needles = [person.lastName, person.email, person.phone, person.tag];
  await seed(pages.db, pages.dirs, {
    createdAt: '2019-01-10T09:00:00.000Z',
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    description: person.description,
    file: { name: 'photo.jpg', data: Buffer.from(`jpg ${person.tag}`), type: 'image/jpeg' },
  });
  await seed(pages.db, pages.dirs, { lastName: 'Récent' });
  await pages.db.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  assert.ok((await holding(pages.dataDir, needles)).length > 0, 'the person is found before the purge');

  const purged = await purgeExpired(
    pages.db,
    pages.dirs,
    new Date('2026-11-24T08:00:00Z'),
    loadConfig(testEnv(pages.dataDir)).retention.spamDays,
  );
  assert.equal(purged.length, 1);
  sqliteBackup(pages.dataDir);
  await restart(pages);
  assert.deepEqual(await holding(pages.dataDir, needles), []);
});
