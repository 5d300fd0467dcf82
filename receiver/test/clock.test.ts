import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { purgeExpired } from '../src/store/purge';
import { movedClock } from './faketime';
import {
  countRows,
  form,
  freePort,
  post,
  receiverWith,
  removeDir,
  spawnReceiver,
  startSmtp,
  startTestReceiver,
  tempDir,
  testEnv,
  validFields,
  waitFor,
} from './helpers';

/**
 * The clock moved under a real receiver process (libfaketime, Debian's faketime package: it moves the wall
 * clock of one process, not its monotonic clock): retries neither wait out a clock stepped back nor give up
 * on one stepped forward, and a request received while the clock was years behind is not purged once it is
 * right again. Spam goes by each request's own age.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

test('the clock stepped forward two hours, then back three, while a relay is down: no mail given up, retries go on, both mails leave', async () => {
  const dataDir = await tempDir();
  cleanup.push(() => removeDir(dataDir));
  const clockFile = path.join(dataDir, '..', `${path.basename(dataDir)}-clock`);
  cleanup.push(() => removeDir(clockFile));
  await writeFile(clockFile, '+0');
  const port = await freePort();
  const receiver = await spawnReceiver({
    ...testEnv(dataDir, { SMTP_URL: `smtp://127.0.0.1:${port}`, QUOTE_MAIL_GIVE_UP_HOURS: '1' }),
    ...movedClock({ file: clockFile }),
  });
  cleanup.push(async () => {
    receiver.child.kill('SIGTERM');
    await receiver.exited;
  });
  const failures = () => receiver.output().match(/"msg":"mail not sent"/g)?.length ?? 0;

  const answer = await post(receiver.url, form(validFields()));
  const reference = answer.body.reference ?? '';
  await waitFor('two failed sends', () => failures() >= 2);
  await writeFile(clockFile, '+2h');
  const beforeForward = failures();
  await waitFor('four more failed sends on a clock two hours ahead', () => failures() >= beforeForward + 4);
  assert.doesNotMatch(receiver.output(), /mail given up/);

  await writeFile(clockFile, '-1h');
  const beforeBack = failures();
  await waitFor('four more failed sends on a clock one hour behind', () => failures() >= beforeBack + 4);

  const smtp = await startSmtp(port);
  cleanup.push(() => smtp.stop());
  await waitFor('both mails', () => smtp.withReference(reference).length === 2);
  assert.doesNotMatch(receiver.output(), /mail given up/);
});

test('a request received with the clock five years behind is kept when the receiver starts again on the right clock', async () => {
  const first = await receiverWith(cleanup);
  const dataDir = first.dataDir;
  assert.equal((await post(first.url, form(validFields()))).status, 201);
  await first.close();

  const behind = await spawnReceiver({ ...testEnv(dataDir), ...movedClock({ offset: '-5y' }) });
  const late = await post(behind.url, form(validFields({ email: 'en-retard@exemple.fr' })));
  assert.equal(late.status, 201);
  behind.child.kill('SIGTERM');
  await behind.exited;

  const again = await startTestReceiver(dataDir);
  cleanup.push(() => again.close());
  const stored = await again.db.execute({
    sql: 'SELECT created_at FROM requests WHERE reference = ?',
    args: [late.body.reference ?? ''],
  });
  assert.ok(
    String(stored.rows[0]?.created_at) < new Date(Date.now() - 4 * 365 * 86_400_000).toISOString(),
    'dated five years back',
  );
  assert.equal(await countRows(again, 'requests'), 2, 'nothing purged at start');
  assert.doesNotMatch(again.logs(), /retention: expired data deleted/);
});

test('spam goes at its own age: old spam without an address goes beside newer spam, and a spam post does not keep a person’s requests', async () => {
  const receiver = await receiverWith(cleanup);
  const yearsAgo = (years: number) => new Date(Date.now() - years * 365.25 * 86_400_000).toISOString();
  const posts = [
    { fields: validFields({ email: 'personne@exemple.fr' }), at: yearsAgo(4) },
    { fields: validFields({ website: 'x', email: '' }), at: yearsAgo(4) },
    { fields: validFields({ website: 'x', email: '' }), at: yearsAgo(0.01) },
    { fields: validFields({ website: 'x', email: 'personne@exemple.fr' }), at: yearsAgo(0.01) },
  ];
  const references: string[] = [];
  for (const { fields, at } of posts) {
    const answer = await post(receiver.url, form(fields));
    references.push(answer.body.reference ?? '');
    await receiver.db.execute({
      sql: 'UPDATE requests SET created_at = ? WHERE reference = ?',
      args: [at, answer.body.reference ?? ''],
    });
  }
  const purged = await purgeExpired(receiver.db, receiver.dirs, new Date(), receiver.app.config.retention.spamDays);
  assert.deepEqual(purged.map((request) => request.reference).sort(), [references[0], references[1]].sort());
  assert.equal(await countRows(receiver, 'requests'), 2);
});
