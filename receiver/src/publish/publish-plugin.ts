import fp from 'fastify-plugin';
import { markerPrefixOf, settleRunning, type PublishDeps } from './engine';
import { stopRunningCommands } from './process';
import { recoverPublications } from './recover';
import { startReviewsPass } from './reviews';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the inbox's « Le site » pages pass to the engine; undefined when publication is off (SITE_*). */
    publishing: PublishDeps | undefined;
  }
}

/**
 * The site's publication (docs/publication.md): when it is on, a publication a stopped receiver left is
 * cleaned up when the app is ready (recover.ts); when the app closes, the commands of a publication still
 * running are killed with their process groups, and each publication undoes itself before the store closes
(what a crash leaves, the next start cleans up).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const publishing = config.site && { db: app.store, site: config.site, fromEmail: config.fromEmail };
    app.decorate('publishing', publishing);
    let reviews: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      if (!publishing) return;
      const recovered = await recoverPublications(publishing);
      if (recovered !== undefined)
        app.log.warn({ publication: recovered }, 'publish: interrupted publication cleaned up');
      // The reviews on the site follow the store (publish/reviews.ts): a publication whenever they lag.
      reviews = startReviewsPass(publishing, app.log);
    });
    app.addHook('onClose', async () => {
      reviews?.stop();
      if (!publishing) return;
      stopRunningCommands(markerPrefixOf(publishing.site));
      await settleRunning(publishing.site);
    });
  },
  { name: 'publish', dependencies: ['store'] },
);
