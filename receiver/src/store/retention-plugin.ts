import fp from 'fastify-plugin';
import type { Config } from '../config';
import { purgeExpired } from './purge';
import type { Layout } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention job: requests past the retention period are deleted, at start-up and then daily. */
    retention: { start(): void };
  }
}

export default fp(
  async (app, { config, dirs }: { config: Config; dirs: Layout }) => {
    let timer: NodeJS.Timeout | undefined;
    app.decorate('retention', {
      start() {
        if (timer) return;
        timer = setInterval(() => {
          purgeExpired(app.store, dirs).then(
            (purged) => app.log.info({ purged: purged.length }, 'retention: daily purge'),
            (error: unknown) => app.log.error({ err: error }, 'retention: purge failed'),
          );
        }, config.purgeIntervalMs);
        timer.unref();
      },
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'retention', dependencies: ['store'] },
);
