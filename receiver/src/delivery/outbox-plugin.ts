import fp from 'fastify-plugin';
import { releaseClaims, startWorker, type Worker } from './outbox';

export type Outbox = Worker;

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker, which sends the mails stored with each request (delivery/outbox.ts). */
    outbox: Outbox;
  }
}

/**
 * The outbox worker, started last when the app is ready (after the store's clean-up and the first purge)
 * and stopped when the app closes, before the mailer and the store close. Before it starts, wake() and
 * idle() do nothing.
 */
export default fp(
  async (app) => {
    let worker: Worker | undefined;
    const outbox: Outbox = {
      wake: () => worker?.wake(),
      idle: async () => worker?.idle(),
      stop: async () => worker?.stop(),
    };
    app.decorate('outbox', outbox);
    app.addHook('onReady', async () => {
      // The folder is locked: a claim left in the store is a dead process's, unless its lock file was
      // deleted under a live one (releaseClaims keeps that one's claims).
      await releaseClaims(app.store);
      worker = startWorker(app.store, app.mailer, app.config, app.dirs, app.log);
    });
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'outbox', dependencies: ['store', 'mailer'] },
);
