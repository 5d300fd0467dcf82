import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rename, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { pdf } from './fixtures';
import {
  form,
  post,
  releaseClosedDatabases,
  removeDir,
  sha256,
  startTestReceiver,
  storeDir,
  tempDir,
  tool,
  validFields,
} from './helpers';

/**
 * A file of files/ without its row is never deleted at start-up: a database moved aside (or restored from an
 * older copy) leaves every file where it is, and a crash's leftover goes to quarantine/, where the owner
 * finds it (the log and receiver:list say so).
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function folderWithRequests(count: number) {
  const dataDir = await storeDir();
  cleanup.push(() => removeDir(dataDir));
  const receiver = await startTestReceiver(dataDir);
  const files = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    const data = pdf(4096 + index);
    const answer = await post(receiver.url, form(validFields(), [{ name: `plan-${index}.pdf`, data }]));
    assert.equal(answer.status, 201);
    files.set(`${answer.body.reference}.pdf`, sha256(data));
  }
  await receiver.close();
  // The tests then move or add files of the folder: SQLite's handle released first.
  await releaseClosedDatabases();
  return { dataDir, files };
}

async function hashes(dir: string): Promise<Map<string, string>> {
  const names = (await readdir(dir)).sort();
  return new Map(
    await Promise.all(names.map(async (name) => [name, sha256(await readFile(path.join(dir, name)))] as const)),
  );
}

test('a database moved aside: the restart keeps every attachment in place, says so, and the restored database finds them all', async () => {
  const { dataDir, files } = await folderWithRequests(4);
  // Written an hour before the incident.
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const name of files.keys()) await utimes(path.join(dataDir, 'files', name), anHourAgo, anHourAgo);
  const aside = path.join(dataDir, 'mis-de-cote');
  await mkdir(aside);
  for (const name of await readdir(dataDir)) {
    if (name.startsWith('quotes.db')) await rename(path.join(dataDir, name), path.join(aside, name));
  }

  const fresh = await startTestReceiver(dataDir);
  assert.match(fresh.logs(), /"keptInPlace":4/);
  // A request reaches the new, empty database before anyone notices.
  const meanwhile = await post(fresh.url, form(validFields(), [{ name: 'entre-temps.pdf', data: pdf(5000) }]));
  await fresh.close();
  const meanwhileFile = `${meanwhile.body.reference}.pdf`;
  const restartedOnNew = await startTestReceiver(dataDir);
  await restartedOnNew.close();
  assert.match(restartedOnNew.logs(), /"keptInPlace":4/, 'older than every file the new database knows');
  assert.deepEqual(
    [...(await hashes(path.join(dataDir, 'files'))).keys()],
    [...files.keys(), meanwhileFile].sort(),
    'every attachment still there',
  );
  for (const [name, hash] of files) assert.equal((await hashes(path.join(dataDir, 'files'))).get(name), hash);
  const listed = await tool('list', [], dataDir);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /4 pièce\(s\) jointe\(s\) de .*files sans demande dans la base/);

  // The recovery the docs give: the database back in place, nothing else to do.
  await releaseClosedDatabases();
  for (const name of await readdir(dataDir)) {
    if (name.startsWith('quotes.db')) await removeDir(path.join(dataDir, name));
  }
  for (const name of await readdir(aside)) await rename(path.join(aside, name), path.join(dataDir, name));
  const restored = await startTestReceiver(dataDir);
  await restored.close();
  assert.deepEqual(await hashes(path.join(dataDir, 'files')), files);
  // The file of the request the restored database never got is set aside, not deleted.
  assert.deepEqual(await readdir(path.join(dataDir, 'quarantine')), [meanwhileFile]);
  assert.doesNotMatch(restored.logs(), /keptInPlace/);
  const after = await tool('list', [], dataDir);
  assert.doesNotMatch(after.stdout, /de .*files sans demande/);
  assert.match(after.stdout, /1 pièce\(s\) jointe\(s\) sans demande mise\(s\) de côté/);
  for (const reference of [...files.keys()].map((name) => name.replace('.pdf', ''))) {
    assert.match(after.stdout, new RegExp(`${reference}.*\\n.*files/${reference}\\.pdf`));
  }
});

test('a file left by a crash goes to quarantine/, never deleted, and receiver:list tells the owner', async () => {
  const { dataDir, files } = await folderWithRequests(2);
  const leftover = 'D-20260101-AAAAAA.pdf';
  await writeFile(path.join(dataDir, 'files', leftover), 'renamed, never committed');
  // The same name already in quarantine from an earlier restart: neither copy is lost.
  await mkdir(path.join(dataDir, 'quarantine'));
  await writeFile(path.join(dataDir, 'quarantine', leftover), 'an earlier one');

  const receiver = await startTestReceiver(dataDir);
  await receiver.close();
  assert.deepEqual(await hashes(path.join(dataDir, 'files')), files);
  assert.deepEqual((await readdir(path.join(dataDir, 'quarantine'))).sort(), [leftover, `${leftover}.2`]);
  assert.equal(await readFile(path.join(dataDir, 'quarantine', `${leftover}.2`), 'utf8'), 'renamed, never committed');
  assert.equal(await readFile(path.join(dataDir, 'quarantine', leftover), 'utf8'), 'an earlier one');
  assert.match(receiver.logs(), /"quarantined":1/);

  const listed = await tool('list', [], dataDir);
  assert.match(listed.stdout, /2 pièce\(s\) jointe\(s\) sans demande mise\(s\) de côté dans .*quarantine/);
});

test('a stopped receiver leaves its WAL empty: the database file alone holds every request', async () => {
  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const receiver = await startTestReceiver(dataDir);
  assert.equal((await post(receiver.url, form(validFields()))).status, 201);
  await receiver.app.close();
  // Read straight after the stop, before releaseClosedDatabases: libsql has not closed SQLite's handle yet, the
  // checkpoint taken at the stop has emptied the WAL all the same.
  const wal = await readFile(path.join(dataDir, 'quotes.db-wal')).catch(() => Buffer.alloc(0));
  assert.equal(wal.length, 0);
  await releaseClosedDatabases();
});
