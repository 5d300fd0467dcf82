import fp from 'fastify-plugin';
import { buildInbox } from './server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The team's inbox, a Fastify instance of its own: startReceiver makes it listen on QUOTE_INBOX_PORT. */
    inbox: FastifyInstance;
  }
}

/**
 * The inbox beside the public app, in the same process: built on the same store, closed when the app
 * closes (before the store, whose onClose hook was registered earlier and so runs later).
 */
export default fp(
  async (app) => {
    const inbox = buildInbox({
      config: app.config,
      db: app.store,
      dirs: app.dirs,
      log: app.log,
      wakeOutbox: () => app.outbox.wake(),
      publishing: app.publishing,
    });
    app.decorate('inbox', inbox);
    app.addHook('onReady', async () => {
      await inbox.ready();
    });
    app.addHook('onClose', async () => {
      await inbox.close();
    });
  },
  { name: 'inbox', dependencies: ['store', 'outbox', 'publish'] },
);
