import type { FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import type { Config } from './config';
import { openDb, referencedFiles, type Db } from './db';
import { createMailer, type Mailer } from './mail';
import { startWorker, type Worker } from './outbox';
import { purgeExpired } from './purge';
import { buildServer } from './server';
import { ensureLayout, layout, removeLeftovers, type Layout } from './storage';

/**
 * The whole receiver: database, start-up cleaning, HTTP server, outbox worker and retention job.
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
  const dirs = layout(config.dataDir);
  await ensureLayout(dirs);
  const db = await openDb(config.dataDir, config.dbBusyTimeoutMs);
  const mailer = createMailer(config, dirs);
  // The worker needs the logger, which the server creates: wake() is bound once both exist.
  const waker = { wake: () => {} };
  const app = await buildServer({ config, db, dirs, worker: waker, logStream: options.logStream });
  const log = app.log;

  try {
    const cleaned = await removeLeftovers(dirs, await referencedFiles(db));
    if (cleaned.temp + cleaned.orphans > 0) log.warn(cleaned, 'removed files left by an interrupted request');
    const purged = await purgeExpired(db, dirs);
    if (purged.length > 0) log.info({ purged: purged.length }, 'retention: expired requests deleted');
  } catch (error) {
    db.close();
    throw error;
  }

  const worker = startWorker(db, mailer, config, dirs, log);
  waker.wake = () => worker.wake();
  const purgeTimer = setInterval(() => {
    purgeExpired(db, dirs).then(
      (purged) => log.info({ purged: purged.length }, 'retention: daily purge'),
      (error: unknown) => log.error({ err: error }, 'retention: purge failed'),
    );
  }, config.purgeIntervalMs);
  purgeTimer.unref();

  let url: string;
  try {
    url = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A taken port, say: stop what was started so the caller can report and exit.
    clearInterval(purgeTimer);
    await worker.stop();
    mailer.close();
    db.close();
    throw error;
  }
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
    db,
    dirs,
    worker,
    mailer,
    url,
    async close() {
      clearInterval(purgeTimer);
      await app.close();
      await worker.stop();
      mailer.close();
      db.close();
    },
  };
}
