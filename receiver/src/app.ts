import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import type { Config } from './config';
import { referencedFiles, type Db } from './store/db';
import { errorsPlugin } from './intake/errors';
import { QUOTE_RECEIVER_PATH } from './facts';
import { lockDataDir } from './store/lock';
import { loggerOptions } from './logger';
import type { Mailer } from './delivery/mail';
import { multipartPlugin } from './intake/multipart';
import mailerPlugin from './delivery/mailer-plugin';
import outboxPlugin, { type Outbox } from './delivery/outbox-plugin';
import retentionPlugin from './store/retention-plugin';
import storePlugin from './store/store-plugin';
import { purgeExpired } from './store/purge';
import healthRoute from './intake/health-route';
import quoteRoute from './intake/quote-route';
import type { QuoteLog } from './intake/store-request';
import { findLeftovers, layout, removeLeftovers, type Layout, type Leftovers } from './store/storage';

/**
 * The whole receiver, started in this order: the data folder is locked (a second receiver on the same
 * folder stops there, having touched nothing), the store is opened, migrated and checked (writable, space
 * left), the HTTP server listens, what an interrupted run left is cleaned up, and the outbox worker and
 * the retention job start. A failure before listening throws a StartError with a French message.
 * main.ts runs it; the tests and the benchmark start it in-process with their own config.
 *
 * The app follows Fastify's layout, in folders by job: plugins decorate it with the store and the retention
 * job (store/), the mailer and the outbox (delivery/), each closed by its own onClose hook when the app
 * closes (in the reverse order: the worker stops before the mailer and the store close, the folder lock is
 * released last); the routes (intake/) use them; intake/store-request.ts stores a request without HTTP.
 */

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dirs: Layout;
  }
  interface FastifyRequest {
    /** What the response log line may say: the reference and a refusal code, never a field value. */
    quoteLog: QuoteLog | null;
  }
}

export type Receiver = {
  app: FastifyInstance;
  db: Db;
  dirs: Layout;
  worker: Outbox;
  mailer: Mailer;
  /** The address it listens on, e.g. http://127.0.0.1:8787. */
  url: string;
  close(): Promise<void>;
};

/** The app, its plugins and routes registered (not yet ready): the store opens when it gets ready. */
export function buildApp(config: Config, options: { logStream?: Writable } = {}): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Fastify's request lines would carry the URL and the IP: one line of ours per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A slow upload past this is cut (the form itself gives up after 20 s and retries with the same id).
    requestTimeout: 60_000,
    bodyLimit: 64 * 1024,
  });
  const dirs = layout(config.dataDir);
  app.decorate('config', config);
  app.decorate('dirs', dirs);
  app.decorateRequest('quoteLog', null);

  void app.register(storePlugin, { config, dirs });
  void app.register(mailerPlugin, { config, dirs });
  void app.register(outboxPlugin, { config, dirs });
  void app.register(retentionPlugin, { config, dirs });

  void app.register(cors, { origin: config.allowedOrigins, methods: ['GET', 'POST'], maxAge: 86_400 });
  void app.register(rateLimit, { global: false });
  void app.register(multipartPlugin);
  void app.register(errorsPlugin);

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith(QUOTE_RECEIVER_PATH)) return;
    const path = request.url.split('?')[0];
    request.log.info(
      {
        method: request.method,
        path,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...request.quoteLog,
      },
      'request',
    );
  });

  void app.register(healthRoute);
  void app.register(quoteRoute);
  return app;
}

export async function startReceiver(config: Config, options: { logStream?: Writable } = {}): Promise<Receiver> {
  const lock = await lockDataDir(config.dataDir);
  let app: FastifyInstance;
  try {
    app = buildApp(config, options);
    // Released last: onClose hooks run in the reverse order of their registration.
    app.addHook('onClose', () => lock.release());
    await app.ready();
  } catch (error) {
    // The store plugin closes what it opened; the folder is unlocked here.
    await lock.release();
    throw error;
  }
  const { dirs, log } = app;

  let url: string;
  try {
    // Listed before listening (reading only), removed after: never a file of a request that arrives between.
    const leftovers: Leftovers = await findLeftovers(dirs, await referencedFiles(app.store));
    url = await app.listen({ port: config.port, host: config.host });
    const cleaned = await removeLeftovers(dirs, leftovers);
    if (cleaned.temp > 0) log.warn({ temp: cleaned.temp }, 'removed temp files left by an interrupted request');
    if (cleaned.quarantined > 0) {
      log.warn(
        { quarantined: cleaned.quarantined, folder: 'quarantine' },
        'files without a request moved to the quarantine folder, not deleted',
      );
    }
    if (cleaned.keptInPlace > 0) {
      log.error(
        { keptInPlace: cleaned.keptInPlace, folder: 'files' },
        'files without a request left in place: the database looks new or replaced (moved aside?)',
      );
    }
    const purged = await purgeExpired(app.store, dirs);
    if (purged.length > 0) log.info({ purged: purged.length }, 'retention: expired requests deleted');
    await app.outbox.start();
    app.retention.start();
  } catch (error) {
    // A taken port, say: stop what was started (the plugins' onClose hooks) so the caller can report and exit.
    await app.close();
    throw error;
  }

  log.info(
    {
      url,
      data: config.dataDir,
      mail: app.mailer.describe,
      notify: config.notifyEmail,
      origins: config.allowedOrigins,
    },
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
    db: app.store,
    dirs,
    worker: app.outbox,
    mailer: app.mailer,
    url,
    close: () => app.close(),
  };
}
