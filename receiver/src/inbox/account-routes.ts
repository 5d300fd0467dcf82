import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createElement } from 'react';
import { site } from '../facts';
import type { Db } from '../store/db';
import { auditStatement, recordAudit } from './audit';
import { memberById } from './members';
import { challengeOf, registrationOptions, relyingParty, verifyRegistration, type Challenges } from './passkeys';
import { href, ROUTES } from './paths';
import { EmptyBody, OptionsBody, RegistrationBody } from './schemas';
import { deleteSession, setSessionCookie } from './sessions';
import { signedIn } from './signed-in';
import { DevicePage } from './ui/enrol-page';
import { sendPage } from './ui/render';

/**
 * A signed-in member's own routes, registered inside the guarded scope: sign-out, and a passkey on a
 * second device. The guard has checked the session, the Origin and the anti-forgery token.
 */

export type AccountRoutesOptions = { db: Db; inboxUrl: string; clock: () => Date; challenges: Challenges };

const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (app, options) => {
  const { db, challenges } = options;
  const rp = relyingParty(options.inboxUrl, `${site.name} – boîte de réception`);
  const now = () => options.clock().getTime();

  app.post(ROUTES.signOut, { schema: { body: EmptyBody } }, async (request, reply) => {
    const at = now();
    const { member, sessionCookie } = signedIn(request);
    await deleteSession(db, sessionCookie);
    await recordAudit(db, { userId: member.id, action: 'sign_out' }, at);
    setSessionCookie(reply, new URL(options.inboxUrl), '', 0);
    return reply.redirect(`${href.signIn}?deconnecte`, 303);
  });

  app.get(ROUTES.devices, async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    const stored = await memberById(db, member.id);
    return sendPage(
      reply,
      createElement(DevicePage, {
        member,
        csrfToken,
        passkeys: stored?.passkeys ?? 0,
        optionsPath: href.deviceOptions,
        verifyPath: href.deviceVerify,
      }),
    );
  });

  app.post(ROUTES.deviceOptions, { schema: { body: OptionsBody } }, async (request, reply) => {
    const member = await memberById(db, signedIn(request).member.id);
    if (!member) return reply.code(401).send({ message: 'Reconnectez-vous.' });
    const registration = await registrationOptions(db, rp, member);
    challenges.add(registration.challenge, { kind: 'device', userId: member.id }, now());
    return registration;
  });

  app.post(ROUTES.deviceVerify, { schema: { body: RegistrationBody } }, async (request, reply) => {
    const at = now();
    const response = request.body;
    const { member } = signedIn(request);
    const challenge = challengeOf(response);
    const purpose = challenge === undefined ? undefined : challenges.take(challenge, at);
    if (purpose?.kind !== 'device' || purpose.userId !== member.id || !challenge) {
      return reply.code(400).send({ message: 'La demande a expiré : rechargez la page et recommencez.' });
    }
    const store = await verifyRegistration(rp, response, challenge, member.id, at);
    if (!store) return reply.code(400).send({ message: 'La clé d’accès n’a pas pu être vérifiée : réessayez.' });
    await db.batch([store, auditStatement({ userId: member.id, action: 'passkey_added' }, at)], 'write');
    return { redirect: `${href.devices}?ajoute`, message: 'Clé d’accès ajoutée.' };
  });
};

export default accountRoutes;
