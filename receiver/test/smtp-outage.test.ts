import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { pdf } from './fixtures';
import {
  form,
  freePort,
  outboxSettled,
  post,
  receiverWith,
  removeDir,
  sha256,
  startSmtp,
  startTestReceiver,
  tempDir,
  validFields,
  waitFor,
  type Smtp,
  type TestReceiver,
} from './helpers';

/** Outbox rows of a request, for waiting on retries. */
async function attempts(receiver: TestReceiver, reference: string): Promise<{ status: string; attempts: number }[]> {
  const result = await receiver.db.execute({
    sql: 'SELECT o.status, o.attempts FROM outbox o JOIN requests r ON r.id = o.request_id WHERE r.reference = ?',
    args: [reference],
  });
  return result.rows.map((row) => ({ status: String(row.status), attempts: Number(row.attempts) }));
}

function assertOnce(smtp: Smtp, reference: string) {
  const mails = smtp.withReference(reference);
  assert.equal(mails.length, 2, `two mails for ${reference}, got ${mails.length}`);
  assert.equal(new Set(mails.map((mail) => mail.messageId)).size, 2);
}

describe('SMTP down, then up', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  test('no SMTP server listening: the visitor gets 201, the mails leave once it is back, once each', async () => {
    const port = await freePort();
    const receiver = await receiverWith(cleanup, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    const file = pdf(100_000);
    const answer = await post(receiver.url, form(validFields(), [{ name: 'plan.pdf', data: file }]));
    assert.equal(answer.status, 201);
    const reference = answer.body.reference ?? '';
    // Retries happen, with growing delays, and the mails stay pending.
    await waitFor('two failed attempts per mail', async () =>
      (await attempts(receiver, reference)).every((row) => row.attempts >= 2 && row.status === 'pending'),
    );

    const smtp = await startSmtp(port);
    cleanup.push(() => smtp.stop());
    await waitFor('both mails', () => smtp.withReference(reference).length >= 2);
    await outboxSettled(receiver);
    assertOnce(smtp, reference);
    const company = smtp.withReference(reference).find((mail) => mail.attachments.length === 1);
    assert.equal(sha256(company?.attachments[0]?.content ?? Buffer.alloc(0)), sha256(file));
  });

  test('an SMTP server answering 451: retried until it accepts, once each, no address in the logs', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    smtp.rejecting = true;
    const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url });
    const fields = validFields({ email: 'refus.temporaire@exemple.fr' });
    const answer = await post(receiver.url, form(fields));
    assert.equal(answer.status, 201);
    const reference = answer.body.reference ?? '';
    await waitFor('three rejected attempts', async () =>
      (await attempts(receiver, reference)).every((row) => row.attempts >= 3),
    );
    assert.equal(smtp.messages.length, 0);
    smtp.rejecting = false;
    await waitFor('both mails', () => smtp.withReference(reference).length >= 2);
    await outboxSettled(receiver);
    assertOnce(smtp, reference);
    assert.ok(receiver.logs().includes('"status":"retry"'));
    assert.ok(!receiver.logs().includes('refus.temporaire'), 'the SMTP error quoting the address is not logged');
  });

  test('pending mails survive a restart, and leave from the new process', async () => {
    const port = await freePort();
    const dataDir = await tempDir();
    cleanup.push(() => removeDir(dataDir));
    const first = await startTestReceiver(dataDir, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    const references: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(first.url, form(validFields()));
      assert.equal(answer.status, 201);
      references.push(answer.body.reference ?? '');
    }
    await first.close();

    const smtp = await startSmtp(port);
    cleanup.push(() => smtp.stop());
    const second = await startTestReceiver(dataDir, { SMTP_URL: smtp.url });
    cleanup.push(() => second.close());
    await waitFor('six mails', () => references.every((reference) => smtp.withReference(reference).length >= 2));
    await outboxSettled(second);
    for (const reference of references) assertOnce(smtp, reference);
  });

  test('a mail still failing after QUOTE_MAIL_GIVE_UP_HOURS is marked failed and no longer retried', async () => {
    const port = await freePort();
    const receiver = await receiverWith(cleanup, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      QUOTE_MAIL_GIVE_UP_HOURS: '1',
    });
    const answer = await post(receiver.url, form(validFields()));
    const reference = answer.body.reference ?? '';
    await receiver.db.execute({
      sql: 'UPDATE requests SET created_at = ? WHERE reference = ?',
      args: [new Date(Date.now() - 2 * 3_600_000).toISOString(), reference],
    });
    await waitFor('failed status', async () =>
      (await attempts(receiver, reference)).every((row) => row.status === 'failed'),
    );
  });
});
