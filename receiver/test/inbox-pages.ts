import type { PublishDeps } from '../src/publish/engine';
import type { TestContext } from 'node:test';
import Fastify, { type FastifyInstance, type LightMyRequestResponse as Response } from 'fastify';
import { DomUtils } from 'htmlparser2';
import { attribute, elements, firstElement, parseHtml, textOf, type HtmlDocument } from '../../scripts/html';
import { loadConfig } from '../src/config';
import { addMember } from '../src/store/members';
import { buildInbox } from '../src/inbox/server';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import { openDb, type Db } from '../src/store/db';
import { ensureLayout, layout, type Layout } from '../src/store/storage';
import { removeDir, storeDir, testEnv } from './helpers';

/**
 * The inbox's pages on a fresh data folder, through A's buildInbox (the guard, the anti-forgery token and
 * the origin check included), signed in as a member with a real session, on a fixed clock.
 */

/** Tuesday 24 November 2026, 9 h in Paris. */
export const NOW = new Date('2026-11-24T08:00:00Z');

export type Pages = {
  app: FastifyInstance;
  dataDir: string;
  db: Db;
  dirs: Layout;
  member: { id: number; name: string };
  colleague: { id: number; name: string };
  /** How many times the outbox was woken. */
  wakes: () => number;
  get: (url: string) => Promise<Response>;
  /** A HEAD request, as a browser or a link checker may send before a GET. */
  head: (url: string) => Promise<Response>;
  /** The inbox's origin, which every POST carries. */
  origin: string;
  /** A form posted as the browser does: its fields, the session's token, the inbox's origin. */
  post: (url: string, fields?: Record<string, string>) => Promise<Response>;
};

export async function pagesApp(
  t: TestContext,
  now: Date = NOW,
  env: Record<string, string> = {},
  /** The site's publication engine on this store (inbox-site.test.ts), off by default. */
  publishing?: (db: Db) => PublishDeps,
): Promise<Pages> {
  const dataDir = await storeDir('inbox-pages-');
  const config = loadConfig(testEnv(dataDir, env));
  const dirs = layout(dataDir);
  await ensureLayout(dirs);
  const db = await openDb(dataDir, config.dbBusyTimeoutMs);
  let wakes = 0;
  const app = buildInbox({
    config,
    db,
    dirs,
    log: Fastify({ logger: false }).log,
    wakeOutbox: () => (wakes += 1),
    now: () => now,
    publishing: publishing?.(db),
  });
  t.after(async () => {
    await app.close();
    db.close();
    await removeDir(dataDir);
  });
  const { member } = await addMember(db, { name: 'Léa Roux', email: 'lea@entreprise.test' }, now.getTime());
  const { member: colleague } = await addMember(
    db,
    { name: 'Marc Blanc', email: 'marc@entreprise.test' },
    now.getTime(),
  );
  const session = await createSession(db, member.id, now.getTime());
  const cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
  const origin = new URL(config.inboxUrl).origin;
  return {
    app,
    dataDir,
    db,
    dirs,
    member,
    colleague,
    wakes: () => wakes,
    origin,
    get: (url) => app.inject({ method: 'GET', url, headers: { cookie } }),
    head: (url) => app.inject({ method: 'HEAD', url, headers: { cookie } }),
    post: (url, fields = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString(),
      }),
  };
}

export function page(response: Response): HtmlDocument {
  return parseHtml(response.body);
}

/** The value a request's page shows for a field (the <dd> after the <dt> of that label). */
export function field(document: HtmlDocument, label: string): string | undefined {
  const term = firstElement(document, (element) => element.name === 'dt' && textOf(element) === label);
  const value = term && DomUtils.nextElementSibling(term);
  return value ? textOf(value) : undefined;
}

/** The message a page announces after a redirect (role="status"). */
export function statusMessage(response: Response): string | undefined {
  const element = firstElement(page(response), (candidate) => attribute(candidate, 'role') === 'status');
  return element && textOf(element);
}

/**
 * A devis editor's fields as the browser posts them: the values shown, changed by `changes` (a field given
 * `undefined` is left out). The anti-forgery token and the price list's picker are not among them.
 */
export function formOf(response: Response, changes: Record<string, string | undefined> = {}): Record<string, string> {
  const document = page(response);
  const fields: Record<string, string> = {};
  for (const element of elements(document, (e) => ['input', 'textarea', 'select'].includes(e.name))) {
    const name = attribute(element, 'name');
    if (!name || name === '_csrf' || name === 'tarif') continue;
    const type = attribute(element, 'type');
    if (type === 'radio' || type === 'checkbox') {
      if (attribute(element, 'checked') !== undefined) fields[name] = attribute(element, 'value') ?? 'on';
    } else if (element.name === 'select') {
      const options = elements(element, (e) => e.name === 'option');
      const chosen = options.find((o) => attribute(o, 'selected') !== undefined) ?? options[0];
      fields[name] = chosen ? (attribute(chosen, 'value') ?? '') : '';
    } else if (element.name === 'textarea') {
      fields[name] = textOf(parseHtml(`<p>${textOf(element)}</p>`));
    } else {
      fields[name] = attribute(element, 'value') ?? '';
    }
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[name];
    else fields[name] = value;
  }
  return fields;
}
