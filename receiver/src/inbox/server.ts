import { previewDir, type PublishDeps } from '../publish/engine';
import siteRoutes from './site-routes';
import sitePreviewRoute from './site-preview-route';
import { sitePublishing } from './site-publishing';
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from '../config';
import { parseForm } from '../form-body';
import { schemaController } from '../schema-compilers';
import { NBSP } from '../facts';
import type { Db } from '../store/db';
import type { Layout } from '../store/storage';
import accountRoutes from './account-routes';
import authRoutes, { FailedSignIns } from './auth-routes';
import terminationPages from './termination-pages';
import devisPages from './devis-pages';
import devisRemindRoute from './devis-remind-route';
import devisRevokeRoute from './devis-revoke-route';
import reviewPages from './review-pages';
import devisProofRoute from './devis-proof-route';
import figuresRoute from './figures-route';
import requestPages from './request-pages';
import dataRoutes from './data-routes';
import devisPdfRoutes from './devis-pdf-routes';
import { Ceremonies } from './passkeys';
import { notFoundOnMalformedAddress } from './not-found';
import { href, INBOX_PREFIX } from './paths';
import { readSession, sessionCookieValue } from './sessions';
import { FORGED_FORM, sameSecret } from './csrf';
import { declareSignedIn, setSignedIn, signedIn } from './signed-in';
import staffNoticeRoute from './staff-notice-route';
import staticFiles from './static-files';
import { PERMISSIONS_POLICY } from './permissions-policy';

/**
 * The team's inbox: its own Fastify instance, listening on QUOTE_INBOX_PORT beside the public listener
 * (which never answers an inbox path). Every route is registered under INBOX_PREFIX (paths.ts). Public
 * routes are few: the sign-in and enrolment pages, their WebAuthn endpoints, the passkey scripts and the
 * stylesheet. Every other route lives in ONE encapsulated guarded plugin whose onRequest hook refuses a
 * request without a live session, and whose preValidation hook checks the anti-forgery token of every
 * POST: a route added there cannot be left open by mistake.
 *
 * On the whole instance: every POST must come from the inbox's own origin (Origin header); every answer
 * carries the security headers (@fastify/helmet: a strict CSP without inline script, no framing, no
 * referrer; and no cache, no index); params, query and body are checked against each route's TypeBox
 * schema (schemas.ts) and reach the handler typed.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the inbox, as the router registered it (the attacker tests try each). */
    inboxRoutes: { method: string; url: string }[];
  }
}

export type InboxDeps = {
  config: Config;
  db: Db;
  dirs: Layout;
  log: FastifyBaseLogger;
  /** Wakes the outbox worker after a mail was queued. */
  wakeOutbox: () => void;
  /** The site's publication engine (publish/), undefined when it is off: « Le site » says so. */
  publishing?: PublishDeps;
  /** The clock (tests pass their own: time is moved, never waited for). */
  now?: () => Date;
};

/** The inbox's Content-Security-Policy: scripts and styles from the inbox only, never inline; no framing. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * @fastify/helmet's settings: its defaults (nosniff, same-origin opener and resource policies, …) with the
 * inbox's CSP, no referrer at all, no framing, and HSTS only when the inbox is published over HTTPS.
 */
export function helmetOptions(inboxUrl: URL) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'no-referrer' as const },
    xFrameOptions: { action: 'deny' as const },
    strictTransportSecurity:
      inboxUrl.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: false } : (false as const),
  };
}

