import fp from 'fastify-plugin';
import { performance } from 'node:perf_hooks';
import { purgeExpired } from './purge';

/**
 * The retention job: requests past the retention period are deleted when the app is ready (after the
 * store's clean-up, before the outbox starts), then every QUOTE_PURGE_INTERVAL_HOURS; stopped when the app
 * closes.
 */
export default fp(
  async (app) => {
    const { config, dirs } = app;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const purged = await purgeExpired(app.store, dirs);
      if (purged.length > 0) app.log.info({ purged: purged.length }, 'retention: expired requests deleted');
      // The daily purge's date on a steady clock (the wall clock at start, then the monotonic clock): a clock
      // stepped forward while the receiver runs purges nothing early.
      const wallAtStart = Date.now();
      const monotonicAtStart = performance.now();
      timer = setInterval(() => {
        const now = new Date(wallAtStart + (performance.now() - monotonicAtStart));
        purgeExpired(app.store, dirs, now).then(
          (purged) => app.log.info({ purged: purged.length }, 'retention: daily purge'),
          (error: unknown) => app.log.error({ err: error }, 'retention: purge failed'),
        );
      }, config.purgeIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'retention', dependencies: ['store'] },
);
