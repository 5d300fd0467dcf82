import {
  createClient,
  type Client,
  type InStatement,
  type ResultSet,
  type Row,
  type TransactionMode,
} from '@libsql/client';
import { chmod, open } from 'node:fs/promises';
import path from 'node:path';
import { mailboxKey } from '../email';
import type { QuoteRequest } from '../facts';
import type { QueuedMail } from '../requests/mail-policy';

/**
 * The database: one SQLite file (QUOTE_DATA_DIR/quotes.db) through @libsql/client, on a single connection.
 * With one connection every batch() runs BEGIN…COMMIT synchronously, so two requests never interleave
 * inside a transaction, and the pragmas below hold for every statement. WAL with synchronous=FULL makes a
 * committed row survive a crash or a SIGKILL (the WAL is fsynced at each commit).
 *
 * Erasure leaves no byte behind: secure_delete makes SQLite overwrite deleted rows, index entries and freed
 * pages with zeros (in the WAL first, then in quotes.db at the checkpoint), and an erasure ends with
 * eraseCheckpoint(), which copies the WAL into the file and truncates it to nothing, so no older copy of a
 * page survives in the -wal file either. A backup (sqlite3's .backup, VACUUM INTO) copies pages as they are:
 * zeros.
 */

export const DB_FILE = 'quotes.db';

/**
 * The schema, numbered: migration N brings a database from version N-1 to N (PRAGMA user_version). A store
 * opens at the version it finds and applies the missing migrations in order, each in one transaction with
 * its new version number, so an upgrade either happens whole or not at all. Version 0 is a new file, or a
 * data folder written before the numbering (its tables match migration 1, hence IF NOT EXISTS there).
 * Never edit a migration that was released: add the next one.
 */
/** A phone number's digits as the inbox's search compares them (whatever the spaces, dots or dashes). */
export const PHONE_DIGITS_SQL = "REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '.', ''), '-', ''), '\u00a0', '')";

