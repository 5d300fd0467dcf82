import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { loadConfig } from '../src/config';
import { assign, setStatus } from '../src/store/request-actions';
import { readAudit } from '../src/store/audit';
import { addMember, disableMember } from '../src/store/members';
import { requestByReference } from '../src/store/inbox-reads';
import { createSession } from '../src/store/sessions';
import { openDb, type Db } from '../src/store/db';
import { requestsByEmail } from '../src/store/request-queries';
import { eraseRequests } from '../src/store/purge';
import { erasedMemberLabel, purgeAudit } from '../src/store/staff-retention';
import { ensureLayout, layout } from '../src/store/storage';
import { movedClock } from './faketime';
import {
  form,
  post,
  removeDir,
  spawnReceiver,
  startTestReceiver,
  storeDir,
  tempDir,
  testEnv,
  validFields,
} from './helpers';
import { seed } from './factories';

/**
 * What the inbox keeps about its team, and for how long: the daily purge of a real receiver process whose
 * clock libfaketime moves a month, seven months and thirteen months ahead deletes the spam after its days,
 * erases a disabled member after their months (a neutral label staying in the history), and deletes the
 * audit rows after theirs; the audit trail's triggers let nothing else delete or rewrite it.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** The periods the receiver applies, as its settings give them by default. */
const { retention } = loadConfig(testEnv('.'));
const DAY_MS = 86_400_000;

async function scalar(db: Db, sql: string, args: (string | number)[] = []): Promise<unknown> {
  return (await db.execute({ sql, args })).rows[0]?.[0];
}

/** Runs the receiver on a clock `days` days ahead until it has started (its purge runs before it listens). */
async function startLater(dataDir: string, days: number): Promise<void> {
  const receiver = await spawnReceiver({ ...testEnv(dataDir), ...movedClock({ offset: `+${days}d` }) });
  receiver.child.kill('SIGTERM');
  await receiver.exited;
}

test('the daily purge on a moved clock: spam after its days, a disabled member after their months, audit rows after theirs', async () => {
  const dataDir = await storeDir();
  cleanup.push(() => removeDir(dataDir));
  const receiver = await startTestReceiver(dataDir);
  const kept = await post(receiver.url, form(validFields({ email: 'client.garde@exemple.fr' })));
  const spam = await post(
    receiver.url,
    form(validFields({ website: 'https://robot.example', email: 'robot@exemple.fr' })),
  );
  assert.equal(kept.status, 201);
  assert.equal(spam.status, 201);
  const db = receiver.db;
  assert.equal(await scalar(db, 'SELECT spam FROM requests WHERE reference = ?', [spam.body.reference ?? '']), 1);

  const now = Date.now();
  const { member: leaving } = await addMember(db, { name: 'Zoé Départ', email: 'zoe@entreprise.test' }, now);
  const { member: staying } = await addMember(db, { name: 'Paul Reste', email: 'paul@entreprise.test' }, now);
  await db.execute({
    sql: "INSERT INTO credentials (id, user_id, public_key, created_at) VALUES ('cle-zoe', ?, x'0102', ?)",
    args: [leaving.id, new Date(now).toISOString()],
  });
  await createSession(db, leaving.id, now);
  const request = await requestByReference(db, kept.body.reference ?? '');
  assert.ok(request);
  await assign(db, request, { id: leaving.id, name: leaving.name }, staying.id, new Date(now));
  await disableMember(db, leaving.id, now);
  const auditRows = (await readAudit(db)).length;
  await receiver.close();

  // A month later: the spam is gone, everything else stays.
  const spamDays = retention.spamDays + 1;
  await startLater(dataDir, spamDays);
  let later = await openDb(dataDir, 5_000);
  assert.equal(
    await scalar(later, 'SELECT COUNT(*) FROM requests WHERE reference = ?', [spam.body.reference ?? '']),
    0,
  );
  assert.equal(
    await scalar(later, 'SELECT COUNT(*) FROM requests WHERE reference = ?', [kept.body.reference ?? '']),
    1,
  );
  assert.equal(await scalar(later, 'SELECT name FROM users WHERE id = ?', [leaving.id]), 'Zoé Départ');
  assert.equal((await readAudit(later)).length, auditRows);
  later.close();

  // Past the member retention (counted in months of 31 days at most): the disabled member is erased.
  const memberDays = retention.disabledMemberMonths * 31 + 1;
  assert.ok(memberDays < retention.auditMonths * 28, 'the audit rows are still young then');
  await startLater(dataDir, memberDays);
  later = await openDb(dataDir, 5_000);
  const label = erasedMemberLabel(leaving.id);
  const erased = (await later.execute({ sql: 'SELECT * FROM users WHERE id = ?', args: [leaving.id] })).rows[0];
  assert.equal(erased?.name, label);
  assert.doesNotMatch(String(erased?.email), /zoe/);
  assert.ok(erased?.erased_at);
  assert.equal(await scalar(later, 'SELECT COUNT(*) FROM credentials WHERE user_id = ?', [leaving.id]), 0);
  assert.equal(await scalar(later, 'SELECT COUNT(*) FROM sessions WHERE user_id = ?', [leaving.id]), 0);
  assert.equal(await scalar(later, 'SELECT name FROM users WHERE id = ?', [staying.id]), 'Paul Reste');
  // The history and the trail keep the act, under the label; the name is nowhere.
  const trail = await readAudit(later);
  assert.ok(trail.some((row) => row.action === 'assign' && row.detail === label));
  assert.ok(trail.some((row) => row.action === 'member_erased' && row.userId === leaving.id));
  assert.ok(!JSON.stringify(trail).includes('Zoé'), 'no audit row names the erased member');
  const events = await later.execute("SELECT detail FROM request_events WHERE kind = 'assign'");
  assert.deepEqual(
    events.rows.map((row) => row.detail),
    [label],
  );
  assert.equal(trail.length, auditRows + 1, 'no audit row deleted yet');
  later.close();

  // Past the audit retention: the rows of the first day are gone, the erasure's row (months younger) stays.
  await startLater(dataDir, retention.auditMonths * 31 + 1);
  later = await openDb(dataDir, 5_000);
  const remaining = await readAudit(later);
  assert.deepEqual(
    remaining.map((row) => row.action),
    ['member_erased'],
  );
  // The request itself is years from its own retention.
  assert.equal(
    await scalar(later, 'SELECT COUNT(*) FROM requests WHERE reference = ?', [kept.body.reference ?? '']),
    1,
  );
  // And the trail is append-only for everyone but the purge: its last row can be neither deleted nor changed.
  await assert.rejects(later.execute('DELETE FROM audit'), /append-only/);
  await assert.rejects(later.execute("UPDATE audit SET action = 'sign_in'"), /append-only/);
  await assert.rejects(later.execute("UPDATE audit SET detail = 'Quelqu’un'"), /append-only/);
  later.close();
});

