import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { isoDay, reviewMailTexts, reviewRules } from '../src/facts';
import { openDb } from '../src/store/db';
import { recordFollowUpDay } from '../src/store/devis-follow-up';
import { acceptedDevis } from './factories';
import {
  receiverAtClock,
  releaseClosedDatabases,
  removeDir,
  startSmtp,
  tempDir,
  testEnv,
  waitFor,
  type Smtp,
} from './helpers';

/**
 * The one request for a review on real receiver processes whose clock libfaketime moves (faketime.ts): not
 * on the day the works end, one mail when its day comes, and none more from a receiver restarted days later.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

const DAY = 86_400_000;

/** A receiver on `dataDir` whose clock reads `days` days from now when it starts; its stop. */
async function receiverIn(dataDir: string, smtp: Smtp, days: number): Promise<() => Promise<void>> {
  const { stop } = await receiverAtClock(
    testEnv(dataDir, { SMTP_URL: smtp.url }),
    days > 0 ? new Date(Date.now() + days * DAY) : undefined,
  );
  cleanup.push(stop);
  return stop;
}

async function requestRows(dataDir: string): Promise<number> {
  const db = await openDb(dataDir, 10_000);
  const result = await db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'review_request'");
  db.close();
  await releaseClosedDatabases();
  return Number(result.rows[0]?.n);
}

test('the review request on a moved clock: none the day the works end, one when due, none more after a restart days later', async () => {
  const dataDir = await tempDir('reviews-clock-');
  cleanup.push(() => removeDir(dataDir));
  const smtp = await startSmtp();
  cleanup.push(() => smtp.stop());
  const requests = () => smtp.messages.filter((mail) => mail.subject?.startsWith(reviewMailTexts.title));

  // Accepted two days ago, the works ended today (the store of a stopped receiver).
  const now = new Date();
  const db = await openDb(dataDir, 10_000);
  const sent = await acceptedDevis(db, new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - DAY));
  assert.ok(
    await recordFollowUpDay(
      db,
      { devisId: sent.devisId, version: 1, kind: 'work_completed', day: isoDay(now), userId: 1 },
      now,
    ),
  );
  db.close();
  await releaseClosedDatabases();

  // Today: its first pass (before it is ready) finds nothing due.
  let stop = await receiverIn(dataDir, smtp, 0);
  await stop();
  assert.equal(await requestRows(dataDir), 0);

  // requestAfterDays later (and an hour, whatever the time of day): the one mail.
  stop = await receiverIn(dataDir, smtp, reviewRules.requestAfterDays + 1 / 24);
  const mail = await waitFor('the review request', () => requests()[0]);
  assert.equal(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : '', sent.content.client.email);
  await stop();

  // Restarted days later: its pass queues nothing more.
  stop = await receiverIn(dataDir, smtp, reviewRules.requestAfterDays + 4);
  await stop();
  assert.equal(await requestRows(dataDir), 1);
  assert.equal(requests().length, 1);
});
