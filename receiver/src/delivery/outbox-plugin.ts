import fp from 'fastify-plugin';
import type { Config } from '../config';
import { releaseClaims, startWorker, type Worker } from './outbox';
import type { Layout } from '../store/storage';

export type Outbox = Worker & {
  /**
   * Starts the worker: called by startReceiver once the server listens and the leftovers are cleaned up.
   * Before that, wake() and idle() do nothing.
   */
  start(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker, which sends the mails stored with each request (delivery/outbox.ts). */
    outbox: Outbox;
  }
}

/** The outbox worker, started last (see startReceiver) and stopped when the app closes, before the store. */
export default fp(
  async (app, { config, dirs }: { config: Config; dirs: Layout }) => {
    let worker: Worker | undefined;
    const outbox: Outbox = {
      async start() {
        if (worker) return;
        // The folder is locked: a claim left in the store is a dead process's, unless its lock file was
        // deleted under a live one (releaseClaims keeps that one's claims).
        await releaseClaims(app.store);
        worker = startWorker(app.store, app.mailer, config, dirs, app.log);
      },
      wake: () => worker?.wake(),
      idle: async () => worker?.idle(),
      stop: async () => worker?.stop(),
    };
    app.decorate('outbox', outbox);
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'outbox', dependencies: ['store', 'mailer'] },
);