test('an erased request leaves the audit trail with its reference; the trail refuses any other change', async (t) => {
  const dataDir = await tempDir();
  t.after(() => removeDir(dataDir));
  const dirs = layout(dataDir);
  await ensureLayout(dirs);
  const db = await openDb(dataDir, 5_000);
  t.after(() => db.close());
  const now = new Date();
  const { member } = await addMember(db, { name: 'Léa Roux', email: 'lea@entreprise.test' }, now.getTime());
  const erasedRef = await seed(db, dirs, { email: 'efface@exemple.fr', createdAt: now.toISOString() });
  const keptRef = await seed(db, dirs, { email: 'garde@exemple.fr', createdAt: now.toISOString() });
  for (const { reference } of [erasedRef, keptRef]) {
    const request = await requestByReference(db, reference);
    assert.ok(request);
    await setStatus(db, request, 'rappelee', undefined, member.id, now);
  }
  // Another row naming the kept request's reference: the update below must not be allowed on it.
  await assert.rejects(
    db.execute({
      sql: 'UPDATE audit SET reference = ? WHERE reference = ?',
      args: [erasedRef.reference, keptRef.reference],
    }),
    /append-only/,
  );

  await eraseRequests(db, dirs, await requestsByEmail(db, 'efface@exemple.fr'));
  const trail = await readAudit(db);
  assert.ok(!JSON.stringify(trail).includes(erasedRef.reference), 'the erased reference is nowhere in the trail');
  assert.equal(trail.filter((row) => row.action === 'status').length, 2, 'the act stays, without its reference');
  assert.ok(trail.some((row) => row.reference === keptRef.reference));

  // Young rows: neither a DELETE nor a purge with a cutoff under six months removes them.
  await assert.rejects(db.execute('DELETE FROM audit'), /append-only/);
  await assert.rejects(purgeAudit(db, new Date(now.getTime() + 30 * DAY_MS), 1), /six months at least/);
  assert.equal(await purgeAudit(db, now, retention.auditMonths), 0);
  assert.equal((await readAudit(db)).length, trail.length);
});
