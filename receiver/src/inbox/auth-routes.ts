import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { InStatement } from '@libsql/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { NBSP, site } from '../facts';
import type { Db } from '../store/db';
import { auditStatement, recordAudit } from '../store/audit';
import { claimEnrolmentStatements, findEnrolment, isConstraintError, memberById } from '../store/members';
import { credentialById } from '../store/passkeys';
import {
  authenticationOptions,
  challengeOf,
  deviceName,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  type Ceremonies,
  type RelyingParty,
} from './passkeys';
import { href, ROUTES } from './paths';
import { AuthenticationBody, OptionsBody, RegistrationBody, SecretParams, SignInQuery } from './schemas';
import { createSession } from '../store/sessions';
import { readSession, sessionCookieValue, setSessionCookie, type SessionLimits } from './sessions';
import { EnrolmentGonePage, EnrolPage } from './ui/enrol-page';
import { sendPage } from './ui/render';
import { SignInPage } from './ui/sign-in-page';

/**
 * The inbox's public routes, outside the guard, few and small: the sign-in page and its two WebAuthn
 * endpoints, and the enrolment page of a link and its two endpoints (the scripts they load are static
 * files: static-files.ts). The endpoints take and give JSON, checked by their schemas (schemas.ts); a
 * refusal is a 4xx with a French `message` that the passkey script shows.
 */

/** Sign-in attempts per client address (all people together) in SIGN_IN_WINDOW. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 30;
/** Failed sign-ins for one person from one address before that address is refused for that person. */
export const FAILURES_PER_PERSON = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins per person, counted per (person, address): a stranger who fails five times with a
 * person's passkey id locks out only their own address, never the person on their phone.
 */
export class FailedSignIns {
  readonly #entries = new Map<string, { count: number; since: number }>();

  #key(userId: number, address: string): string {
    return `${userId} ${address}`;
  }

  blocked(userId: number, address: string, now: number): boolean {
    const entry = this.#entries.get(this.#key(userId, address));
    return entry !== undefined && now - entry.since < SIGN_IN_WINDOW_MS && entry.count >= FAILURES_PER_PERSON;
  }

  fail(userId: number, address: string, now: number): void {
    const key = this.#key(userId, address);
    const entry = this.#entries.get(key);
    if (!entry || now - entry.since >= SIGN_IN_WINDOW_MS) this.#entries.set(key, { count: 1, since: now });
    else entry.count += 1;
    if (this.#entries.size > 10_000) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  clear(userId: number, address: string): void {
    this.#entries.delete(this.#key(userId, address));
  }
}

export type AuthRoutesOptions = {
  db: Db;
  inboxUrl: string;
  clock: () => Date;
  ceremonies: Ceremonies;
  failures: FailedSignIns;
  sessionAbsoluteMs: number;
  sessionLimits: SessionLimits;
  /** The mails' sender (the announcement of a new passkey). */
  fromEmail: string;
  /** Wakes the outbox worker after a mail was queued. */
  wakeOutbox: () => void;
};

function refuseJson(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

/** Signs a member in: a new session (the one the browser presented, if any, ends), its cookie set. */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  options: AuthRoutesOptions,
  userId: number,
  extra: InStatement[],
  now: number,
): Promise<FastifyReply> {
  const url = new URL(options.inboxUrl);
  const { cookieValue } = await createSession(options.db, userId, now, {
    replacing: sessionCookieValue(request, url),
    extra,
  });
  setSessionCookie(reply, url, cookieValue, options.sessionAbsoluteMs / 1000);
  return reply.send({ redirect: href.list });
}

