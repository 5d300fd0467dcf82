import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';
import type { InStatement } from '@libsql/client';
import { locationOptions, serviceTypeOptions } from '../src/facts';
import { deadlineOf } from '../src/requests/deadline';
import { listRequestsForInbox, type InboxListFilter } from '../src/store/inbox-list';
import { STATUSES, type Status } from '../src/requests/statuses';
import { openDb } from '../src/store/db';
import { removeDir, tempDir } from '../test/helpers';
import { percentile } from './percentile';

/**
 * `node --import tsx receiver/bench/inbox-list.ts [-- --requests 10000 --runs 200]`, on one core:
 * `taskset -c 0 node --import tsx receiver/bench/inbox-list.ts`. Not a test, a measurement: the inbox's
 * list (store/inbox-list.ts) with `requests` requests in a real store (a year of them, a fifth still open,
 * some late, some spam), each query of the list's uses run `runs` times after a warm-up. Prints p50 and p95
 * per query and over all; the goal is a p95 under 100 ms (docs/boite-de-reception.md gives the figure).
 */
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '200' },
  },
});
const requestCount = Number(values.requests);
const runs = Number(values.runs);
const GOAL_MS = 100;

const FIRST_NAMES = ['Élodie', 'Karim', 'Sophie', 'Lucas', 'Chloé', 'Mathieu', 'Inès', 'Hugo', 'Léa', 'Nathan'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'];
const STATUS_KEYS = Object.keys(STATUSES) as Status[];

/** A small deterministic generator: the same store at every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const dataDir = await tempDir('receiver-bench-inbox-');
const db = await openDb(dataDir, 5000);
try {
  const now = new Date();
  const pick = <T>(list: readonly T[], r: number) => list[Math.floor(r * list.length)] as T;
  const next = random(42);
  let statements: InStatement[] = [];
  for (let index = 0; index < requestCount; index += 1) {
    // Spread over the last year, the newest ones more often open.
    const age = next() * 365 * 24 * 3_600_000;
    const created = new Date(now.getTime() - age);
    const recent = age < 5 * 24 * 3_600_000;
    const status: Status = recent
      ? pick(['nouvelle', 'nouvelle', 'rappelee', 'devis_envoye'], next())
      : pick(STATUS_KEYS, next());
    const reference = `D-${created.toISOString().slice(0, 10).replace(/-/g, '')}-${String(index).padStart(6, '0')}`;
    const phone = `06 ${String(Math.floor(next() * 100)).padStart(2, '0')} ${String(index % 100).padStart(2, '0')} ${String(Math.floor(index / 100) % 100).padStart(2, '0')} 00`;
    const first = pick(FIRST_NAMES, next());
    const last = pick(LAST_NAMES, next());
    statements.push({
      sql: `INSERT INTO requests (reference, request_id, created_at, spam, first_name, last_name, email, email_key, phone,
              service_type, location, description, status, deadline_at, reminders)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
      args: [
        reference,
        `bench-${index}`,
        created.toISOString(),
        next() < 0.05 ? 1 : 0,
        first,
        last,
        `${first}.${last}.${index}@exemple.fr`.toLowerCase(),
        `${first}.${last}.${index}@exemple.fr`.toLowerCase(),
        phone,
        pick(serviceTypeOptions, next()).value,
        pick(locationOptions, next()).value,
        'Une description de quelques lignes, comme en écrivent les visiteurs du site. '.repeat(4),
        status,
        deadlineOf(created, []).toISOString(),
      ],
    });
    if (statements.length === 1000) {
      await db.batch(statements, 'write');
      statements = [];
    }
  }
  if (statements.length > 0) await db.batch(statements, 'write');
  await db.execute('ANALYZE');

  const service = serviceTypeOptions[1]?.value;
  const town = locationOptions[1]?.value;
  const queries: [string, InboxListFilter][] = [
    ['la liste, page 1', { spam: false, page: 1 }],
    ['la liste, page 20', { spam: false, page: 20 }],
    ['statut « Nouvelle »', { spam: false, status: 'nouvelle', page: 1 }],
    ['prestation et lieu', { spam: false, service, town, page: 1 }],
    ['recherche d’un nom', { spam: false, search: 'martin', page: 1 }],
    ['recherche d’un téléphone', { spam: false, search: '06 12', page: 1 }],
    ['recherche d’une référence', { spam: false, search: '004242', page: 1 }],
    ['indésirables', { spam: true, page: 1 }],
  ];

  // The order the inbox promises: late first, then open by deadline, then closed.
  const first = await listRequestsForInbox(db, { spam: false, page: 1 }, now);
  assert.equal(first.rows.length, 50);
  assert.ok(first.rows[0]?.late, 'the first row is late');

  const all: number[] = [];
  const lines: string[] = [];
  for (const [name, filter] of queries) {
    for (let warm = 0; warm < 20; warm += 1) await listRequestsForInbox(db, filter, now);
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const page = await listRequestsForInbox(db, filter, now);
      times.push(performance.now() - started);
      total = page.total;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    lines.push(
      `${name.padEnd(28)} ${String(total).padStart(6)} demandes   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(`${requestCount} demandes dans la base, ${runs} mesures par requête (Node ${process.version})`);
  for (const line of lines) console.log(line);
  const p95 = percentile(all, 95);
  console.log(
    `${'ensemble'.padEnd(28)} ${''.padStart(6)}            p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
  );
  console.log(p95 < GOAL_MS ? `objectif atteint : p95 < ${GOAL_MS} ms` : `OBJECTIF MANQUÉ : p95 ≥ ${GOAL_MS} ms`);
  if (p95 >= GOAL_MS) process.exitCode = 1;
} finally {
  db.close();
  await removeDir(dataDir);
}
