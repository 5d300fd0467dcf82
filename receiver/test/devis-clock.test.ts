import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseHtml } from '../../scripts/html';
import { addDays, closures, devisTerms } from '../src/facts';
import { afterWorkingDays, atParisTime } from '../src/requests/deadline';
import { withdrawalEndsAt } from '../src/requests/devis/withdrawal';
import { openDb } from '../src/store/db';
import { codeOf, formActions, mainText, nonceOf, requiredAnswers, tokenOf } from './devis-client-helpers';
import {
  ORIGIN,
  receiverAtClock,
  releaseClosedDatabases,
  removeDir,
  startSmtp,
  tempDir,
  testEnv,
  waitFor,
  type Smtp,
} from './helpers';
import { devisClientTexts } from '@/content/devis-client';
import { sentDevis, type Sent } from './factories';

/**
 * A sent devis's days on a real receiver process whose clock libfaketime moves (receiver/test/faketime.ts):
 * the team's three reminders each arrive once when their day comes, the devis expires after its last valid
 * day, and online withdrawal closes at the end of its period. Each step is a receiver started at that
 * moment: its reminders run at start, as after a night or a weekend off.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

type Stage = { origin: string; stop: () => Promise<void> };

/** A receiver on `dataDir` whose clock reads `at` when it starts (and runs on from there). */
async function receiverAt(dataDir: string, smtp: Smtp, at: Date | undefined): Promise<Stage> {
  const stage = await receiverAtClock(testEnv(dataDir, { SMTP_URL: smtp.url }), at);
  cleanup.push(stage.stop);
  return stage;
}

/** A devis sent now, as the team's sending does, in the store of a stopped receiver; with its sending time. */
async function seededDevis(dataDir: string): Promise<Sent & { sentAt: Date }> {
  const db = await openDb(dataDir, 10_000);
  const sentAt = new Date();
  const sent = await sentDevis(db, sentAt);
  db.close();
  await releaseClosedDatabases();
  return { ...sent, sentAt };
}

const reminderSubjects = (smtp: Smtp, number: string) =>
  smtp.messages.map((mail) => mail.subject ?? '').filter((subject) => subject.startsWith(`Devis ${number} pour`));

async function page(stage: Stage, path: string) {
  const response = await fetch(`${stage.origin}${path}`, { headers: { 'user-agent': 'Navigateur de test' } });
  const body = await response.text();
  return { status: response.status, doc: parseHtml(body) };
}