const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const { db, ceremonies, failures } = options;
  const rp: RelyingParty = relyingParty(options.inboxUrl, `${site.name} – boîte de réception`);
  const now = () => options.clock().getTime();
  const perAddress = { rateLimit: { max: SIGN_IN_ATTEMPTS_PER_ADDRESS, timeWindow: SIGN_IN_WINDOW_MS } };

  app.get(ROUTES.signIn, { schema: { querystring: SignInQuery } }, async (request, reply) => {
    // Already signed in (a bookmark, the back button): straight to the inbox.
    const cookie = sessionCookieValue(request, new URL(options.inboxUrl));
    if (await readSession(db, cookie, now(), options.sessionLimits)) return reply.redirect(href.list, 303);
    const notice = request.query.deconnecte !== undefined ? 'Session fermée.' : undefined;
    return sendPage(
      reply,
      createElement(SignInPage, { optionsPath: href.signInOptions, verifyPath: href.signInVerify, notice }),
    );
  });

  app.post(ROUTES.signInOptions, { config: perAddress, schema: { body: OptionsBody } }, async (_request, reply) => {
    const options = await authenticationOptions(rp);
    reply.header('set-cookie', ceremonies.bind(options.challenge, { kind: 'sign_in' }, now()));
    return options;
  });

  const verifySignIn = { config: perAddress, schema: { body: AuthenticationBody } };
  app.post(ROUTES.signInVerify, verifySignIn, async (request, reply) => {
    const at = now();
    const response = request.body;
    const refused = async (status: number, message: string, detail: string, userId: number | null = null) => {
      await recordAudit(db, { userId, action: 'sign_in_refused', detail }, at);
      return refuseJson(reply, status, message);
    };
    const challenge = challengeOf(response);
    const purpose = ceremonies.read(request.headers.cookie, challenge, at);
    reply.header('set-cookie', ceremonies.clear());
    if (purpose?.kind !== 'sign_in' || !challenge) {
      return refused(400, `La demande de connexion a expiré${NBSP}: réessayez.`, 'challenge');
    }
    const unknown = 'Cette clé d’accès n’est pas reconnue par la boîte de réception.';
    const credential = await credentialById(db, response.id);
    if (!credential) return refused(401, unknown, 'unknown_credential');
    const member = await memberById(db, credential.userId);
    if (!member) return refused(401, unknown, 'no_member');
    // The signature first: until it is checked, the answer proves nothing, so it learns nothing about the
    // member (disabled, locked out) and writes nothing in their name.
    const handle = response.response.userHandle;
    const counter =
      handle === undefined || handle === member.webauthnUserId
        ? await verifyAuthentication(rp, response, challenge, credential, at)
        : undefined;
    if (!counter) {
      failures.fail(member.id, request.ip, at);
      return refused(401, `La clé d’accès n’a pas pu être vérifiée${NBSP}: réessayez.`, 'verification');
    }
    if (failures.blocked(member.id, request.ip, at)) {
      return refused(429, `Trop d’essais manqués${NBSP}: réessayez dans un quart d’heure.`, 'rate_limited', member.id);
    }
    if (member.disabledAt !== null) {
      return refused(
        403,
        `Ce compte est désactivé${NBSP}: adressez-vous au responsable de la boîte.`,
        'disabled',
        member.id,
      );
    }
    if (!ceremonies.spend(challenge, at)) {
      return refused(400, `La demande de connexion a expiré${NBSP}: réessayez.`, 'replay', member.id);
    }
    failures.clear(member.id, request.ip);
    return signIn(
      request,
      reply,
      options,
      member.id,
      [counter, auditStatement({ userId: member.id, action: 'sign_in' }, at)],
      at,
    );
  });

  const gone = `Ce lien d’inscription a déjà servi ou a expiré${NBSP}: demandez-en un nouveau.`;

  const enrolRoute = { config: perAddress, schema: { params: SecretParams } };
  app.get(ROUTES.enrol, enrolRoute, async (request, reply) => {
    const { secret } = request.params;
    const enrolment = await findEnrolment(db, secret, now());
    if (!enrolment) return sendPage(reply, createElement(EnrolmentGonePage), 410);
    return sendPage(
      reply,
      createElement(EnrolPage, {
        name: enrolment.member.name,
        optionsPath: href.enrolOptions(secret),
        verifyPath: href.enrolVerify(secret),
      }),
    );
  });

  const enrolOptions = { config: perAddress, schema: { params: SecretParams, body: OptionsBody } };
  app.post(ROUTES.enrolOptions, enrolOptions, async (request, reply) => {
    const { secret } = request.params;
    const at = now();
    const enrolment = await findEnrolment(db, secret, at);
    if (!enrolment) return refuseJson(reply, 410, gone);
    const options = await registrationOptions(db, rp, enrolment.member);
    const purpose = { kind: 'enrolment', userId: enrolment.member.id, tokenHash: enrolment.tokenHash } as const;
    reply.header('set-cookie', ceremonies.bind(options.challenge, purpose, at));
    return options;
  });

  const enrolVerify = { config: perAddress, schema: { params: SecretParams, body: RegistrationBody } };
  app.post(ROUTES.enrolVerify, enrolVerify, async (request, reply) => {
    const { secret } = request.params;
    const at = now();
    const response = request.body;
    const challenge = challengeOf(response);
    const purpose = ceremonies.read(request.headers.cookie, challenge, at);
    reply.header('set-cookie', ceremonies.clear());
    const enrolment = await findEnrolment(db, secret, at);
    if (!enrolment) return refuseJson(reply, 410, gone);
    if (purpose?.kind !== 'enrolment' || purpose.tokenHash !== enrolment.tokenHash || !challenge) {
      return refuseJson(reply, 400, `La demande a expiré${NBSP}: rechargez la page et recommencez.`);
    }
    const userId = enrolment.member.id;
    const store = await verifyRegistration(
      rp,
      response,
      challenge,
      userId,
      at,
      deviceName(request.headers['user-agent']),
      options.fromEmail,
    );
    if (!store) return refuseJson(reply, 400, `La clé d’accès n’a pas pu être vérifiée${NBSP}: réessayez.`);
    if (!ceremonies.spend(challenge, at)) {
      return refuseJson(reply, 400, `La demande a expiré${NBSP}: rechargez la page et recommencez.`);
    }
    // The passkey, the link marked used and the session commit together: a second request with the same
    // link, even at the same moment, rolls back whole, and a passkey that cannot be stored leaves the link
    // usable.
    try {
      const answer = await signIn(
        request,
        reply,
        options,
        userId,
        [...store, ...claimEnrolmentStatements(enrolment.tokenHash, userId, at)],
        at,
      );
      options.wakeOutbox();
      return answer;
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      if (!(await findEnrolment(db, secret, at))) return refuseJson(reply, 410, gone);
      return refuseJson(
        reply,
        409,
        `Cette clé d’accès n’a pas pu être enregistrée${NBSP}: rechargez la page et recommencez.`,
      );
    }
  });
};

export default authRoutes;
