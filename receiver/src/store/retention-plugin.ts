import fp from 'fastify-plugin';
import { performance } from 'node:perf_hooks';
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
    // The daily purge's date on a steady clock (the wall clock at start, then the monotonic clock): a clock
    // stepped forward while the receiver runs purges nothing early.
    const wallAtStart = Date.now();
    const monotonicAtStart = performance.now();
    app.decorate('retention', {
      start() {
        if (timer) return;
        timer = setInterval(() => {
          const now = new Date(wallAtStart + (performance.now() - monotonicAtStart));
          purgeExpired(app.store, dirs, now).then(
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
