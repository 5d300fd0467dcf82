import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { QUOTE_RECEIVER_PATH } from '@/content/quote-settings';
import { addMember } from '../receiver/src/store/members';
import { openDb, type Db } from '../receiver/src/store/db';
import { layout, type Layout } from '../receiver/src/store/storage';
import { ENDPOINT_BUILD_DIR } from '../playwright.config';
import { startInboxReceiver, type InboxReceiver } from './inbox-receiver';
import { startReceiverStack, type ReceiverStack } from './receiver-process';
import { startNginx, type Nginx } from './servers';
import type { Smtp } from '../receiver/test/smtp';
import { startMailingSiteStack, startSiteStack, type SiteStack } from './site-stack';

/**
 * The servers a spec starts once per worker and shares between its tests (a receiver, nginx, an SMTP
 * server), all declared here, on the one test type every spec builds on (./fixtures.ts builds on it too).
 *
 * Why in one place: Playwright runs a test only in a worker whose worker-scoped fixtures were declared at the
 * same places (its « worker hash »). When each spec declared its own, each got workers of its own: 19 worker
 * processes for the suite instead of 4 (one pair for each project), each starting Node, loading the specs and
 * launching Chromium again: the browser stage took 280 s, 261 s once they were shared. A worker fixture still starts only when a test
 * asks for it, once in the worker, and stops when the worker ends; each spec has its own, as before (a test
 * never meets another spec's data), and names it as it likes with a test-scoped alias.
 */
export type InboxStore = { inbox: InboxReceiver; db: Db; dirs: Layout; memberId: number };

export type WorkerServers = {
  /** A receiver for e2e/inbox-auth.spec.ts: its inbox on a free port. */
  authInbox: InboxReceiver;
  /** A receiver for e2e/inbox-devis.spec.ts. */
  devisInbox: InboxReceiver;
  /** A receiver for e2e/inbox-pages.spec.ts, its store opened here and a member added to it. */
  pagesInbox: InboxStore;
  /** nginx serving out/ with the project's config (e2e/nginx.spec.ts). */
  nginxOut: Nginx;
  /** nginx serving the build with the company's own photos (e2e/nginx.spec.ts). */
  nginxOwnPhotos: Nginx;
  /** The build that posts to the receiver, behind nginx, the receiver and an SMTP server (e2e/receiver.spec.ts). */
  quoteStack: ReceiverStack;
  /** out/ behind nginx, the receiver publishing the devis' pages, an SMTP server (e2e/votre-devis.spec.ts). */
  devisStack: ReceiverStack;
  /** A receiver publishing the site from its own checkout, and the site it serves (e2e/site-publication.spec.ts). */
  siteStack: SiteStack;
  /** The same, its receiver mailing to a real SMTP server (e2e/site-reviews.spec.ts). */
  reviewsStack: SiteStack & { mailbox: Smtp };
};

/** The default build (npm run build). */
export const OUT_DIR = join(__dirname, '..', 'out');

/** A server started for a worker the first time one of its tests asks for it, and stopped when the worker ends. */
function perWorker<T extends { stop: () => Promise<void> }>(
  start: () => Promise<T>,
  timeout = 60_000,
): [(args: object, use: (server: T) => Promise<void>) => Promise<void>, { scope: 'worker'; timeout: number }] {
  return [
    async ({}, use) => {
      const server = await start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout },
  ];
}

export const test = base.extend<object, WorkerServers>({
  authInbox: perWorker(() => startInboxReceiver()),
  devisInbox: perWorker(() => startInboxReceiver()),
  pagesInbox: [
    async ({}, use) => {
      const inbox = await startInboxReceiver();
      const db = await openDb(inbox.dataDir, 5_000);
      const { member } = await addMember(db, { name: 'Léa Martin', email: 'lea@entreprise.test' }, Date.now());
      await use({ inbox, db, dirs: layout(inbox.dataDir), memberId: member.id });
      db.close();
      await inbox.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  nginxOut: perWorker(() => startNginx(OUT_DIR)),
  nginxOwnPhotos: perWorker(() => startNginx(ENDPOINT_BUILD_DIR)),
  quoteStack: perWorker(
    () => startReceiverStack(ENDPOINT_BUILD_DIR, { quoteEndpoint: QUOTE_RECEIVER_PATH, name: 'receiver-e2e' }),
    90_000,
  ),
  devisStack: perWorker(() => startReceiverStack(OUT_DIR, { quoteEndpoint: null, name: 'votre-devis-e2e' }), 90_000),
  // A clone of the repository and its links to the installed packages: a few seconds, more on a loaded machine.
  siteStack: perWorker(startSiteStack, 120_000),
  reviewsStack: perWorker(startMailingSiteStack, 120_000),
});
