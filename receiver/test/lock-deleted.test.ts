import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { openDb } from '../src/store/db';
import { LOCK_FILE } from '../src/store/lock';
import { form, post, removeDir, spawnReceiver, tempDir, testEnv, validFields, waitFor } from './helpers';
import { listenSmtp } from './smtp';

/**
 * receiver.lock deleted under a running receiver: a second one can start on the folder, but it leaves the
 * first's claim alone (that process is alive, maybe sending), and the first claims nothing more once its
 * lock file is gone. Two real processes, one real SMTP server that holds the first mail's data.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

test('a deleted receiver.lock lets a second receiver start, and still no mail is sent twice', async () => {
  const received: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = 0;
  const relay = await listenSmtp({
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        holding += 1;
        // Every message waits until the test lets them all through: the first one is in flight meanwhile.
        void held.then(() => {
          received.push(/^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '');
          callback();
        });
      });
    },
  });
  cleanup.push(relay.stop);
  const smtpUrl = relay.url;

  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const env = testEnv(dataDir, { SMTP_URL: smtpUrl });
  const first = await spawnReceiver(env);
  cleanup.push(async () => {
    first.child.kill('SIGTERM');
    await first.exited;
  });
  const answer = await post(first.url, form(validFields()));
  assert.equal(answer.status, 201);
  const reference = answer.body.reference ?? '';
  await waitFor('the first mail in flight', () => holding === 1);

  await rm(path.join(dataDir, LOCK_FILE));
  const second = await spawnReceiver(env);
  cleanup.push(async () => {
    second.child.kill('SIGTERM');
    await second.exited;
  });
  // The second receiver sends the other mail; the one in flight stays the first's.
  await waitFor('the second mail in flight', () => holding === 2);
  release();

  const db = await openDb(dataDir, 5000);
  cleanup.push(async () => db.close());
  await waitFor('both mails sent', async () => {
    const rows = await db.execute("SELECT COUNT(*) AS n FROM outbox WHERE status = 'sent'");
    return Number(rows.rows[0]?.n) === 2;
  });
  // Give both workers every chance to send more: each polls every 50 ms in the tests. Wait for a few of
  // the second's passes by posting and settling one more request through it.
  const more = await post(second.url, form(validFields()));
  await waitFor(
    'the next request mailed',
    () => received.filter((id) => id.includes(more.body.reference ?? '-')).length === 2,
  );
  assert.deepEqual(
    received.filter((id) => id.includes(reference)).sort(),
    [`<${reference}.company@entreprise.test>`, `<${reference}.visitor@entreprise.test>`],
    'each mail of the first request once',
  );
  assert.equal(received.length, 4);
  assert.match(first.output(), /the data folder lock file was deleted or replaced/);
});
