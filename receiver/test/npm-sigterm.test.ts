import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, test } from 'node:test';
import { removeDir, root, tempDir, testEnv, waitFor } from './helpers';

/**
 * `npm run receiver` as an owner starts it by hand: a SIGTERM to npm stops the receiver itself (its
 * « stopping » line, its process gone), as the service unit's direct start does; no orphaned node runs on.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a SIGTERM to npm run receiver stops the receiver', async () => {
  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const npm = spawn('npm', ['run', '--silent', 'receiver'], {
    cwd: root,
    env: { ...process.env, ...testEnv(dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const npmExited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  // Once every process writing to the pipes (npm, the receiver) has closed them, and all they wrote is read.
  const outputRead = new Promise<void>((resolve) => npm.once('close', () => resolve()));
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = Number(
    await waitFor('receiver started', () => /"pid":(\d+)[^\n]*"msg":"receiver started"/.exec(output)?.[1], 60_000),
  );
  cleanup.push(async () => {
    // Only if the test failed: the receiver it started does not outlive it.
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  });
  assert.notEqual(pid, npm.pid, 'the receiver runs in its own node process under npm');

  npm.kill('SIGTERM');
  await npmExited;
  await waitFor('the receiver process gone', () => !alive(pid));
  // The receiver's last lines may still be in the pipe when its process is gone (seen on a loaded machine).
  await outputRead;
  assert.match(output, /"signal":"SIGTERM","msg":"stopping"/);
});
