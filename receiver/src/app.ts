import type { FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import type { Config } from './config';
import { openDb, referencedFiles, StoreError, type Db } from './db';
import { checkStore, StoreProblem } from './health';
import { lockDataDir, StartError } from './lock';
import { createMailer, type Mailer } from './mail';
import { releaseClaims, startWorker, type Worker } from './outbox';
import { purgeExpired } from './purge';
import { buildServer } from './server';
import { ensureLayout, findLeftovers, layout, removeLeftovers, type Layout, type Leftovers } from './storage';

/**
 * The whole receiver, started in this order: the data folder is locked (a second receiver on the same
 * folder stops there, having touched nothing), the store is opened, migrated and checked (writable, space
 * left), the HTTP server listens, what an interrupted run left is cleaned up, and the outbox worker and
 * the retention job start. A failure before listening throws a StartError with a French message.
 * main.ts runs it; the tests and the benchmark start it in-process with their own config.
 */
export type Receiver = {
  app: FastifyInstance;
  db: Db;
  dirs: Layout;
  worker: Worker;
  mailer: Mailer;
  /** The address it listens on, e.g. http://127.0.0.1:8787. */
  url: string;
  close(): Promise<void>;
};

export async function startReceiver(config: Config, options: { logStream?: Writable } = {}): Promise<Receiver> {
  const lock = await lockDataDir(config.dataDir);
  const dirs = layout(config.dataDir);
  let db: Db | undefined;
  try {
    await ensureLayout(dirs);
    try {
      db = await openDb(config.dataDir, config.dbBusyTimeoutMs);
    } catch (error) {
      if (error instanceof StoreError) throw new StartError(error.message);
      throw new StartError(
        `La base de demandes du dossier ${config.dataDir} ne s’ouvre pas (${(error as { code?: string }).code ?? String(error)}) : vérifiez que le disque n’est pas plein et que l’utilisateur du récepteur possède le dossier et ses fichiers.`,
      );
    }
    await checkStore(db, dirs, config.minFreeBytes).catch((error: unknown) => {
      throw error instanceof StoreProblem ? new StartError(error.message) : error;
    });
  } catch (error) {
    db?.close();
    await lock.release();
    throw error;
  }
  const store = db;
  const mailer = createMailer(config, dirs);
  // The worker needs the logger, which the server creates: wake() is bound once both exist.
  const waker = { wake: () => {} };
  const app = await buildServer({ config, db: store, dirs, worker: waker, logStream: options.logStream });
  const log = app.log;

  let url: string;
  let leftovers: Leftovers;
  try {
    // Listed before listening (reading only), removed after: never a file of a request that arrives between.
    leftovers = await findLeftovers(dirs, await referencedFiles(store));
    url = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A taken port, say: stop what was started so the caller can report and exit.
    mailer.close();
    store.close();
    await lock.release();
    throw error;
  }

  try {
    const cleaned = await removeLeftovers(dirs, leftovers);
    if (cleaned.temp + cleaned.orphans > 0) log.warn(cleaned, 'removed files left by an interrupted request');
    const purged = await purgeExpired(store, dirs);
    if (purged.length > 0) log.info({ purged: purged.length }, 'retention: expired requests deleted');
    // The folder is locked: a claim left in the store is a dead process's.
    await releaseClaims(store);
  } catch (error) {
    await app.close();
    mailer.close();
    store.close();
    await lock.release();
    throw error;
  }

  const worker = startWorker(store, mailer, config, dirs, log);
  waker.wake = () => worker.wake();
  const purgeTimer = setInterval(() => {
    purgeExpired(store, dirs).then(
      (purged) => log.info({ purged: purged.length }, 'retention: daily purge'),
      (error: unknown) => log.error({ err: error }, 'retention: purge failed'),
    );
  }, config.purgeIntervalMs);
  purgeTimer.unref();

  log.info(
    { url, data: config.dataDir, mail: mailer.describe, notify: config.notifyEmail, origins: config.allowedOrigins },
    'receiver started',
  );
  if (!config.smtpUrl) {
    log.warn(
      { outbox: dirs.outbox },
      'SMTP_URL is not set: no mail is sent, each one is written as an .eml file in the outbox folder',
    );
  }

  return {
    app,
    db: store,
    dirs,
    worker,
    mailer,
    url,
    async close() {
      clearInterval(purgeTimer);
      await app.close();
      await worker.stop();
      mailer.close();
      store.close();
      await lock.release();
    },
  };
}