async function post(stage: Stage, path: string, fields: Record<string, string>) {
  return fetch(`${stage.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      'user-agent': 'Navigateur de test',
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Noon, Paris time, on an ISO day. */
const noonOn = (isoDay: string) => atParisTime(new Date(`${isoDay}T12:00:00Z`), '12:00');
const HOUR = 3_600_000;

test('a devis’s days on a moved clock: the team’s reminders once each on their day, online withdrawal until its period ends, expiry after the last valid day', async () => {
  const dataDir = await tempDir('devis-clock-');
  cleanup.push(() => removeDir(dataDir));
  const smtp = await startSmtp();
  cleanup.push(() => smtp.stop());
  const accepted = await seededDevis(dataDir);
  const awaiting = await seededDevis(dataDir);
  const { notOpenedWorkingDays, notAnsweredWorkingDays, expiringInDays } = devisTerms.reminders;
  const remindersOf = (sent: Sent) => reminderSubjects(smtp, sent.number);

  // Today, on the real clock: the client accepts the first devis with the code from its mail.
  let stage = await receiverAt(dataDir, smtp, undefined);
  const opened = await page(stage, accepted.link);
  const asked = await post(stage, `${accepted.link}/accepter`, {
    _csrf: tokenOf(opened.doc),
    nom: 'Camille Durand',
    ...requiredAnswers(opened.doc),
  });
  assert.equal(asked.status, 303);
  const code = await waitFor('the code mail', () => codeOf(smtp, 1));
  // The code page the request was sent to (its address carries the request's nonce), and its form.
  const codePage = await page(stage, asked.headers.get('location') ?? '');
  const confirmed = await post(stage, `${accepted.link}/code`, {
    _csrf: tokenOf(codePage.doc),
    demande: nonceOf(codePage.doc),
    code,
  });
  assert.equal(confirmed.status, 303);
  const acceptedAt = new Date();
  assert.ok(mainText((await page(stage, accepted.link)).doc).includes(devisClientTexts.states.accepted));
  await stage.stop();

  // An hour before « pas encore ouvert » is due: nothing yet.
  const notOpenedAt = afterWorkingDays(awaiting.sentAt, notOpenedWorkingDays, closures);
  stage = await receiverAt(dataDir, smtp, new Date(notOpenedAt.getTime() - HOUR));
  await stage.stop();
  assert.deepEqual(remindersOf(awaiting), [], 'no reminder before its day');

  // An hour after: « pas encore ouvert », once; the client then opens it.
  stage = await receiverAt(dataDir, smtp, new Date(notOpenedAt.getTime() + HOUR));
  await waitFor('« pas encore ouvert »', () => remindersOf(awaiting).length === 1);
  assert.match(remindersOf(awaiting)[0] ?? '', /pas encore ouvert$/);
  assert.equal((await page(stage, awaiting.link)).status, 200);
  await stage.stop();

  // « sans réponse », once; the accepted devis, still within its withdrawal period, offers withdrawal.
  const withdrawalEnds = withdrawalEndsAt(acceptedAt);
  const notAnsweredAt = new Date(afterWorkingDays(awaiting.sentAt, notAnsweredWorkingDays, closures).getTime() + HOUR);
  assert.ok(notAnsweredAt < withdrawalEnds, 'this step falls within the withdrawal period');
  stage = await receiverAt(dataDir, smtp, notAnsweredAt);
  await waitFor('« sans réponse »', () => remindersOf(awaiting).length === 2);
  assert.match(remindersOf(awaiting)[1] ?? '', /sans réponse$/);
  const withinPeriod = await page(stage, accepted.link);
  assert.deepEqual(formActions(withinPeriod.doc), [`${accepted.link}/retracter`], 'withdrawal offered');
  await stage.stop();

  // An hour after the withdrawal period: no withdrawal any more, and a late one is not recorded. The link of
  // an accepted devis lasts as long as its period (docs/devis.md, « La durée du lien »): « Lien expiré ».
  stage = await receiverAt(dataDir, smtp, new Date(withdrawalEnds.getTime() + HOUR));
  const afterPeriod = await page(stage, accepted.link);
  assert.equal(afterPeriod.status, 410);
  assert.ok(mainText(afterPeriod.doc).includes(devisClientTexts.linkExpired), mainText(afterPeriod.doc));
  assert.deepEqual(formActions(afterPeriod.doc), [], 'no withdrawal once the period is over');
  const late = await post(stage, `${accepted.link}/retracter`, { _csrf: tokenOf(withinPeriod.doc), confirmer: 'oui' });
  assert.equal(late.status, 410);
  await stage.stop();

  // « expire bientôt », once; on its last valid day the client may still answer.
  stage = await receiverAt(dataDir, smtp, noonOn(addDays(awaiting.validUntil, -expiringInDays)));
  await waitFor('« expire bientôt »', () => remindersOf(awaiting).length === 3);
  assert.match(remindersOf(awaiting)[2] ?? '', /expire bientôt$/);
  await stage.stop();
  stage = await receiverAt(dataDir, smtp, noonOn(awaiting.validUntil));
  assert.ok(mainText((await page(stage, awaiting.link)).doc).includes(devisClientTexts.states.awaiting));
  await stage.stop();

  // The day after: expired, in the store (the receiver's own pass) and on the client's page.
  stage = await receiverAt(dataDir, smtp, noonOn(addDays(awaiting.validUntil, 1)));
  const expired = await page(stage, awaiting.link);
  assert.equal(expired.status, 200);
  assert.ok(mainText(expired.doc).includes(devisClientTexts.expiredIntro), mainText(expired.doc));
  assert.deepEqual(formActions(expired.doc), [], 'no answer any more');
  await stage.stop();

  assert.equal(remindersOf(awaiting).length, 3, 'each reminder once, across seven starts');
  assert.deepEqual(remindersOf(accepted), [], 'none about an accepted devis');
  assert.equal(
    smtp.messages.filter((mail) => /rétractation/i.test(mail.subject ?? '')).length,
    0,
    'no withdrawal acknowledged',
  );
  const db = await openDb(dataDir, 10_000);
  const statuses = await db.execute({
    sql: 'SELECT status FROM devis WHERE id IN (?, ?) ORDER BY id',
    args: [accepted.devisId, awaiting.devisId],
  });
  db.close();
  await releaseClosedDatabases();
  assert.deepEqual(
    statuses.rows.map((row) => row.status),
    ['accepte', 'expire'],
  );
});
