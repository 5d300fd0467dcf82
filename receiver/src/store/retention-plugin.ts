import fp from 'fastify-plugin';
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
      timer = setInterval(() => {
        purgeExpired(app.store, dirs).then(
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
