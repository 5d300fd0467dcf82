import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { InStatement } from '@libsql/client';
import { form, post, receiverWith, startSmtp, validFields, waitFor } from './helpers';

/**
 * After a storage outage the outbox waits before its next pass (up to QUOTE_RETRY_MAX_MS): a new request,
 * which the store has just taken, ends that wait, so its mails and the ones held back leave at once.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

test('a new request after a storage outage wakes the outbox at once, not after its back-off', async () => {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.stop());
  // Back-offs of ten minutes and more: the test would time out waiting for one.
  const receiver = await receiverWith(cleanup, {
    SMTP_URL: smtp.url,
    QUOTE_RETRY_BASE_MS: '600000',
    QUOTE_RETRY_MAX_MS: '3600000',
  });
  // The store takes no claim while the disk is full (SQLite's own error); requests are stored by batch().
  let full = true;
  const execute = receiver.db.execute.bind(receiver.db);
  receiver.db.execute = (statement: InStatement) => {
    const sql = typeof statement === 'string' ? statement : statement.sql;
    if (full && sql.includes('SET claimed_until')) {
      return Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    }
    return execute(statement);
  };

  const during = await post(receiver.url, form(validFields()));
  assert.equal(during.status, 201);
  await waitFor('a failed pass', () => receiver.logs().includes('"retryInMs":600000'));
  full = false;

  const afterwards = await post(receiver.url, form(validFields()));
  assert.equal(afterwards.status, 201);
  await waitFor('the four mails', () =>
    [during, afterwards].every((answer) => smtp.withReference(answer.body.reference ?? '').length === 2),
  );
});
