import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import type { Config } from './config';
import type { Db } from './store/db';
import { errorsPlugin } from './intake/errors';
import { DEVIS_CLIENT_PATH, REVIEW_CLIENT_PATH } from './facts';
import { schemaController } from './schema-compilers';
import { loggerOptions } from './logger';
import type { Mailer } from './delivery/mailer';
import { multipartPlugin } from './intake/multipart';
import mailerPlugin from './delivery/mailer-plugin';
import outboxPlugin, { type Outbox } from './delivery/outbox-plugin';
import remindersPlugin from './delivery/reminders-plugin';
import retentionPlugin from './store/retention-plugin';
import inboxPlugin from './inbox/inbox-plugin';
import publishPlugin from './publish/publish-plugin';
import storePlugin from './store/store-plugin';
import healthRoute from './intake/health-route';
import clientRoutes from './client/client-routes';
import reviewRoutes from './client/review-routes';
import type { CompanyFacts } from './requests/devis/mentions';
import { formAt, PUBLIC_FORMS } from './intake/public-forms';
import type { QuoteLog } from './intake/store-request';
import { layout, type Layout } from './store/storage';

/**
 * The whole receiver, inside Fastify's life cycle: `app.ready()` gives a receiver that is whole and
 * `app.close()` one that has stopped. Its plugins start in this order: the store locks the data folder (a
 * second receiver on the same folder stops there, having touched nothing), opens, migrates and checks the
 * store (writable, space left); the mailer; then, when the app is ready and before it listens, what an
 * interrupted run left is cleaned up (store), expired requests are purged and the retention job starts
 * (retention), and the outbox worker starts (outbox). A store the receiver cannot use stops the start with a
 * StartError in French. On close, each plugin's onClose hook runs in the reverse order: the worker stops
 * before the mailer and the store close, and the folder is unlocked last.
 *
 * The plugins read their settings from `app.config` and the folder's layout from `app.dirs`, decorated here.
 * The routes (intake/) use what the plugins decorate; intake/store-request.ts stores a request without
 * HTTP. main.ts runs startReceiver; the tests build the app (`build(t)`, or startReceiver for a socket).
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
  /** The team inbox's own listener (QUOTE_INBOX_PORT), e.g. http://127.0.0.1:8788. */
  inboxUrl: string;
  close(): Promise<void>;
};

/** The app, its plugins and routes registered (not yet ready): the store opens when it gets ready. */
export function buildApp(
  config: Config,
  options: {
    logStream?: Writable;
    /** The client's devis page's clock (tests move it). */
    now?: () => Date;
    /** Today's company facts, for a version sent before they were frozen (tests change them). */
    company?: () => CompanyFacts;
  } = {},
): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    // Fastify's request lines would carry the URL and the IP: one line of ours per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A slow upload past this is cut (the form itself gives up after 20 s and retries with the same id).
    requestTimeout: 60_000,
    bodyLimit: 64 * 1024,
    // Opening the store (lock, migrations, a test write with fsync) can take more than Fastify's default
    // 10 s on a busy disk: a slow start is not a failed one (a store that fails says so at once).
    pluginTimeout: 60_000,
    schemaController,
  });
  const dirs = layout(config.dataDir);
  app.decorate('config', config);
  app.decorate('dirs', dirs);
  app.decorateRequest('quoteLog', null);

  // Registered in their start order (their onReady hooks run in this order, their onClose in the reverse).
  void app.register(storePlugin);
  void app.register(mailerPlugin);
  void app.register(retentionPlugin);
  void app.register(outboxPlugin);
  void app.register(remindersPlugin);
  void app.register(publishPlugin);
  void app.register(inboxPlugin);

  void app.register(cors, { origin: config.allowedOrigins, methods: ['GET', 'POST'], maxAge: 86_400 });
  void app.register(rateLimit, { global: false });
  void app.register(multipartPlugin);
  void app.register(errorsPlugin);

  app.addHook('onResponse', async (request, reply) => {
    if (!formAt(request.url)) return;
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
  for (const form of PUBLIC_FORMS) void app.register(form.route);
  // The client's page of a devis (client/), on this public listener, never under the inbox's path.
  void app.register(clientRoutes, { prefix: DEVIS_CLIENT_PATH, now: options.now, company: options.company });
  // The client's review page (client/review-routes.ts), under the devis's client path.
  void app.register(reviewRoutes, { prefix: REVIEW_CLIENT_PATH, now: options.now });
  return app;
}

/** The app built, ready (see above) and listening on config.host:config.port. */
export async function startReceiver(config: Config, options: { logStream?: Writable } = {}): Promise<Receiver> {
  const app = buildApp(config, options);
  let url: string;
  let inboxUrl: string;
  try {
    url = await app.listen({ port: config.port, host: config.host });
    inboxUrl = await app.inbox.listen({ port: config.inboxPort, host: config.host });
  } catch (error) {
    // A taken port, or a StartError: stop what was started (the plugins' onClose hooks) so the caller can
    // report and exit.
    await app.close();
    throw error;
  }
  const { dirs, log } = app;

  log.info(
    {
      url,
      inbox: inboxUrl,
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
    inboxUrl,
    close: () => app.close(),
  };
}
