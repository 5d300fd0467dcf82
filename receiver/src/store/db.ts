import { createClient, type Client, type InStatement, type ResultSet, type TransactionMode } from '@libsql/client';
import { chmod, open } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';

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
    // A migration may rewrite the schema's text (migration 6): a new connection reads it afresh.
    if (version < SCHEMA_VERSION) {
      this.#replace();
      await this.#ready;
    }
  }

  execute(statement: InStatement): Promise<ResultSet> {
    return this.#run((client) => client.execute(statement));
  }

  batch(statements: InStatement[], mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    return this.#run((client) => client.batch(statements, mode));
  }

  /**
   * Closes the client. SQLite's own handle (and quotes.db's -wal and -shm files) goes only when libsql's last
   * prepared statement is garbage-collected: a stopping receiver takes its checkpoint first (store-plugin.ts).
   */
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
