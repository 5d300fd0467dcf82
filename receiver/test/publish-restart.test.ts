import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { liveRelease, publicationOf, startPublication } from '../src/publish/engine';
import { publishMessages } from '../src/publish/messages';
import { runningPublication } from '../src/store/publications';
import { removeDir, root, spawnReceiver, startTestReceiver, storeDir, testEnv, waitFor } from './helpers';
import { PHONE_FILE, phoneFile, servedPhone, testSite } from './publish-site';

/** Whether a process runs (a zombie, left for a parent that is gone, does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

test('a receiver killed mid-build: the next start kills the build, undoes the commit and the half release, frees the lock', async (t) => {
  const site = await testSite();
  t.after(() => site.remove());
  const first = await (
    await startPublication(site.deps, {
      files: [phoneFile('04 93 10 10 10')],
      author: site.author,
      message: 'Premier',
      changes: [],
    })
  ).done;
  assert.equal(first.stage, 'en-ligne', first.error);
  const head = site.gitIn('rev-parse', 'HEAD');

  // The process holding the publication, its build waiting on its gate.
  const holder = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'receiver/test/publish-child.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PUBLISH_DATA_DIR: site.dataDir,
      PUBLISH_SITE: JSON.stringify({ ...site.site, buildCommand: 'node build.mjs gate' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  let output = '';
  holder.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const id = await waitFor('the publication to start', () => /"id":(\d+)/.exec(output)?.[1]).then(Number);
  const pidFile = path.join(site.site.sourceDir, 'build.pid');
  await waitFor(
    'the build to run',
    async () => (await publicationOf(site.db, id))?.stage === 'construction' && existsSync(pidFile),
  );
  const buildPid = Number(readFileSync(pidFile, 'utf8'));
  assert.notEqual(site.gitIn('rev-parse', 'HEAD'), head, 'the publication committed');
  holder.kill('SIGKILL');
  await exited;
  assert.ok(running(buildPid), 'the build outlives its killed parent until the next start');

  const receiver = await spawnReceiver(
    testEnv(site.dataDir, {
      SITE_SOURCE_DIR: site.site.sourceDir,
      SITE_RELEASES_DIR: site.site.releasesDir,
      SITE_BUILD_COMMAND: 'node build.mjs',
      SITE_CHECK_COMMAND: 'node check.mjs',
      SITE_CGV_COMMAND: site.site.cgvCommand,
    }),
  );
  t.after(async () => {
    receiver.child.kill('SIGTERM');
    await receiver.exited;
  });
  assert.equal(running(buildPid), false, 'the build was killed');
  const failed = await publicationOf(site.db, id);
  assert.equal(failed?.stage, 'echec');
  assert.equal(failed?.error, publishMessages.restarted);
  assert.equal(await runningPublication(site.db), undefined, 'the lock is free');
  assert.equal(site.gitIn('rev-parse', 'HEAD'), head, 'the commit is undone');
  assert.equal(site.gitIn('status', '--porcelain', '--', 'content'), '');
  assert.equal(
    JSON.parse(readFileSync(path.join(site.site.sourceDir, PHONE_FILE), 'utf8')).telephone,
    '04 93 10 10 10',
  );
  assert.deepEqual(
    readdirSync(site.site.releasesDir).filter((name) => !['current', '.journaux'].includes(name)),
    [first.release],
  );
  assert.equal(await liveRelease(site.deps), first.release);
  assert.equal(servedPhone(site.site), '04 93 10 10 10');
  assert.match(receiver.output(), /interrupted publication cleaned up/);
});

test('a receiver that closes mid-build kills the build, and the publication undoes itself before the store closes', async (t) => {
  const site = await testSite();
  const dataDir = await storeDir();
  t.after(async () => {
    await site.remove();
    await removeDir(dataDir);
  });
  const receiver = await startTestReceiver(dataDir, {
    SITE_SOURCE_DIR: site.site.sourceDir,
    SITE_RELEASES_DIR: site.site.releasesDir,
    SITE_BUILD_COMMAND: 'node build.mjs gate',
    SITE_CHECK_COMMAND: 'node check.mjs',
    SITE_CGV_COMMAND: site.site.cgvCommand,
  });
  await receiver.db.execute(
    `INSERT INTO users (id, name, email, webauthn_user_id, created_at) VALUES (1, 'Claire Martin', 'claire@entreprise.test', 'w1', '2026-11-01')`,
  );
  const head = site.gitIn('rev-parse', 'HEAD');
  const started = await startPublication(receiver.app.publishing!, {
    files: [phoneFile('04 93 77 77 77')],
    author: site.author,
    message: 'Téléphone',
    changes: [],
  });
  const pidFile = path.join(site.site.sourceDir, 'build.pid');
  await waitFor('the build to run', () => existsSync(pidFile));
  const buildPid = Number(readFileSync(pidFile, 'utf8'));
  await receiver.close();
  assert.equal(running(buildPid), false, 'the build does not outlive the receiver');
  const done = await started.done;
  assert.equal(done.stage, 'echec');
  assert.equal(done.error, publishMessages.killed);
  assert.equal(done.running, false, 'the lock is free');
  assert.equal(site.gitIn('rev-parse', 'HEAD'), head, 'the commit is undone');
  assert.equal(site.gitIn('status', '--porcelain', '--', 'content'), '');
  assert.deepEqual(
    readdirSync(site.site.releasesDir).filter((name) => name !== '.journaux'),
    [],
  );
});
