import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { Config } from '../config';
import type { Db } from '../store/db';
import type { Layout } from '../store/storage';
import { listPage, type ListFilter } from './queries';
import { isStatus } from './statuses';
import { LIST_PATH, ListPage, SPAM_PATH } from './ui/list-page';
import { sendPage } from './ui/render';
import type { Member } from './ui/shell';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member (set by the inbox's guard). */
    member: { id: number; name: string; email: string };
    /** The session's anti-forgery token, carried by every form as _csrf (checked by the guard). */
    csrfToken: string;
  }
}

/** What the pages need from the inbox (a subset of buildInbox's deps). */
export type PagesOptions = {
  config: Config;
  db: Db;
  dirs: Layout;
  /** Wakes the outbox worker after a mail was queued (« Ce n'est pas un spam »). */
  wakeOutbox: () => void;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
};

type Query = Record<string, string | string[] | undefined>;

function one(query: Query, name: string): string | undefined {
  const value = query[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** The list's filter from its query string; a value the form does not offer is ignored. */
export function filterOf(query: Query, spam: boolean): ListFilter {
  const status = one(query, 'statut');
  const page = Number(one(query, 'page') ?? '1');
  return {
    spam,
    status: isStatus(status) ? status : undefined,
    service: one(query, 'prestation')?.slice(0, 100),
    town: one(query, 'lieu')?.slice(0, 100),
    search: one(query, 'q')?.slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

function memberOf(request: FastifyRequest): Member {
  return request.member;
}

/**
 * Every private page of the inbox. Registered by the inbox's server inside its guarded scope (no
 * fastify-plugin wrapper: the guard's hook covers each route here).
 */
export default async function pages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { db } = options;
  const clock = options.now ?? (() => new Date());

  for (const [path, spam] of [
    [LIST_PATH, false],
    [SPAM_PATH, true],
  ] as const) {
    app.get(path, async (request, reply) => {
      const filter = filterOf(request.query as Query, spam);
      const now = clock();
      const listing = await listPage(db, filter, now);
      return sendPage(
        reply,
        createElement(ListPage, { member: memberOf(request), csrfToken: request.csrfToken, filter, listing, now }),
      );
    });
  }
}
