import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { InStatement } from '@libsql/client';
import { openDb } from '../src/store/db';
import {
  form,
  outboxSettled,
  post,
  receiverWith,
  removeDir,
  runScript,
  spawnReceiver,
  startSmtp,
  tempDir,
  testEnv,
  tool,
  validFields,
  waitFor,
} from './helpers';

/**
 * The outbox under faults: a store that cannot record a sent mail, a second receiver on the same data
 * folder, a store that cannot be written at start-up, and a relay that refuses a mail for good. The mails
 * reach a real SMTP server; the receivers are real processes where the fault is about processes.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function outboxRows(dataDir: string, reference: string) {
  const db = await openDb(dataDir, 5000);
  try {
    const result = await db.execute({
      sql: `SELECT o.kind, o.status, o.attempts, o.last_error FROM outbox o JOIN requests r ON r.id = o.request_id
            WHERE r.reference = ? ORDER BY o.kind`,
      args: [reference],
    });
    return result.rows.map((row) => ({
      kind: String(row.kind),
      status: String(row.status),
      attempts: Number(row.attempts),
      error: row.last_error === null ? null : String(row.last_error),
    }));
  } finally {
    db.close();
  }
}

describe('no mail loop', () => {
  test('the relay accepted the mails but the store cannot record them: each mail leaves once, the recording is retried with growing delays', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url });
    // The disk is full for the recording write only (SQLite's own error), everything else works.
    let full = true;
    let refused = 0;
    const execute = receiver.db.execute.bind(receiver.db);
    receiver.db.execute = (statement: InStatement) => {
      const sql = typeof statement === 'string' ? statement : statement.sql;
      if (full && sql.includes("SET status = 'sent'")) {
        refused += 1;
        return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
      }
      return execute(statement);
    };

    const answer = await post(receiver.url, form(validFields()));
    assert.equal(answer.status, 201);
    const reference = answer.body.reference ?? '';
    await waitFor('six refused recordings', () => refused >= 6);
    // The pass stops at the first recording that fails: one mail left, once, however many passes.
    assert.equal(smtp.withReference(reference).length, 1, 'one mail sent once, however many passes');

    // The passes that failed came after growing delays, up to QUOTE_RETRY_MAX_MS (200 in the tests).
    const delays = receiver
      .logs()
      .split('\n')
      .filter((line) => line.includes('outbox pass failed'))
      .map((line) => (JSON.parse(line) as { retryInMs: number; error: string }).retryInMs);
    assert.ok(delays.length >= 5, `${delays.length} failed passes logged`);
    assert.deepEqual(delays.slice(0, 5), [20, 40, 80, 160, 200]);

    full = false;
    await outboxSettled(receiver);
    assert.deepEqual(
      (await outboxRows(receiver.dataDir, reference)).map((row) => row.status),
      ['sent', 'sent'],
    );
    assert.equal(smtp.withReference(reference).length, 2);
  });

  test('a second receiver on the same data folder stops at once, in French, naming the folder, having touched nothing; the first sends each mail once', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    const dataDir = await tempDir();
    cleanup.push(() => removeDir(dataDir));
    const first = await spawnReceiver(testEnv(dataDir, { SMTP_URL: smtp.url }));
    cleanup.push(async () => {
      first.child.kill('SIGTERM');
      await first.exited;
    });
    // An upload of the first receiver, in progress.
    const inProgress = path.join(dataDir, 'tmp', 'upload-in-progress.part');
    await writeFile(inProgress, 'the first bytes of a plan');

    const second = await runScript('main', [], dataDir, { SMTP_URL: smtp.url });
    assert.equal(second.code, 1);
    assert.ok(
      second.stderr.includes(`Un autre récepteur utilise déjà le dossier de données ${dataDir}`),
      second.stderr,
    );
    assert.ok(existsSync(inProgress), 'the first receiver’s upload is still there');
    assert.ok(!second.stdout.includes('receiver started'));

    const references: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const answer = await post(first.url, form(validFields()));
      assert.equal(answer.status, 201);
      references.push(answer.body.reference ?? '');
    }
    await waitFor('twenty mails', () => references.every((reference) => smtp.withReference(reference).length >= 2));
    for (const reference of references) {
      await waitFor('both mails recorded', async () =>
        (await outboxRows(dataDir, reference)).every((row) => row.status === 'sent'),
      );
    }
    assert.equal(smtp.messages.length, 20);
  });

  test('a permanent refusal (550 unknown recipient) is failed at once, logged, and shown by receiver:list', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url });
    const fields = validFields({ email: 'personne@exemple.fr' });
    smtp.unknownRecipients.add(fields.email!);
    const answer = await post(receiver.url, form(fields));
    assert.equal(answer.status, 201);
    const reference = answer.body.reference ?? '';
    await outboxSettled(receiver);
    assert.deepEqual(await outboxRows(receiver.dataDir, reference), [
      { kind: 'company', status: 'sent', attempts: 1, error: null },
      { kind: 'visitor', status: 'failed', attempts: 1, error: 'EENVELOPE 550 RCPT TO' },
    ]);
    assert.match(
      receiver.logs(),
      /"mail":"visitor","status":"failed".*"msg":"mail refused for good by the SMTP server"/,
    );
    assert.ok(!receiver.logs().includes('personne@exemple.fr'), 'no address in the logs');

    const list = await tool('list', [], receiver.dataDir);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, new RegExp(`${reference}[^]*visiteur échec \\(EENVELOPE 550 RCPT TO\\)`));
    assert.match(list.stdout, /1 demande\(s\) avec un e-mail en échec/);
  });
});

describe('the store is checked before the receiver listens', () => {
  /** A small tmpfs of its own, unmounted at the end: a real full or read-only file system. */
  async function smallDisk(): Promise<string> {
    const dir = await tempDir('receiver-disk-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', dir]);
    cleanup.push(async () => {
      execFileSync('umount', [dir]);
      await removeDir(dir);
    });
    return dir;
  }

  test('too little space left: exit 1 with a French message, nothing listens', async () => {
    const dataDir = path.join(await smallDisk(), 'data');
    // 8 MB in all, less than the 50 MB the receiver asks for by default.
    const result = await runScript('main', [], dataDir, { QUOTE_MIN_FREE_MB: undefined });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      new RegExp(
        `Le disque du dossier ${dataDir} n’a plus que \\d Mo libres, il en faut au moins 50 \\(QUOTE_MIN_FREE_MB\\)`,
      ),
    );
    assert.ok(!result.stdout.includes('receiver started'));
  });
});
