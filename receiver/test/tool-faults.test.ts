import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { builtCommand, receiverBuilt } from '../build';
import { openDb, DB_FILE } from '../src/store/db';
import { LOCK_FILE } from '../src/store/lock';
import {
  form,
  post,
  receiverWith,
  removeDir,
  root,
  startTestReceiver,
  tempDir,
  testEnv,
  tool,
  validFields,
} from './helpers';

/**
 * The owner's tools and the data folder's files under ordinary faults: a database of a newer receiver or a
 * damaged one, the usual umask of 022, and a description full of escape sequences read on a terminal.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe('the tools on a database they cannot read', () => {
  test('a database of a newer schema: a French message and exit 2, no stack trace', async () => {
    const receiver = await receiverWith(cleanup);
    await receiver.close();
    const db = await openDb(receiver.dataDir, 5000);
    await db.execute('PRAGMA user_version = 99');
    db.close();
    for (const name of ['list', 'export', 'purge'] as const) {
      const result = await tool(name, [], receiver.dataDir);
      assert.equal(result.code, 2, name);
      assert.match(result.stderr, /^La base quotes\.db est au format 99, plus récent que celui de ce récepteur/);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    }
  });

  test('a damaged database: a French message and exit 2, no stack trace', async () => {
    const dataDir = await tempDir();
    cleanup.push(() => removeDir(dataDir));
    await writeFile(path.join(dataDir, DB_FILE), Buffer.alloc(8192, 'not a database '));
    for (const name of ['list', 'export'] as const) {
      const result = await tool(name, [], dataDir);
      assert.equal(result.code, 2, name);
      assert.match(
        result.stderr,
        /^La base .*quotes\.db ne s’ouvre pas \(SQLITE_NOTADB\) : elle est peut-être endommagée\./,
      );
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});

describe('file modes under a umask of 022', () => {
  test('an existing 0755 data folder, the database, its WAL, the lock file and an export onto an existing file are private', async () => {
    const previous = process.umask(0o022);
    cleanup.push(async () => void process.umask(previous));
    const parent = await tempDir();
    cleanup.push(() => removeDir(parent));
    const dataDir = path.join(parent, 'donnees');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const receiver = await startTestReceiver(dataDir);
    cleanup.push(() => receiver.close());
    assert.equal((await post(receiver.url, form(validFields()))).status, 201);

    assert.equal(await mode(dataDir), 0o700);
    for (const name of await readdir(dataDir)) {
      const file = path.join(dataDir, name);
      const expected = (await stat(file)).isDirectory() ? 0o700 : 0o600;
      assert.equal(await mode(file), expected, name);
    }
    assert.ok((await readdir(dataDir)).includes(`${DB_FILE}-wal`));
    assert.equal(await mode(path.join(dataDir, LOCK_FILE)), 0o600);

    const out = path.join(parent, 'demandes.csv');
    await writeFile(out, 'ancien export');
    assert.equal(await mode(out), 0o644);
    const exported = await tool('export', ['--out', out], dataDir);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(await mode(out), 0o600);
  });
});

test('receiver:export to a terminal strips escape sequences from what visitors typed; to a file it writes them as stored', async () => {
  const receiver = await receiverWith(cleanup);
  const escape = '\u001b[2J\u001b]8;;http://spam.test\u0007clic\u001b]8;;\u0007';
  await post(receiver.url, form(validFields({ website: 'x', description: `Bonjour${escape} fin` })));
  // A real terminal: script(1) runs the tool on a pseudo-terminal.
  const env = { ...process.env, ...testEnv(receiver.dataDir) };
  await receiverBuilt();
  const command = [process.execPath, ...builtCommand('bin/export'), '--spam'].join(' ');
  const { stdout } = await promisify(execFile)('script', ['-qec', command, '/dev/null'], { cwd: root, env });
  assert.match(stdout, /Bonjour\[2J\]8;;http:\/\/spam\.testclic\]8;; fin/);
  assert.doesNotMatch(stdout, /[\u001b\u0007]/);
  const piped = await tool('export', ['--spam'], receiver.dataDir);
  assert.ok(piped.stdout.includes(`Bonjour${escape} fin`), 'the file keeps the text as stored');
});
