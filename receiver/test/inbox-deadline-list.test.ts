import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { locationOptions, serviceTypeOptions } from '../src/facts';
import { INBOX_PAGE_SIZE, listRequestsForInbox } from '../src/store/inbox-list';
import { openDb, type Db } from '../src/store/db';
import { layout } from '../src/store/storage';
import type { Status } from '../src/requests/statuses';
import { seed } from './factories';
import { removeDir, storeDir } from './helpers';

/**
 * The list's query (the one the benchmark measures) on a real store: its order, its filters, its search and
 * its pages. `now` is Wednesday 25 November 2026, noon UTC.
 */

const now = new Date('2026-11-25T12:00:00Z');
const [s1, s2] = serviceTypeOptions.map((option) => option.value) as [string, string];
const [l1, l2] = locationOptions.map((option) => option.value) as [string, string];

let db: Db;
let dataDir: string;

type Row = {
  reference: string;
  createdAt: string;
  deadlineAt: string | null;
  status?: Status;
  spam?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  service?: string;
  town?: string;
};

/** The rows, stored by the test factory `seed` (no file: the layout is never written). */
async function insert(rows: Row[]) {
  for (const row of rows) {
    await seed(db, layout(dataDir), {
      reference: row.reference,
      createdAt: row.createdAt,
      spam: row.spam ?? false,
      firstName: row.firstName ?? 'Élodie',
      lastName: row.lastName ?? 'Martin',
      email: row.email ?? `${row.reference.toLowerCase()}@exemple.fr`,
      phone: row.phone ?? '04 93 00 00 00',
      serviceType: row.service ?? s1,
      location: row.town ?? l1,
      description: 'Texte',
      status: row.status ?? 'nouvelle',
      deadlineAt: row.deadlineAt,
    });
  }
}

before(async () => {
  dataDir = await storeDir();
  db = await openDb(dataDir, 1000);
  await insert([
    // Closed: newest first, after every open one.
    {
      reference: 'D-CLOSED-OLD',
      createdAt: '2026-11-01T10:00:00Z',
      deadlineAt: '2026-11-02T10:00:00Z',
      status: 'acceptee',
    },
    {
      reference: 'D-CLOSED-NEW',
      createdAt: '2026-11-20T10:00:00Z',
      deadlineAt: '2026-11-23T10:00:00Z',
      status: 'refusee',
    },
    // Open, by deadline; a request called back is open but never late.
    {
      reference: 'D-OPEN-LATER',
      createdAt: '2026-11-25T09:00:00Z',
      deadlineAt: '2026-11-26T09:00:00Z',
      firstName: 'Karim',
      lastName: 'Benali',
      phone: '06.12.34.56.78',
      service: s2,
    },
    {
      reference: 'D-CALLED',
      createdAt: '2026-11-20T09:00:00Z',
      deadlineAt: '2026-11-23T09:00:00Z',
      status: 'rappelee',
      town: l2,
    },
    // Late: still « Nouvelle » past the deadline, the oldest deadline first.
    { reference: 'D-LATE-RECENT', createdAt: '2026-11-24T08:00:00Z', deadlineAt: '2026-11-25T08:00:00Z', town: l2 },
    { reference: 'D-LATE-OLD', createdAt: '2026-11-19T08:00:00Z', deadlineAt: '2026-11-20T08:00:00Z', service: s2 },
    // Spam: its own folder.
    { reference: 'D-SPAM', createdAt: '2026-11-25T08:00:00Z', deadlineAt: '2026-11-26T08:00:00Z', spam: true },
  ]);
});

after(async () => {
  db.close();
  await removeDir(dataDir);
});

const references = async (filter: Parameters<typeof listRequestsForInbox>[1]) =>
  (await listRequestsForInbox(db, filter, now)).rows.map((row) => row.reference);

describe('the inbox’s list query', () => {
  test('late first (oldest deadline first), then open by deadline, then closed newest first', async () => {
    const list = await listRequestsForInbox(db, { spam: false, page: 1 }, now);
    assert.deepEqual(
      list.rows.map((row) => `${row.reference}${row.late ? ' late' : ''}`),
      ['D-LATE-OLD late', 'D-LATE-RECENT late', 'D-CALLED', 'D-OPEN-LATER', 'D-CLOSED-NEW', 'D-CLOSED-OLD'],
    );
    assert.equal(list.total, 6);
    assert.equal(list.pageCount, 1);
    assert.deepEqual(await references({ spam: true, page: 1 }), ['D-SPAM']);
  });

  test('filters by status, service and town', async () => {
    assert.deepEqual(await references({ spam: false, status: 'nouvelle', page: 1 }), [
      'D-LATE-OLD',
      'D-LATE-RECENT',
      'D-OPEN-LATER',
    ]);
    assert.deepEqual(await references({ spam: false, service: s2, page: 1 }), ['D-LATE-OLD', 'D-OPEN-LATER']);
    assert.deepEqual(await references({ spam: false, town: l2, service: s1, page: 1 }), ['D-LATE-RECENT', 'D-CALLED']);
  });

  test('a search by name (either order), e-mail, phone (whatever its spacing) or reference', async () => {
    assert.deepEqual(await references({ spam: false, search: 'benal', page: 1 }), ['D-OPEN-LATER']);
    assert.deepEqual(await references({ spam: false, search: 'Karim Benali', page: 1 }), ['D-OPEN-LATER']);
    assert.deepEqual(await references({ spam: false, search: 'benali karim', page: 1 }), ['D-OPEN-LATER']);
    assert.deepEqual(await references({ spam: false, search: 'd-called@', page: 1 }), ['D-CALLED']);
    assert.deepEqual(await references({ spam: false, search: '06 12 34', page: 1 }), ['D-OPEN-LATER']);
    assert.deepEqual(await references({ spam: false, search: '0612345678', page: 1 }), ['D-OPEN-LATER']);
    assert.deepEqual(await references({ spam: false, search: 'late-o', page: 1 }), ['D-LATE-OLD']);
    // LIKE's wildcards are searched for as they are.
    assert.deepEqual(await references({ spam: false, search: '%', page: 1 }), []);
    const searched = await listRequestsForInbox(db, { spam: false, search: 'martin', page: 1 }, now);
    assert.equal(searched.total, 5);
  });

  test('pages of 50, the count of every page', async () => {
    const many = Array.from({ length: INBOX_PAGE_SIZE + 5 }, (_, index): Row => ({
      reference: `D-MANY-${String(index).padStart(3, '0')}`,
      createdAt: '2026-11-10T10:00:00Z',
      deadlineAt: '2026-11-11T10:00:00Z',
      status: 'sans_suite',
      lastName: 'Nombreux',
    }));
    await insert(many);
    const first = await listRequestsForInbox(db, { spam: false, search: 'nombreux', page: 1 }, now);
    const second = await listRequestsForInbox(db, { spam: false, search: 'nombreux', page: 2 }, now);
    const past = await listRequestsForInbox(db, { spam: false, search: 'nombreux', page: 3 }, now);
    assert.deepEqual([first.rows.length, second.rows.length, past.rows.length], [INBOX_PAGE_SIZE, 5, 0]);
    assert.deepEqual(
      [first.total, second.total, past.total, first.pageCount],
      [INBOX_PAGE_SIZE + 5, INBOX_PAGE_SIZE + 5, INBOX_PAGE_SIZE + 5, 2],
    );
    const all = await listRequestsForInbox(db, { spam: false, page: 2 }, now);
    assert.equal(all.total, 6 + INBOX_PAGE_SIZE + 5);
    assert.equal(all.rows.length, 11);
  });
});
