import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { site } from '../facts';
import type { Db } from '../store/db';
import { auditStatement, recordAudit } from './audit';
import { SIGN_IN_PATH } from './auth-routes';
import { memberById } from './members';
import {
  challengeOf,
  deviceName,
  registrationOptions,
  relyingParty,
  verifyRegistration,
  type Ceremonies,
} from './passkeys';
import { deleteSession, setCookieHeader } from './sessions';
import { DevicePage } from './ui/enrol-page';
import { sendPage } from './ui/render';
import { SIGN_OUT_PATH } from './ui/shell';

/**
 * A signed-in member's own routes, registered inside the guarded scope: sign-out, and a passkey on a
 * second device. The guard has checked the session, the Origin and the anti-forgery token.
 */

export const DEVICE_PATH = '/gestion/appareils';
export const DEVICE_OPTIONS_PATH = '/gestion/appareils/options';
export const DEVICE_VERIFY_PATH = '/gestion/appareils/verification';

export type AccountRoutesOptions = { db: Db; inboxUrl: string; clock: () => Date; ceremonies: Ceremonies };

export default async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { db, ceremonies } = options;
  const rp = relyingParty(options.inboxUrl, `${site.name} – boîte de réception`);
  const now = () => options.clock().getTime();

  app.post(SIGN_OUT_PATH, async (request, reply) => {
    const at = now();
    await deleteSession(db, request.sessionCookie);
    await recordAudit(db, { userId: request.member.id, action: 'sign_out' }, at);
    reply.header('set-cookie', setCookieHeader(new URL(options.inboxUrl), '', 0));
    return reply.redirect(`${SIGN_IN_PATH}?deconnecte`, 303);
  });

  app.get(DEVICE_PATH, async (request, reply) => {
    const member = await memberById(db, request.member.id);
    return sendPage(
      reply,
      createElement(DevicePage, {
        member: request.member,
        csrfToken: request.csrfToken,
        passkeys: member?.passkeys ?? 0,
        optionsPath: DEVICE_OPTIONS_PATH,
        verifyPath: DEVICE_VERIFY_PATH,
      }),
    );
  });

  app.post(DEVICE_OPTIONS_PATH, async (request, reply) => {
    const member = await memberById(db, request.member.id);
    if (!member) return reply.code(401).send({ message: 'Reconnectez-vous.' });
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
    const name = deviceName(request.headers['user-agent']);
    const store = await verifyRegistration(rp, response, challenge, request.member.id, at, name);
    if (!store) return reply.code(400).send({ message: 'La clé d’accès n’a pas pu être vérifiée : réessayez.' });
    if (!ceremonies.spend(challenge, at)) {
      return reply.code(400).send({ message: 'La demande a expiré : rechargez la page et recommencez.' });
    }
    await db.batch([store, auditStatement({ userId: request.member.id, action: 'passkey_added' }, at)], 'write');
    return { redirect: `${DEVICE_PATH}?ajoute`, message: 'Clé d’accès ajoutée.' };
  });
}
