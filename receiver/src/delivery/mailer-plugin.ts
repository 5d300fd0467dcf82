import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends a mail through the relay (SMTP_URL), or writes it as an .eml file in the outbox folder. */
    mailer: Mailer;
  }
}

/** The mailer: one pooled SMTP connection (or .eml files without SMTP_URL), closed when the app closes. */
export default fp(
  async (app) => {
    const mailer = createMailer(app.config, app.dirs);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
