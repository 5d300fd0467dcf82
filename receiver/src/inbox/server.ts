import { timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../store/db';
import type { Layout } from '../store/storage';
import accountRoutes from './account-routes';
import authRoutes, { FailedSignIns, SIGN_IN_PATH } from './auth-routes';
import pages from './pages';
import figuresRoute from './figures-route';
import { Ceremonies } from './passkeys';
import { readCookie, readSession, sessionCookie, type Member } from './sessions';
import stylesheetRoute from './ui/stylesheet-route';

/**
 * The team's inbox: its own Fastify instance, listening on QUOTE_INBOX_PORT beside the public listener
 * (which never answers a /gestion/ path). Public routes are few: the sign-in and enrolment pages, their
 * WebAuthn endpoints, the passkey script and the stylesheet. Every other route lives in ONE encapsulated
 * guarded plugin whose onRequest hook refuses a request without a live session, and whose preHandler
 * checks the anti-forgery token of every POST: a route added there cannot be left open by mistake.
 *
 * On the whole instance: every POST must come from the inbox's own origin (Origin header), and every
 * answer carries the security headers (no cache, no index, a strict CSP without inline script, no
 * framing, no referrer).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the inbox, as the router registered it (the attacker tests try each). */
    inboxRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The signed-in member (set by the inbox's guard). */
    member: { id: number; name: string; email: string };
    /** The session's anti-forgery token, carried by every form as _csrf (checked by the guard). */
    csrfToken: string;
    /** The session cookie's value, so that sign-out ends this session. */
    sessionCookie: string;
  }
}

export type InboxDeps = {
  config: Config;
  db: Db;
  dirs: Layout;
  log: FastifyBaseLogger;
  /** Wakes the outbox worker after a mail was queued. */
  wakeOutbox: () => void;
  /** The clock (tests pass their own: time is moved, never waited for). */
  now?: () => Date;
};

export const INBOX_PATH = '/gestion/';

/** The inbox's Content-Security-Policy: scripts and styles from the inbox only, never inline; no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer of the inbox, whatever its route or status. */
export function securityHeaders(inboxUrl: URL): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(inboxUrl.protocol === 'https:' ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** A refusal: a French sentence, as text (the inbox's forms are plain HTML). */
export function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(message);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a state-changing request comes from the inbox's own pages. Its Origin must be the inbox's. One
 * exception, forced by our own Referrer-Policy: no-referrer makes browsers send `Origin: null` with a form's
 * POST (Fetch standard, « serializing a request origin »); such a request is accepted only when the
 * browser also says it is same-origin in Sec-Fetch-Site, a header no page can set. A request of another
 * site carries its own origin, or `Sec-Fetch-Site: cross-site`.
 */
export function fromInbox(headers: Record<string, string | string[] | undefined>, origin: string): boolean {
  if (headers.origin === origin) return true;
  return headers.origin === 'null' && headers['sec-fetch-site'] === 'same-origin';
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function buildInbox(deps: InboxDeps): FastifyInstance {
  const { config, db } = deps;
  const inboxUrl = new URL(config.inboxUrl);
  const clock = deps.now ?? (() => new Date());
  const cookie = sessionCookie(inboxUrl);
  const limits = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };

  const app = Fastify({
    loggerInstance: deps.log.child({ listener: 'inbox' }),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
  });
  app.decorateRequest('member', null as unknown as Member);
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('sessionCookie', '');
  const routes: { method: string; url: string }[] = [];
  app.decorate('inboxRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const headers = securityHeaders(inboxUrl);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });

  // Every state-changing request, public or not, comes from the inbox's own pages.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!fromInbox(request.headers, inboxUrl.origin)) {
      return refuse(reply, 403, 'Requête refusée : elle ne vient pas d’une page de la boîte de réception.');
    }
  });

  app.setNotFoundHandler((_request, reply) => refuse(reply, 404, 'Cette page n’existe pas.'));
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'inbox: unexpected error');
      return refuse(reply, 500, 'Une erreur est survenue. Réessayez dans un instant.');
    }
    // Only the rate limit's message is ours (French); any other client error gets a sentence of ours.
    if (status === 429) return reply.code(429).send({ message: (error as Error).message });
    return refuse(reply, status, status === 413 ? 'Requête trop grande.' : 'Requête refusée.');
  });

  const auth = {
    db,
    inboxUrl: config.inboxUrl,
    clock,
    ceremonies: new Ceremonies(config.inboxUrl),
    failures: new FailedSignIns(),
    sessionAbsoluteMs: config.sessionAbsoluteMs,
    sessionLimits: limits,
  };
  void app.register(formbody);
  void app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Trop de tentatives depuis cette adresse : réessayez dans ${Math.ceil(context.ttl / 60_000)} min.`,
    }),
  });
  void app.register(stylesheetRoute);
  void app.register(authRoutes, auth);

  // The guarded scope: nothing in here answers without a live session.
  void app.register(async (guarded) => {
    guarded.addHook('onRequest', async (request, reply) => {
      const value = readCookie(request.headers.cookie, cookie.name);
      const session = await readSession(db, value, clock().getTime(), limits);
      if (!session || !value) {
        if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(SIGN_IN_PATH, 303);
        return refuse(reply, 401, 'Vous n’êtes pas connecté, ou votre session a expiré : reconnectez-vous.');
      }
      request.member = session.member;
      request.csrfToken = session.csrfToken;
      request.sessionCookie = value;
    });
    // After the body is parsed: every state-changing request carries the session's anti-forgery token.
    guarded.addHook('preHandler', async (request, reply) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const body = request.body as Record<string, unknown> | undefined;
      const token = typeof body?._csrf === 'string' ? body._csrf : request.headers['x-csrf-token'];
      if (typeof token !== 'string' || !sameSecret(token, request.csrfToken)) {
        return refuse(reply, 403, 'Requête refusée : le formulaire a expiré. Rechargez la page et recommencez.');
      }
    });

    await guarded.register(accountRoutes, { ...auth, reauthMs: config.reauthMs });
    await guarded.register(pages, { config, db, dirs: deps.dirs, wakeOutbox: deps.wakeOutbox, now: clock });
    await guarded.register(figuresRoute, { db, now: clock });
  });

  return app;
}
