import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { site } from '../facts';
import type { Db } from '../store/db';
import { auditStatement, recordAudit } from './audit';
import { SIGN_IN_PATH } from './auth-routes';
import { memberById } from './members';
import {
  authenticationOptions,
  challengeOf,
  credentialById,
  deviceName,
  passkeysOf,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  type Ceremonies,
} from './passkeys';
import { ceremonyStatement, deleteSession, lastCeremony, setCookieHeader } from './sessions';
import { DevicePage } from './ui/enrol-page';
import { sendPage } from './ui/render';
import { SIGN_OUT_PATH } from './ui/shell';

/**
 * A signed-in member's own routes, registered inside the guarded scope: sign-out, and « Mes appareils »:
 * their passkeys (device, added, last used), one removed, one added on another device. Adding a passkey asks
 * for a passkey ceremony within the last QUOTE_REAUTH_MINUTES (the sign-in, or a confirmation on this page):
 * a few minutes with an unlocked phone do not become a passkey that outlives the session. The guard has
 * checked the session, the Origin and the anti-forgery token.
 */

export const DEVICE_PATH = '/gestion/appareils';
export const DEVICE_OPTIONS_PATH = '/gestion/appareils/options';
export const DEVICE_VERIFY_PATH = '/gestion/appareils/verification';
export const CONFIRM_OPTIONS_PATH = '/gestion/appareils/confirmation/options';
export const CONFIRM_VERIFY_PATH = '/gestion/appareils/confirmation/verification';
export const REMOVE_PATH = '/gestion/appareils/retirer';

export type AccountRoutesOptions = {
  db: Db;
  inboxUrl: string;
  clock: () => Date;
  ceremonies: Ceremonies;
  reauthMs: number;
};

/** The notices « Mes appareils » shows after a redirect (?ajoute, ?retiree…). */
const NOTICES: Record<string, string> = {
  ajoute: 'Clé d’accès ajoutée.',
  confirme: 'C’est bien vous : vous pouvez ajouter une clé d’accès pendant quelques minutes.',
  retiree: 'Clé d’accès retirée : elle n’ouvre plus la boîte de réception.',
  derniere:
    'Votre dernière clé d’accès est retirée. Cette session reste ouverte ; pour vous reconnecter ensuite, demandez un nouveau lien d’inscription au responsable de la boîte.',
};