/** What helmet does not set: no answer of the inbox is cached or indexed; no browser feature it does not use. */
const PRIVATE_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** A refusal: a French sentence, as text (the inbox's forms are plain HTML). */
export function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(message);
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
  const limits = { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };

  const app = Fastify({
    loggerInstance: deps.log.child({ listener: 'inbox' }),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
    schemaController,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const routes: { method: string; url: string }[] = [];
  app.decorate('inboxRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(PRIVATE_HEADERS);
    return payload;
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
    // A passkey endpoint's answer is read by the passkey script, which shows its message.
    if (String(request.headers['content-type']).startsWith('application/json')) {
      return reply.code(status).send({ message: `La demande a été refusée${NBSP}: rechargez la page et recommencez.` });
    }
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
    fromEmail: config.fromEmail,
    wakeOutbox: deps.wakeOutbox,
  };
  // Registered first: its onRequest hook sets the headers before any other hook can answer.
  void app.register(helmet, helmetOptions(inboxUrl));
  // Signed cookies (reply.setCookie(…, { signed: true })) use a key drawn at each start: what they carry
  // lives minutes (a ceremony), never past a restart. The session cookie is a random id, not signed.
  void app.register(cookie, { secret: randomBytes(32) });
  // Every form's line ends as LF (form-body.ts), before any rule reads them.
  void app.register(formbody, { parser: parseForm });
  void app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Trop de tentatives depuis cette adresse${NBSP}: réessayez dans ${Math.ceil(context.ttl / 60_000)}${NBSP}min.`,
    }),
  });

  void app.register(
    async (inbox) => {
      // Every state-changing request, public or not, comes from the inbox's own pages.
      inbox.addHook('onRequest', async (request, reply) => {
        if (!STATE_CHANGING.has(request.method)) return;
        if (!fromInbox(request.headers, inboxUrl.origin)) {
          return refuse(reply, 403, `Requête refusée${NBSP}: elle ne vient pas d’une page de la boîte de réception.`);
        }
      });
      await inbox.register(staticFiles);
      await inbox.register(authRoutes, auth);
      await inbox.register(staffNoticeRoute, { config });

      // The guarded scope: nothing in here answers without a live session.
      await inbox.register(async (guarded) => {
        declareSignedIn(guarded);
        // An address parameter of another shape than ours names nothing: the same French 404 page.
        guarded.setErrorHandler(notFoundOnMalformedAddress);
        guarded.addHook('onRequest', async (request, reply) => {
          const value = sessionCookieValue(request, inboxUrl);
          const session = await readSession(db, value, clock().getTime(), limits);
          if (!session || !value) {
            if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(href.signIn, 303);
            return refuse(reply, 401, `Vous n’êtes pas connecté, ou votre session a expiré${NBSP}: reconnectez-vous.`);
          }
          setSignedIn(request, { member: session.member, csrfToken: session.csrfToken, sessionCookie: value });
        });
        // Once the body is parsed, before it is validated: every state-changing request carries the
        // session's anti-forgery token (a forged form is refused as such, whatever its fields).
        guarded.addHook('preValidation', async (request, reply) => {
          if (!STATE_CHANGING.has(request.method)) return;
          // A form that sends a file (« Photos ») is multipart, its body not read yet: its route reads it and
          // checks the token before it acts on anything (site-photos.ts, `readsOwnCsrf`).
          if (request.routeOptions.config.readsOwnCsrf && request.isMultipart()) return;
          const body = request.body as Record<string, unknown> | undefined;
          const token = typeof body?._csrf === 'string' ? body._csrf : request.headers['x-csrf-token'];
          if (typeof token !== 'string' || !sameSecret(token, signedIn(request).csrfToken)) {
            return refuse(reply, 403, FORGED_FORM);
          }
        });

        await guarded.register(accountRoutes, { ...auth, reauthMs: config.reauthMs });
        await guarded.register(requestPages, { config, db, dirs: deps.dirs, wakeOutbox: deps.wakeOutbox, now: clock });
        await guarded.register(dataRoutes, { config, db, now: clock });
        await guarded.register(figuresRoute, { config, db, now: clock });
        await guarded.register(terminationPages, { db, now: clock });
        await guarded.register(devisPages, { config, db, wakeOutbox: deps.wakeOutbox, now: clock });
        await guarded.register(devisPdfRoutes, { config, db, now: clock });
        await guarded.register(devisRemindRoute, { config, db, wakeOutbox: deps.wakeOutbox, now: clock });
        await guarded.register(devisRevokeRoute, { db, now: clock });
        await guarded.register(devisProofRoute, { config, db });
        const publishing = deps.publishing;
        await guarded.register(reviewPages, { config, db, publishing, wakeOutbox: deps.wakeOutbox, now: clock });
        await guarded.register(siteRoutes, { db, publishing: sitePublishing(publishing), now: clock });
        await guarded.register(sitePreviewRoute, {
          previewDir: async (id) => (publishing ? previewDir(publishing, id) : undefined),
        });
      });
    },
    { prefix: INBOX_PREFIX },
  );

  return app;
}
