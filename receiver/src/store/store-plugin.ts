import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDb, StoreError, type Db } from './db';
import { checkStore, StoreProblem } from './health';
import { StartError } from './lock';
import { ensureLayout, type Layout } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests' database, open, migrated and checked (writable, space left). */
    store: Db;
  }
}

/**
 * The store: the data folder's layout, the database opened and migrated, then checked (it takes a write,
 * the disk takes a file, space is left). A store the receiver cannot use stops the start-up with a
 * StartError in French. Closed when the app closes.
 */
export default fp(
  async (app, { config, dirs }: { config: Config; dirs: Layout }) => {
    await ensureLayout(dirs);
    let db: Db;
    try {
      db = await openDb(config.dataDir, config.dbBusyTimeoutMs);
    } catch (error) {
      if (error instanceof StoreError) throw new StartError(error.message);
      throw new StartError(
        `La base de demandes du dossier ${config.dataDir} ne s’ouvre pas (${(error as { code?: string }).code ?? String(error)}) : vérifiez que le disque n’est pas plein et que l’utilisateur du récepteur possède le dossier et ses fichiers.`,
      );
    }
    try {
      await checkStore(db, dirs, config.minFreeBytes);
    } catch (error) {
      db.close();
      throw error instanceof StoreProblem ? new StartError(error.message) : error;
    }
    app.decorate('store', db);
    app.addHook('onClose', async () => db.close());
  },
  { name: 'store' },
);
