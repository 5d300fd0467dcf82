import fp from 'fastify-plugin';
import { performance } from 'node:perf_hooks';
import { dailyPurge, type PurgeResult } from './purge';

/**
 * The retention job (store/purge.ts dailyPurge): requests and spam past their retention, audit rows past
 * theirs, members disabled for too long, dead sessions and links are deleted when the app is ready (after
 * the store's clean-up, before the outbox starts), then every QUOTE_PURGE_INTERVAL_HOURS; stopped when the
 * app closes.
 */
export default fp(
  async (app) => {
    const { config, dirs } = app;
    let timer: NodeJS.Timeout | undefined;
    const log = (result: PurgeResult, message: string) =>
      app.log.info(
        {
          purged: result.requests.length,
          terminations: result.terminations.length,
          auditRows: result.auditRows,
          membersErased: result.members.length,
          reviews: result.reviews,
        },
        message,
      );
    app.addHook('onReady', async () => {
      const purged = await dailyPurge(app.store, dirs, config, new Date());
      if (
        purged.requests.length +
          purged.terminations.length +
          purged.auditRows +
          purged.members.length +
          purged.reviews >
        0
      ) {
        log(purged, 'retention: expired data deleted');
      }
      // The daily purge's date on a steady clock (the wall clock at start, then the monotonic clock): a clock
      // stepped forward while the receiver runs purges nothing early.
      const wallAtStart = Date.now();
      const monotonicAtStart = performance.now();
      timer = setInterval(() => {
        const now = new Date(wallAtStart + (performance.now() - monotonicAtStart));
        dailyPurge(app.store, dirs, config, now).then(
          (purged) => log(purged, 'retention: daily purge'),
          (error: unknown) => app.log.error({ err: error }, 'retention: purge failed'),
        );
      }, config.purgeIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'retention', dependencies: ['store'] },
);
