import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { SESSION_COOKIE } from '../receiver/src/inbox/sessions';
import { openDb, type Db } from '../receiver/src/store/db';
import { addMember, setManager } from '../receiver/src/store/members';
import { createSession } from '../receiver/src/store/sessions';
import { startSmtp, type Smtp } from '../receiver/test/smtp';
import { LOGS as PUBLICATION_LOGS_DIR } from '../receiver/src/publish/releases';
import { startInboxReceiver, type InboxReceiver } from './inbox-receiver';
import { freePort, stopProcess } from './servers';

/**
 * What e2e/site-publication.spec.ts publishes with: the receiver of `npm run receiver` with its publication
 * on; its checkout a clone of this repository (its committed state) with the installed packages linked in,
 * as the server's own `npm ci` would make it; its go-live check in the demonstration setting (this
 * repository's sample values are not the company's yet); a manager and a plain member in its store; and the
 * served site, SITE_RELEASES_DIR/current, each file opened through the link as nginx does.
 */
export type SiteStack = {
  inbox: InboxReceiver;
  db: Db;
  checkout: string;
  releases: string;
  /** The origin that serves SITE_RELEASES_DIR/current. */
  siteOrigin: string;
  managerId: number;
  memberId: number;
  stop: () => Promise<void>;
};

const ROOT = join(__dirname, '..');

/**
 * The logs of the stack's publications (the build's and the checks' output), kept in test-results/ when the
 * stack goes: a publication that failed in a test says « le journal … est dans » a folder removed since.
 */
function keepPublicationLogs(releases: string, name: string): void {
  const logs = join(releases, PUBLICATION_LOGS_DIR);
  if (existsSync(logs)) cpSync(logs, join(ROOT, 'test-results', 'publication-logs', name), { recursive: true });
}

/** `env` goes to the receiver, and so to the commands of its publications (a moved clock: e2e/site-cgv.spec.ts). */
export async function startSiteStack(env: Record<string, string> = {}): Promise<SiteStack> {
  const work = mkdtempSync(join(tmpdir(), 'site-publication-'));
  const checkout = join(work, 'checkout');
  const releases = join(work, 'releases');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, checkout]);
  execFileSync('git', ['-C', checkout, 'checkout', '--quiet', '-b', 'site']);
  // By hard links, node_modules/.cache/ included: the photo copies cached there spare each stack's first build
  // the encoding. Two stacks build at once (one per Playwright worker): whatever a build writes there is a new
  // file renamed into place (scripts/photos.ts, replaceFile), never written into a file the others share.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(checkout, 'node_modules')]);
  execFileSync('cp', ['-al', join(ROOT, 'receiver', 'node_modules'), join(checkout, 'receiver', 'node_modules')]);
  mkdirSync(releases);
  const inbox = await startInboxReceiver(undefined, {
    SITE_SOURCE_DIR: checkout,
    SITE_RELEASES_DIR: releases,
    SITE_DEMO: '1',
    ...env,
  });
  const db = await openDb(inbox.dataDir, 5_000);
  const now = Date.now();
  const managerId = (await addMember(db, { name: 'Claire Martin', email: 'claire@entreprise.test' }, now)).member.id;
  await setManager(db, managerId, true, now);
  const memberId = (await addMember(db, { name: 'Marc Blanc', email: 'marc@entreprise.test' }, now)).member.id;
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'scripts', 'serve-out.ts'),
      '--dir',
      join(releases, 'current'),
      '--port',
      String(port),
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  return {
    inbox,
    db,
    checkout,
    releases,
    siteOrigin: `http://127.0.0.1:${port}`,
    managerId,
    memberId,
    stop: async () => {
      await stopProcess(server);
      db.close();
      await inbox.stop();
      keepPublicationLogs(releases, basename(work));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** How long a test waits for one publication: the whole site's build (a minute on a loaded machine), then its check. */
export const PUBLICATION_MS = 240_000;

/** The sender of the mails of startMailingSiteStack's receiver. */
export const STACK_FROM_EMAIL = 'no-reply@entreprise.test';

/**
 * The stack of e2e/site-reviews.spec.ts: its receiver sends its mails from STACK_FROM_EMAIL to a real SMTP
 * server, `mailbox`, and its outbox looks for due mails every 100 ms (a mail queued by another process, the
 * test's, leaves at once).
 */
export async function startMailingSiteStack(): Promise<SiteStack & { mailbox: Smtp }> {
  const mailbox = await startSmtp();
  const stack = await startSiteStack({
    SMTP_URL: mailbox.url,
    QUOTE_FROM_EMAIL: STACK_FROM_EMAIL,
    QUOTE_OUTBOX_POLL_MS: '100',
  });
  return {
    ...stack,
    mailbox,
    stop: async () => {
      await stack.stop();
      await mailbox.stop();
    },
  };
}

/**
 * Signs the page in to the stack's inbox as `userId` (the manager by default): a session made in its store, at
 * `at` (the receiver's clock, when a spec moves it), its cookie given to the browser.
 */
export async function signInTo(stack: SiteStack, page: Page, userId = stack.managerId, at = Date.now()) {
  const { cookieValue } = await createSession(stack.db, userId, at);
  await page.context().addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: stack.inbox.url }]);
}
