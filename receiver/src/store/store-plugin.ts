import fp from 'fastify-plugin';
import { openDb, StoreError, type Db } from './db';
import { referencedFiles } from './request-queries';
import { checkStore, StoreProblem } from './health';
import { lockDataDir, StartError } from './lock';
import { ensureLayout, findLeftovers, removeLeftovers } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests' database, open, migrated and checked (writable, space left). */
    store: Db;
  }
}

/**
 * The store, the first plugin: the data folder is locked first (a second receiver on the same folder
 * stops there with a StartError, having touched nothing), then its layout is made, the database opened
 * and migrated, then checked (it takes a write, the disk takes a file, space is left). A store the
 * receiver cannot use stops the start-up with a StartError in French, the folder unlocked.
 *
 * When the app is ready, before it listens (no request can arrive in between), what an interrupted run
 * left is cleaned up. When the app closes, the database closes and the folder is unlocked: this plugin's
 * onClose runs last, after the outbox's (Fastify runs them in the reverse order of registration).
 */
export default fp(
  async (app) => {
    const { config, dirs } = app;
    const lock = await lockDataDir(config.dataDir);
    let db: Db | undefined;
    try {
      await ensureLayout(dirs);
      db = await openStore(config.dataDir, config.dbBusyTimeoutMs);
      await checkStore(db, dirs, config.minFreeBytes);
    } catch (error) {
      db?.close();
      await lock.release();
      throw error instanceof StoreProblem ? new StartError(error.message) : error;
    }
    const store = db;
    app.decorate('store', store);

    app.addHook('onReady', async () => {
      const leftovers = await findLeftovers(dirs, await referencedFiles(store));
      const cleaned = await removeLeftovers(dirs, leftovers);
      if (cleaned.temp > 0) app.log.warn({ temp: cleaned.temp }, 'removed temp files left by an interrupted request');
      if (cleaned.quarantined > 0) {
        app.log.warn(
          { quarantined: cleaned.quarantined, folder: 'quarantine' },
          'files without a request moved to the quarantine folder, not deleted',
        );
      }
      if (cleaned.keptInPlace > 0) {
        app.log.error(
          { keptInPlace: cleaned.keptInPlace, folder: 'files' },
          'files without a request left in place: the database looks new or replaced (moved aside?)',
        );
      }
    });
    app.addHook('onClose', async () => {
      // libsql closes SQLite's handle only once its last prepared statement is garbage-collected, and a process
      // that exits never does: the checkpoint is taken here, so the WAL (erased rows' old pages included) ends
      // empty at every stop.
      await store
        .eraseCheckpoint()
        .catch((error: unknown) => app.log.warn({ err: error }, 'checkpoint at stop failed'));
      store.close();
      await lock.release();
    });
  },
  { name: 'store' },
);

async function openStore(dataDir: string, busyTimeoutMs: number): Promise<Db> {
  try {
    return await openDb(dataDir, busyTimeoutMs);
  } catch (error) {
    if (error instanceof StoreError) throw new StartError(error.message);
    throw new StartError(
      `La base de demandes du dossier ${dataDir} ne s’ouvre pas (${(error as { code?: string }).code ?? String(error)}) : vérifiez que le disque n’est pas plein et que l’utilisateur du récepteur possède le dossier et ses fichiers.`,
    );
  }
}
