import Database from 'libsql';
import { chmod, mkdir, open } from 'node:fs/promises';
import path from 'node:path';

/**
 * One receiver per data folder. The lock is SQLite's own on a small file of the folder (receiver.lock),
 * held in exclusive locking mode inside an open transaction for the life of the process: the operating
 * system releases it when the process ends, crashed or killed, so a stale lock never blocks a restart.
 * The command-line tools do not take it (they work beside a running receiver, on quotes.db).
 */

export const LOCK_FILE = 'receiver.lock';

/** Why the receiver cannot start, in French for the owner (main.ts prints it and exits 1). */
export class StartError extends Error {}

export type DataDirLock = { release(): Promise<void> };

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(dataDir, LOCK_FILE);
  // libsql itself, not @libsql/client: the client's close() leaves a connection inside a transaction open.
  let lock: Database.Database | undefined;
  try {
    // The folder and the lock file readable by the receiver's user only, whatever the umask (an existing
    // folder keeps its mode otherwise, and SQLite would create the file 0644).
    await chmod(dataDir, 0o700);
    await (await open(lockFile, 'a', 0o600)).close();
    await chmod(lockFile, 0o600);
    lock = new Database(lockFile, { timeout: 0 });
    lock.exec('PRAGMA locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock?.close();
    const code = (error as { code?: string }).code ?? '';
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) {
      throw new StartError(
        `Un autre récepteur utilise déjà le dossier de données ${dataDir} : un seul récepteur peut tourner par dossier. Arrêtez l’autre (systemctl status azur-devis), ou donnez à celui-ci un autre QUOTE_DATA_DIR.`,
      );
    }
    throw new StartError(
      `Le dossier de données ${dataDir} ne peut pas être verrouillé (${code || (error instanceof Error ? error.message : String(error))}) : vérifiez qu’il existe et que le récepteur peut y écrire.`,
    );
  }
  const held = lock;
  return {
    async release() {
      if (!held.open) return;
      held.exec('ROLLBACK');
      held.close();
    },
  };
}
