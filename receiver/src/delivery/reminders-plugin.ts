import fp from 'fastify-plugin';
import { backfillDeadlines, startReminders, type Reminders } from './reminders';

/**
 * The reminders' scheduler (delivery/reminders.ts): when the app is ready, the requests stored before the
 * inbox get their deadline, then the scheduler queues the reminders, late mails and digests that fall due
 * into the outbox (the app is ready once the first pass is over), and wakes it. Stopped when the app closes, before the outbox and the store.
 */
export default fp(
  async (app) => {
    let reminders: Reminders | undefined;
    app.addHook('onReady', async () => {
      const filled = await backfillDeadlines(app.store);
      if (filled > 0) app.log.info({ requests: filled }, 'deadlines given to requests stored before the inbox');
      reminders = startReminders(app.store, app.config, () => app.outbox.wake(), app.log);
      // Ready once the first pass has queued what fell due while the receiver was stopped.
      await reminders.idle();
    });
    app.addHook('onClose', async () => reminders?.stop());
  },
  { name: 'reminders', dependencies: ['store', 'outbox'] },
);