export default async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { db, ceremonies } = options;
  const rp = relyingParty(options.inboxUrl, `${site.name} – boîte de réception`);
  const now = () => options.clock().getTime();
  const fresh = async (cookieValue: string, at: number) => {
    const last = await lastCeremony(db, cookieValue);
    return last !== undefined && at - last <= options.reauthMs && last <= at;
  };
  const confirmFirst = 'Confirmez d’abord avec votre clé d’accès : rechargez la page.';

  app.post(SIGN_OUT_PATH, async (request, reply) => {
    const at = now();
    await deleteSession(db, request.sessionCookie);
    await recordAudit(db, { userId: request.member.id, action: 'sign_out' }, at);
    reply.header('set-cookie', setCookieHeader(new URL(options.inboxUrl), '', 0));
    return reply.redirect(`${SIGN_IN_PATH}?deconnecte`, 303);
  });

  const showDevices = async (request: FastifyRequest, reply: FastifyReply, status = 200, error?: string) => {
    const query = request.query as Record<string, unknown>;
    const notice = Object.keys(NOTICES).find((key) => Object.hasOwn(query, key));
    return sendPage(
      reply,
      createElement(DevicePage, {
        member: request.member,
        csrfToken: request.csrfToken,
        passkeys: await passkeysOf(db, request.member.id),
        now: options.clock(),
        fresh: await fresh(request.sessionCookie, now()),
        reauthMinutes: Math.round(options.reauthMs / 60_000),
        paths: {
          options: DEVICE_OPTIONS_PATH,
          verify: DEVICE_VERIFY_PATH,
          confirmOptions: CONFIRM_OPTIONS_PATH,
          confirmVerify: CONFIRM_VERIFY_PATH,
          remove: REMOVE_PATH,
        },
        notice: notice === undefined ? undefined : NOTICES[notice],
        error,
      }),
      status,
    );
  };

  app.get(DEVICE_PATH, async (request, reply) => showDevices(request, reply));

  // The confirmation: a sign-in ceremony with one of the member's own passkeys, inside the session.
  app.post(CONFIRM_OPTIONS_PATH, async (request, reply) => {
    const options = await authenticationOptions(rp, await passkeysOf(db, request.member.id));
    reply.header(
      'set-cookie',
      ceremonies.bind(options.challenge, { kind: 'confirm', userId: request.member.id }, now()),
    );
    return options;
  });

  app.post(CONFIRM_VERIFY_PATH, async (request, reply) => {
    const at = now();
    const response = request.body as AuthenticationResponseJSON;
    const challenge = challengeOf(response);
    const purpose = ceremonies.read(request.headers.cookie, challenge, at);
    reply.header('set-cookie', ceremonies.clear());
    if (purpose?.kind !== 'confirm' || purpose.userId !== request.member.id || !challenge) {
      return reply.code(400).send({ message: 'La demande a expiré : rechargez la page et recommencez.' });
    }
    const credential = typeof response.id === 'string' ? await credentialById(db, response.id) : undefined;
    const counter =
      credential?.userId === request.member.id
        ? await verifyAuthentication(rp, response, challenge, credential, at)
        : undefined;
    if (!counter || !ceremonies.spend(challenge, at)) {
      return reply
        .code(400)
        .send({ message: 'Ce n’est pas une de vos clés d’accès, ou elle n’a pas pu être vérifiée.' });
    }
    await db.batch(
      [
        counter,
        ceremonyStatement(request.sessionCookie, at),
        auditStatement({ userId: request.member.id, action: 'reauthenticated' }, at),
      ],
      'write',
    );
    return { redirect: `${DEVICE_PATH}?confirme`, message: 'C’est bien vous.' };
  });

  app.post(DEVICE_OPTIONS_PATH, async (request, reply) => {
    const member = await memberById(db, request.member.id);
    if (!member) return reply.code(401).send({ message: 'Reconnectez-vous.' });
    if (!(await fresh(request.sessionCookie, now()))) return reply.code(403).send({ message: confirmFirst });
    const registration = await registrationOptions(db, rp, member);
    reply.header('set-cookie', ceremonies.bind(registration.challenge, { kind: 'device', userId: member.id }, now()));
    return registration;
  });

  app.post(DEVICE_VERIFY_PATH, async (request, reply) => {
    const at = now();
    const response = request.body as RegistrationResponseJSON;
    const challenge = challengeOf(response);
    const purpose = ceremonies.read(request.headers.cookie, challenge, at);
    reply.header('set-cookie', ceremonies.clear());
    if (purpose?.kind !== 'device' || purpose.userId !== request.member.id || !challenge) {
      return reply.code(400).send({ message: 'La demande a expiré : rechargez la page et recommencez.' });
    }
    if (!(await fresh(request.sessionCookie, at))) return reply.code(403).send({ message: confirmFirst });
    const name = deviceName(request.headers['user-agent']);
    const store = await verifyRegistration(rp, response, challenge, request.member.id, at, name);
    if (!store) return reply.code(400).send({ message: 'La clé d’accès n’a pas pu être vérifiée : réessayez.' });
    if (!ceremonies.spend(challenge, at)) {
      return reply.code(400).send({ message: 'La demande a expiré : rechargez la page et recommencez.' });
    }
    await db.batch(
      [store, auditStatement({ userId: request.member.id, action: 'passkey_added', detail: name }, at)],
      'write',
    );
    return { redirect: `${DEVICE_PATH}?ajoute`, message: 'Clé d’accès ajoutée.' };
  });

  app.post(REMOVE_PATH, async (request, reply) => {
    const at = now();
    const body = (request.body ?? {}) as Record<string, unknown>;
    const passkeys = await passkeysOf(db, request.member.id);
    const passkey = passkeys.find((candidate) => candidate.id === body.cle);
    if (!passkey) return showDevices(request, reply, 404, 'Cette clé d’accès n’existe pas ou a déjà été retirée.');
    const last = passkeys.length === 1;
    if (last && body.derniere !== 'oui') {
      return showDevices(
        request,
        reply,
        400,
        'Rien n’est retiré : c’est votre dernière clé d’accès. Cochez la case pour confirmer que vous devrez demander un nouveau lien pour vous reconnecter.',
      );
    }
    await db.batch(
      [
        { sql: 'DELETE FROM credentials WHERE id = ? AND user_id = ?', args: [passkey.id, request.member.id] },
        auditStatement({ userId: request.member.id, action: 'passkey_removed', detail: passkey.name }, at),
      ],
      'write',
    );
    return reply.redirect(`${DEVICE_PATH}?${last ? 'derniere' : 'retiree'}`, 303);
  });
}