export const MIGRATIONS: readonly (readonly string[])[] = [
  // 1: requests, their outbox, the health check's row.
  [
    `CREATE TABLE IF NOT EXISTS requests (
    id INTEGER PRIMARY KEY,
    reference TEXT NOT NULL UNIQUE,
    request_id TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    spam INTEGER NOT NULL DEFAULT 0,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    email_key TEXT NOT NULL,
    phone TEXT NOT NULL,
    service_type TEXT NOT NULL,
    location TEXT NOT NULL,
    description TEXT NOT NULL,
    file_name TEXT,
    file_path TEXT UNIQUE,
    file_size INTEGER,
    file_type TEXT,
    file_sha256 TEXT
  )`,
    'CREATE INDEX IF NOT EXISTS requests_email_key ON requests (email_key)',
    'CREATE INDEX IF NOT EXISTS requests_created_at ON requests (created_at)',
    `CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('company', 'visitor')),
    message_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    sent_at TEXT,
    UNIQUE (request_id, kind)
  )`,
    'CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at)',
    'CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL)',
  ],
  // 2: a mail is claimed before it is sent (a lease: the worker alone sends it until then); a request
  // keeps a hash of its content, so a replayed id with other content is told apart.
  [
    'ALTER TABLE outbox ADD COLUMN claimed_until INTEGER',
    'ALTER TABLE requests ADD COLUMN content_sha256 TEXT',
    'CREATE INDEX outbox_visitor ON outbox (kind, request_id)',
  ],
  // 3: the team's inbox (src/inbox/). Team members sign in with passkeys only: a member, their passkeys,
  // their single-use enrolment links and their server-side sessions (secrets stored as SHA-256 hashes,
  // never as they are). Each request gains its status (now requests/statuses.ts), the member it is assigned to,
  // who called back and when, and its call-back deadline; its history (status changes, notes,
  // assignments) is erased with it; the audit trail is append-only and never holds a visitor's data.
  [
    `CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    webauthn_user_id TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    disabled_at TEXT
  )`,
    `CREATE TABLE credentials (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    public_key BLOB NOT NULL,
    counter INTEGER NOT NULL DEFAULT 0,
    transports TEXT,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  )`,
    'CREATE INDEX credentials_user ON credentials (user_id)',
    `CREATE TABLE enrolments (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  )`,
    `CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL
  )`,
    'CREATE INDEX sessions_user ON sessions (user_id)',
    `ALTER TABLE requests ADD COLUMN status TEXT NOT NULL DEFAULT 'nouvelle'
    CHECK (status IN ('nouvelle', 'rappelee', 'devis_envoye', 'acceptee', 'refusee', 'sans_suite', 'indesirable'))`,
    'ALTER TABLE requests ADD COLUMN status_reason TEXT',
    'ALTER TABLE requests ADD COLUMN assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE requests ADD COLUMN called_back_at TEXT',
    'ALTER TABLE requests ADD COLUMN called_back_by INTEGER REFERENCES users (id) ON DELETE SET NULL',
    'ALTER TABLE requests ADD COLUMN deadline_at TEXT',
    'CREATE INDEX requests_open ON requests (spam, status, deadline_at)',
    `CREATE TABLE request_events (
    id INTEGER PRIMARY KEY,
    request_id INTEGER NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('status', 'note', 'assign', 'not_spam', 'reminder')),
    status TEXT,
    detail TEXT
  )`,
    'CREATE INDEX request_events_request ON request_events (request_id, at)',
    `CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    reference TEXT,
    detail TEXT
  )`,
    `CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
    `CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END`,
  ],
  // 4: the team's reminders go through the outbox (delivery/reminders.ts): a reminder before a request's
  // deadline, a late mail at it (each at most once per request: UNIQUE (request_id, kind)), and a digest
  // belonging to no request (at most one per Paris day: digest_day UNIQUE). A mail no longer needed when
  // its turn comes (the request was called back) is 'cancelled'; queued_at dates a row for its give-up
  // delay. SQLite cannot change a CHECK or a NOT NULL: the table is rebuilt (new table, copy, drop,
  // rename, indexes), which nothing else references. Requests stored from now on get their deadline and
  // their reminders (reminders = 1); older ones get a deadline at start and appear in the digest only.
  // The inbox's list (inbox/list-query.ts) gets its indexes.
  [
    `CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY,
    request_id INTEGER REFERENCES requests (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('company', 'visitor', 'reminder', 'late', 'digest')),
    message_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    sent_at TEXT,
    claimed_until INTEGER,
    digest_day TEXT UNIQUE,
    queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (request_id, kind),
    CHECK (CASE WHEN kind = 'digest' THEN request_id IS NULL AND digest_day IS NOT NULL
           ELSE request_id IS NOT NULL AND digest_day IS NULL END)
  )`,
    `INSERT INTO outbox_new (id, request_id, kind, message_id, status, attempts, next_attempt_at, last_error, sent_at,
      claimed_until, queued_at)
    SELECT o.id, o.request_id, o.kind, o.message_id, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at,
      o.claimed_until, r.created_at
    FROM outbox o JOIN requests r ON r.id = o.request_id`,
    'DROP TABLE outbox',
    'ALTER TABLE outbox_new RENAME TO outbox',
    'CREATE INDEX outbox_due ON outbox (status, next_attempt_at)',
    'CREATE INDEX outbox_visitor ON outbox (kind, request_id)',
    'ALTER TABLE requests ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0 CHECK (reminders IN (0, 1))',
    // Covers the list's columns (inbox/list-query.ts), and a phone number's digits as its search compares
    // them: a search or a sort reads this small index, never every request's description.
    `CREATE INDEX requests_inbox ON requests (spam, status, deadline_at, created_at, service_type, location, reference,
    first_name, last_name, email, phone, ${PHONE_DIGITS_SQL})`,
  ],
  // 5: the outbox's faults, and the confirmations' cap per mailbox. maybe_delivered counts the sends that
  // ended with a drop or a time-out after the final dot (the relay may have delivered); without_file marks a company mail that the relay refused for
  // its size, sent again without its attachment; claimed_by is the process id of the worker holding a claim,
  // so that a receiver starting beside a live one (its lock file deleted) does not clear that one's claims.
  [
    'ALTER TABLE outbox ADD COLUMN maybe_delivered INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE outbox ADD COLUMN without_file INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE outbox ADD COLUMN claimed_by INTEGER',
    // The mailbox an address reaches (email.ts mailboxKey): the cap of confirmations counts per mailbox.
    'ALTER TABLE requests ADD COLUMN mailbox_key TEXT',
    'CREATE INDEX requests_mailbox_key ON requests (mailbox_key, created_at)',
  ],
  // 6: a member's passkeys and sessions, for « Mes appareils » and re-authentication (inbox/passkeys.ts,
  // inbox/sessions.ts): each passkey gets the device's name (from the browser that created it), each
  // session the time of its member's last passkey ceremony (sign-in, or a confirmation before adding a
  // device; older sessions have none and must confirm).
  ['ALTER TABLE credentials ADD COLUMN name TEXT', 'ALTER TABLE sessions ADD COLUMN ceremony_at INTEGER'],
];

/** The schema version this code writes (PRAGMA user_version once every migration is applied). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** A data folder that this receiver cannot use: the message is French, for the owner. */
export class StoreError extends Error {}

/**
 * The one connection, behind execute() and batch(). After SQLITE_BUSY / SQLITE_LOCKED (another process
 * held the lock past the busy timeout) libsql may leave the failed statement active on the connection,
 * and every later COMMIT then fails with "SQL statements in progress": the connection is replaced.
 */
export class Db {
  #client: Client;
  #ready: Promise<void>;
  readonly #url: string;
  readonly #busyTimeoutMs: number;

  private constructor(url: string, busyTimeoutMs: number) {
    this.#url = url;
    this.#busyTimeoutMs = busyTimeoutMs;
    this.#client = this.#connect();
    this.#ready = this.#configure(this.#client);
  }

  static async open(dataDir: string, busyTimeoutMs: number): Promise<Db> {
    await ownerOnly(path.join(dataDir, DB_FILE));
    const db = new Db(`file:${path.join(dataDir, DB_FILE)}`, busyTimeoutMs);
    try {
      await db.migrate();
    } catch (error) {
      db.close();
      throw error;
    }
    return db;
  }

  /** Applies the migrations this database lacks, each in its own transaction with its version number. */
  async migrate(): Promise<void> {
    const version = Number((await this.execute('PRAGMA user_version')).rows[0]?.user_version ?? 0);
    if (version > SCHEMA_VERSION) {
      throw new StoreError(
        `La base ${DB_FILE} est au format ${version}, plus récent que celui de ce récepteur (${SCHEMA_VERSION}) : installez la version du récepteur qui l’a écrite, ou une plus récente.`,
      );
    }
    for (let next = version + 1; next <= SCHEMA_VERSION; next += 1) {
      await this.batch([...(MIGRATIONS[next - 1] ?? []), `PRAGMA user_version = ${next}`], 'write');
    }
  }

  execute(statement: InStatement): Promise<ResultSet> {
    return this.#run((client) => client.execute(statement));
  }

  batch(statements: InStatement[], mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    return this.#run((client) => client.batch(statements, mode));
  }

  close(): void {
    this.#client.close();
  }

  #connect(): Client {
    return createClient({ url: this.#url, concurrency: 1, intMode: 'number', timeout: this.#busyTimeoutMs });
  }

  async #configure(client: Client): Promise<void> {
    // Per-connection settings: they hold because the client never opens a second connection (concurrency: 1).
    await client.execute(`PRAGMA busy_timeout = ${Math.trunc(this.#busyTimeoutMs)}`);
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = FULL');
    await client.execute('PRAGMA foreign_keys = ON');
    await client.execute('PRAGMA secure_delete = ON');
  }

  /**
   * After an erasure: the WAL's pages are written into quotes.db and the WAL truncated to zero bytes (the
   * erased rows' earlier versions lived in its frames). Returns false when another connection (a tool run
   * beside the receiver) kept the checkpoint from completing; the next erasure, or the receiver's stop, finishes it.
   */
  async eraseCheckpoint(): Promise<boolean> {
    const result = await this.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    return Number(result.rows[0]?.busy ?? 1) === 0;
  }

  async #run<T>(operation: (client: Client) => Promise<T>): Promise<T> {
    const client = this.#client;
    try {
      await this.#ready;
      return await operation(client);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (/^SQLITE_(BUSY|LOCKED)/.test(code) && client === this.#client) this.#replace();
      throw error;
    }
  }

  #replace(): void {
    this.#client.close();
    this.#client = this.#connect();
    this.#ready = this.#configure(this.#client);
  }
}

