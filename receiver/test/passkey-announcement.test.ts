import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { disableMember } from '../src/store/members';
import { dailyPurge } from '../src/store/purge';
import { addDevice, enrol, inboxClient, newMember } from './inbox-auth-helpers';
import { build, countRows, listDir, outboxSettled, startSmtp, waitFor } from './helpers';
import { formatFrenchDateTime } from '../src/facts';

/**
 * Every new passkey is announced by e-mail to its member (which device, when, what to do if it was not
 * them), through the outbox: the first one from an enrolment link and each device added later, received by
 * a real SMTP server here. A member disabled by the time the mail's turn comes gets nothing, and an erased
 * member's mails go with them.
 */

const ANNOUNCED = /Nouvelle clé d’accès/;

test('each new passkey is announced to its member: the device, when, and what to do if it was not them', async (t) => {
  const smtp = await startSmtp();
  t.after(() => smtp.stop());
  const receiver = await build(t, { SMTP_URL: smtp.url });
  const inbox = inboxClient(receiver.app.inbox, receiver.db, receiver.app.config, { now: Date.now() });
  const { member, secret } = await newMember(inbox, 'Léa Martin', 'lea@entreprise.test');

  const { answer, passkey } = await enrol(inbox, secret);
  assert.equal(answer.statusCode, 200, answer.body);
  await outboxSettled(receiver);
  assert.equal(smtp.messages.length, 1);
  const first = smtp.messages[0]!;
  assert.equal(first.to && 'text' in first.to ? first.to.text : '', 'lea@entreprise.test');
  assert.match(first.subject ?? '', ANNOUNCED);
  assert.match(first.text ?? '', /^Bonjour Léa Martin,/);
  assert.match(first.text ?? '', /Si ce n’est pas vous/);
  assert.ok(first.text?.includes(new URL('appareils', receiver.app.config.inboxUrl).href), first.text);
  assert.equal(first.headers.get('auto-submitted'), 'auto-generated');

  await addDevice(inbox, passkey);
  await outboxSettled(receiver);
  assert.equal(smtp.messages.length, 2);
  const second = smtp.messages[1]!;
  assert.match(second.subject ?? '', ANNOUNCED);
  // The device as « Mes appareils » names it, and the time it was added (Paris time).
  assert.match(second.text ?? '', /Appareil\u00a0: Safari sur iPhone/);
  const added = await receiver.db.execute({
    sql: 'SELECT created_at FROM credentials WHERE user_id = ? ORDER BY created_at DESC LIMIT 1',
    args: [member.id],
  });
  const when = formatFrenchDateTime(new Date(String(added.rows[0]?.created_at)));
  assert.ok(second.text?.includes(`Ajoutée le\u00a0: ${when} (heure de Paris)`), second.text);
  assert.notEqual(second.messageId, first.messageId);
  assert.equal(await countRows(receiver, 'outbox', "kind = 'passkey' AND status = 'sent'"), 2);
});

test('a member disabled before the mail’s turn gets no announcement (the row is cancelled)', async (t) => {
  // The relay refuses (451): the announcement waits in the outbox.
  const smtp = await startSmtp();
  t.after(() => smtp.stop());
  smtp.rejecting = true;
  const receiver = await build(t, { SMTP_URL: smtp.url });
  const inbox = inboxClient(receiver.app.inbox, receiver.db, receiver.app.config, { now: Date.now() });
  const { member, secret } = await newMember(inbox);
  const { answer } = await enrol(inbox, secret);
  assert.equal(answer.statusCode, 200, answer.body);
  const state = async () =>
    (await receiver.db.execute("SELECT status, attempts, last_error FROM outbox WHERE kind = 'passkey'")).rows.map(
      (row) => ({ ...row }),
    );
  await waitFor('a first attempt', async () => (await countRows(receiver, 'outbox', 'attempts > 0')) === 1);
  // Refused, so waiting for its next try (the tests' retry delay is short: it may have been tried again).
  assert.deepEqual(
    (await state()).map((row) => row.status),
    ['pending'],
    JSON.stringify(await state()),
  );
  await disableMember(receiver.db, member.id, Date.now());
  // Its next try (the relay still refusing whatever was already on its way): written for nobody, cancelled.
  await receiver.db.execute("UPDATE outbox SET next_attempt_at = 0 WHERE kind = 'passkey'");
  receiver.worker.wake();
  await outboxSettled(receiver);
  assert.deepEqual(
    (await state()).map((row) => row.status),
    ['cancelled'],
    JSON.stringify(await state()),
  );
  assert.equal(smtp.messages.length, 0);
});

test('an erased member’s announcements go with them: outbox rows and .eml copies', async (t) => {
  // No relay: each mail is written as an .eml copy in the data folder (outbox/).
  const receiver = await build(t);
  const inbox = inboxClient(receiver.app.inbox, receiver.db, receiver.app.config, { now: Date.now() });
  const { member, secret } = await newMember(inbox);
  const { answer } = await enrol(inbox, secret);
  assert.equal(answer.statusCode, 200, answer.body);
  await outboxSettled(receiver);
  const copies = async () => (await listDir(receiver.app.dirs.outbox)).filter((name) => name.endsWith('.eml'));
  assert.equal((await copies()).length, 1);
  assert.match(
    await readFile(path.join(receiver.app.dirs.outbox, (await copies())[0]!), 'utf8'),
    /lea@entreprise\.test/,
  );

  const disabledAt = Date.now();
  await disableMember(receiver.db, member.id, disabledAt);
  const config = receiver.app.config;
  // The purge a second later, keeping disabled members 0 months: one disabled before its time goes (at the
  // same millisecond, the member would not yet be disabled « before » it, and would stay).
  const { members } = await dailyPurge(
    receiver.db,
    receiver.app.dirs,
    { ...config, retention: { ...config.retention, disabledMemberMonths: 0 } },
    new Date(disabledAt + 1_000),
  );
  assert.deepEqual(
    members.map((erased) => erased.id),
    [member.id],
  );
  assert.equal(await countRows(receiver, 'outbox', 'member_id IS NOT NULL'), 0);
  assert.deepEqual(await copies(), []);
});
