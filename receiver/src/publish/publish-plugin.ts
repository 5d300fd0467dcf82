import fp from 'fastify-plugin';
import type { PublishDeps } from './engine';
import { stopRunningCommands } from './process';
import { recoverPublications } from './recover';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the inbox's « Le site » pages pass to the engine; undefined when publication is off (SITE_*). */
    publishing: PublishDeps | undefined;
  }
}

/**
 * The site's publication (docs/publication.md): when it is on, a publication a stopped receiver left is
 * cleaned up when the app is ready (recover.ts); when the app closes, the commands of a publication still
 * running are killed with their process groups, and the next start cleans up after them.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const publishing = config.site && { db: app.store, site: config.site, fromEmail: config.fromEmail };
    app.decorate('publishing', publishing);
    app.addHook('onReady', async () => {
      if (!publishing) return;
      const recovered = await recoverPublications(publishing);
      if (recovered !== undefined)
        app.log.warn({ publication: recovered }, 'publish: interrupted publication cleaned up');
    });
    app.addHook('onClose', async () => stopRunningCommands());
  },
  { name: 'publish', dependencies: ['store'] },
);