/**
 * The database holds personal data: readable by the receiver's user only, whatever the umask. The file is
 * created (or its mode set) before SQLite opens it, and SQLite gives its -wal and -shm files the same mode.
 */
async function ownerOnly(file: string): Promise<void> {
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
  for (const companion of [`${file}-wal`, `${file}-shm`]) {
    await chmod(companion, 0o600).catch((error: { code?: string }) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

export async function openDb(dataDir: string, busyTimeoutMs: number): Promise<Db> {
  return Db.open(dataDir, busyTimeoutMs);
}

export type StoredRequest = QuoteRequest & {
  id: number;
  reference: string;
  createdAt: string;
  spam: boolean;
  file: { name: string; path: string; size: number; type: string; sha256: string } | undefined;
};

export function toRequest(row: Row): StoredRequest {
  const filePath = row.file_path as string | null;
  return {
    id: Number(row.id),
    reference: String(row.reference),
    requestId: String(row.request_id),
    createdAt: String(row.created_at),
    spam: Number(row.spam) === 1,
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    email: String(row.email),
    phone: String(row.phone),
    serviceType: String(row.service_type),
    location: String(row.location),
    description: String(row.description),
    file:
      filePath === null
        ? undefined
        : {
            name: String(row.file_name),
            path: filePath,
            size: Number(row.file_size),
            type: String(row.file_type),
            sha256: String(row.file_sha256),
          },
  };
}

export type NewRequest = Omit<StoredRequest, 'id'> & {
  emailKey: string;
  /** The call-back deadline (requests/deadline.ts), ISO UTC; with it, the request gets its reminders. */
  deadlineAt?: string;
  /** A hash of the checked fields and the file (contentHash()): a replayed id must carry the same. */
  contentSha256: string | null;
};

/** What a request id holds: its reference, its content hash, and whether its visitor gets a confirmation. */
export type KnownRequest = { reference: string; contentSha256: string | null; confirmation: boolean };

export type InsertResult = KnownRequest & { created: boolean };

const KNOWN_REQUEST_SQL = `SELECT r.reference, r.content_sha256,
    EXISTS (SELECT 1 FROM outbox o WHERE o.request_id = r.id AND o.kind = 'visitor' AND o.status != 'failed') AS confirmation
  FROM requests r WHERE r.request_id = ?`;

function toKnown(row: Row | undefined): KnownRequest | undefined {
  if (!row) return undefined;
  return {
    reference: String(row.reference),
    contentSha256: row.content_sha256 === null ? null : String(row.content_sha256),
    confirmation: Number(row.confirmation) === 1,
  };
}

/**
 * Stores a request and the outbox rows the rules chose for it (requests/mail-policy.ts mailsOf), in one
 * transaction. A row with a cap is written only while fewer than `cap.count` mails of its kind went to
 * `cap.mailboxKey` since `cap.since`, counted inside the transaction, so concurrent requests cannot pass the
 * limit together. A request id already known stores nothing and returns the first request: the statements
 * are written so that a duplicate (even one racing this call) changes no row, and the final SELECT says
 * which request holds the id.
 */
export async function insertRequest(
  db: Db,
  request: NewRequest,
  mails: readonly QueuedMail[],
  now: number,
): Promise<InsertResult> {
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO requests (reference, request_id, created_at, spam, first_name, last_name, email, email_key, phone,
              service_type, location, description, file_name, file_path, file_size, file_type, file_sha256, content_sha256,
              deadline_at, reminders, mailbox_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (request_id) DO NOTHING`,
      args: [
        request.reference,
        request.requestId,
        request.createdAt,
        request.spam ? 1 : 0,
        request.firstName,
        request.lastName,
        request.email,
        request.emailKey,
        request.phone,
        request.serviceType,
        request.location,
        request.description,
        request.file?.name ?? null,
        request.file?.path ?? null,
        request.file?.size ?? null,
        request.file?.type ?? null,
        request.file?.sha256 ?? null,
        request.contentSha256,
        request.deadlineAt ?? null,
        request.deadlineAt ? 1 : 0,
        mailboxKey(request.email),
      ],
    },
  ];
  for (const mail of mails) {
    // Selecting by reference inserts nothing when the request above was a duplicate.
    const insert = `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at)
            SELECT id, ?, ?, ? FROM requests WHERE reference = ?`;
    const args = [mail.kind, mail.messageId, now, request.reference];
    statements.push(
      mail.cap
        ? {
            sql: `${insert}
              AND (SELECT COUNT(*) FROM outbox o JOIN requests r ON r.id = o.request_id
                   WHERE o.kind = ? AND r.mailbox_key = ? AND r.created_at > ?) < ?`,
            args: [...args, mail.kind, mail.cap.mailboxKey, mail.cap.since, mail.cap.count],
          }
        : { sql: insert, args },
    );
  }
  statements.push({ sql: KNOWN_REQUEST_SQL, args: [request.requestId] });
  const results = await db.batch(statements, 'write');
  const known = toKnown(results.at(-1)?.rows[0]);
  if (!known) throw new Error('the request just stored is not found');
  return { ...known, created: known.reference === request.reference };
}

export async function findByRequestId(db: Db, requestId: string): Promise<KnownRequest | undefined> {
  const result = await db.execute({ sql: KNOWN_REQUEST_SQL, args: [requestId] });
  return toKnown(result.rows[0]);
}

/** Every stored file path, to tell committed files from orphans. */
export async function referencedFiles(db: Db): Promise<Set<string>> {
  const result = await db.execute('SELECT file_path FROM requests WHERE file_path IS NOT NULL');
  return new Set(result.rows.map((row) => String(row.file_path)));
}

/** A real write, so a read-only file, a full disk or a lock held too long all show. */
export async function checkWritable(db: Db): Promise<void> {
  await db.batch(
    [
      {
        sql: 'INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
        args: [new Date().toISOString()],
      },
    ],
    'write',
  );
}

/** Requests of one e-mail address (erasure, access), oldest first. */
export async function requestsByEmail(db: Db, emailKey: string): Promise<StoredRequest[]> {
  const result = await db.execute({
    sql: 'SELECT * FROM requests WHERE email_key = ? ORDER BY created_at, id',
    args: [emailKey],
  });
  return result.rows.map(toRequest);
}

/** Deletes requests and their outbox rows in one transaction. */
export async function deleteRequests(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const statements: InStatement[] = [];
  for (const id of ids) {
    statements.push({ sql: 'DELETE FROM outbox WHERE request_id = ?', args: [id] });
    statements.push({ sql: 'DELETE FROM requests WHERE id = ?', args: [id] });
  }
  await db.batch(statements, 'write');
}

/** The status of a request's two mails (no visitor row: no confirmation), and why a failed one failed. */
export type Mails = { company?: string; visitor?: string; companyError?: string; visitorError?: string };

/** Requests with the status of their two mails, newest first (list and export tools). */
export async function listRequests(
  db: Db,
  options: { spam?: boolean; limit?: number } = {},
): Promise<(StoredRequest & { mails: Mails })[]> {
  const result = await db.execute({
    sql: `SELECT r.*,
            (SELECT status FROM outbox WHERE request_id = r.id AND kind = 'company') AS company_mail,
            (SELECT status FROM outbox WHERE request_id = r.id AND kind = 'visitor') AS visitor_mail,
            (SELECT last_error FROM outbox WHERE request_id = r.id AND kind = 'company' AND status = 'failed') AS company_error,
            (SELECT last_error FROM outbox WHERE request_id = r.id AND kind = 'visitor' AND status = 'failed') AS visitor_error
          FROM requests r WHERE r.spam = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
    args: [options.spam ? 1 : 0, options.limit ?? -1],
  });
  return result.rows.map((row) => ({
    ...toRequest(row),
    mails: {
      company: row.company_mail === null ? undefined : String(row.company_mail),
      visitor: row.visitor_mail === null ? undefined : String(row.visitor_mail),
      companyError: row.company_error === null ? undefined : String(row.company_error),
      visitorError: row.visitor_error === null ? undefined : String(row.visitor_error),
    },
  }));
}

/** The outbox rows of some requests (the erasure tool lists them). */
export async function outboxOf(
  db: Db,
  requestIds: number[],
): Promise<{ requestId: number; kind: string; status: string; messageId: string }[]> {
  if (requestIds.length === 0) return [];
  const result = await db.execute({
    sql: `SELECT request_id, kind, status, message_id FROM outbox WHERE request_id IN (${requestIds.map(() => '?').join(',')}) ORDER BY id`,
    args: requestIds,
  });
  return result.rows.map((row) => ({
    requestId: Number(row.request_id),
    kind: String(row.kind),
    status: String(row.status),
    messageId: String(row.message_id),
  }));
}
