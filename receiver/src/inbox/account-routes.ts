import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { NBSP, site } from '../facts';
import type { Db } from '../store/db';
import { recordAudit } from '../store/audit';
import { memberById } from '../store/members';
import { addPasskey, credentialById, passkeysOf, recordConfirmation, removePasskey } from '../store/passkeys';
import {
  authenticationOptions,
  challengeOf,
  deviceName,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  type Ceremonies,
} from './passkeys';
import { href, ROUTES } from './paths';
import { AuthenticationBody, EmptyBody, OptionsBody, RegistrationBody, RemoveDeviceBody } from './schemas';
import { deleteSession, lastCeremony } from '../store/sessions';
import { setSessionCookie } from './sessions';
import { signedIn } from './signed-in';
import { DevicePage } from './ui/enrol-page';
import { sendPage } from './ui/render';

/**
 * A signed-in member's own routes, registered inside the guarded scope: sign-out, and « Mes appareils »:
 * their passkeys (device, added, last used), one removed, one added on another device. Adding a passkey asks
 * for a passkey ceremony within the last QUOTE_REAUTH_MINUTES (the sign-in, or a confirmation on this page):
 * a few minutes with an unlocked phone do not become a passkey that outlives the session. The guard has
 * checked the session, the Origin and the anti-forgery token.
 */

export type AccountRoutesOptions = {
  db: Db;
  inboxUrl: string;
  clock: () => Date;
  ceremonies: Ceremonies;
  reauthMs: number;
  /** The mails' sender (the announcement of a new passkey). */
  fromEmail: string;
  /** Wakes the outbox worker after a mail was queued. */
  wakeOutbox: () => void;
};

/** The notices « Mes appareils » shows after a redirect (?ajoute, ?retiree…). */
const NOTICES: Record<string, string> = {
  ajoute: 'Clé d’accès ajoutée.',
  confirme: `C’est bien vous${NBSP}: vous pouvez ajouter une clé d’accès pendant quelques minutes.`,
  retiree: `Clé d’accès retirée${NBSP}: elle n’ouvre plus la boîte de réception.`,
  derniere:
    'Votre dernière clé d’accès est retirée. Cette session reste ouverte ; pour vous reconnecter ensuite, demandez un nouveau lien d’inscription au responsable de la boîte.',
};

const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (app, options) => {
  const { db, ceremonies } = options;
  const rp = relyingParty(options.inboxUrl, `${site.name} – boîte de réception`);
  const now = () => options.clock().getTime();
  const fresh = async (cookieValue: string, at: number) => {
    const last = await lastCeremony(db, cookieValue);
    return last !== undefined && at - last <= options.reauthMs && last <= at;
  };
  /**
   * The challenge a signed-in member's answer carries, if this browser's ceremony cookie was bound to it, for
   * this purpose and this member; the cookie is cleared whatever the outcome (one answer per ceremony).
   */
  const ownCeremony = (
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: string | undefined,
    kind: 'confirm' | 'device',
    at: number,
  ): string | undefined => {
    const purpose = ceremonies.read(request.headers.cookie, challenge, at);
    reply.header('set-cookie', ceremonies.clear());
    const ok = purpose?.kind === kind && purpose.userId === signedIn(request).member.id;
    return ok && challenge ? challenge : undefined;
  };
  const confirmFirst = `Confirmez d’abord avec votre clé d’accès${NBSP}: rechargez la page.`;
  const expired = `La demande a expiré${NBSP}: rechargez la page et recommencez.`;

  app.post(ROUTES.signOut, { schema: { body: EmptyBody } }, async (request, reply) => {
    const at = now();
    const { member, sessionCookie } = signedIn(request);
    await deleteSession(db, sessionCookie);
    await recordAudit(db, { userId: member.id, action: 'sign_out' }, at);
    setSessionCookie(reply, new URL(options.inboxUrl), '', 0);
    return reply.redirect(`${href.signIn}?deconnecte`, 303);
  });

  const showDevices = async (request: FastifyRequest, reply: FastifyReply, status = 200, error?: string) => {
    const { member, csrfToken, sessionCookie } = signedIn(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const notice = Object.keys(NOTICES).find((key) => Object.hasOwn(query, key));
    return sendPage(
      reply,
      createElement(DevicePage, {
        member,
        csrfToken,
        passkeys: await passkeysOf(db, member.id),
        now: options.clock(),
        fresh: await fresh(sessionCookie, now()),
        reauthMinutes: Math.round(options.reauthMs / 60_000),
        paths: {
          options: href.deviceOptions,
          verify: href.deviceVerify,
          confirmOptions: href.deviceConfirmOptions,
          confirmVerify: href.deviceConfirmVerify,
          remove: href.deviceRemove,
        },
        notice: notice === undefined ? undefined : NOTICES[notice],
        error,
      }),
      status,
    );
  };

  app.get(ROUTES.devices, async (request, reply) => showDevices(request, reply));

  // The confirmation: a sign-in ceremony with one of the member's own passkeys, inside the session.
  app.post(ROUTES.deviceConfirmOptions, { schema: { body: OptionsBody } }, async (request, reply) => {
    const { member } = signedIn(request);
    const confirmation = await authenticationOptions(rp, await passkeysOf(db, member.id));
    reply.header('set-cookie', ceremonies.bind(confirmation.challenge, { kind: 'confirm', userId: member.id }, now()));
    return confirmation;
  });

  app.post(ROUTES.deviceConfirmVerify, { schema: { body: AuthenticationBody } }, async (request, reply) => {
    const at = now();
    const response = request.body;
    const { member, sessionCookie } = signedIn(request);
    const challenge = ownCeremony(request, reply, challengeOf(response), 'confirm', at);
    if (!challenge) return reply.code(400).send({ message: expired });
    const credential = await credentialById(db, response.id);
    const counter =
      credential?.userId === member.id
        ? await verifyAuthentication(rp, response, challenge, credential, at)
        : undefined;
    if (!counter || !ceremonies.spend(challenge, at)) {
      return reply
        .code(400)
        .send({ message: 'Ce n’est pas une de vos clés d’accès, ou elle n’a pas pu être vérifiée.' });
    }
    await recordConfirmation(db, counter, sessionCookie, member.id, at);
    return { redirect: `${href.devices}?confirme`, message: 'C’est bien vous.' };
  });

  app.post(ROUTES.deviceOptions, { schema: { body: OptionsBody } }, async (request, reply) => {
    const { sessionCookie } = signedIn(request);
    const member = await memberById(db, signedIn(request).member.id);
    if (!member) return reply.code(401).send({ message: 'Reconnectez-vous.' });
    if (!(await fresh(sessionCookie, now()))) return reply.code(403).send({ message: confirmFirst });
    const registration = await registrationOptions(db, rp, member);
    reply.header('set-cookie', ceremonies.bind(registration.challenge, { kind: 'device', userId: member.id }, now()));
    return registration;
  });

  app.post(ROUTES.deviceVerify, { schema: { body: RegistrationBody } }, async (request, reply) => {
    const at = now();
    const response = request.body;
    const { member, sessionCookie } = signedIn(request);
    const challenge = ownCeremony(request, reply, challengeOf(response), 'device', at);
    if (!challenge) return reply.code(400).send({ message: expired });
    if (!(await fresh(sessionCookie, at))) return reply.code(403).send({ message: confirmFirst });
    const name = deviceName(request.headers['user-agent']);
    const store = await verifyRegistration(rp, response, challenge, member.id, at, name, options.fromEmail);
    if (!store) return reply.code(400).send({ message: `La clé d’accès n’a pas pu être vérifiée${NBSP}: réessayez.` });
    if (!ceremonies.spend(challenge, at)) return reply.code(400).send({ message: expired });
    await addPasskey(db, store, member.id, name, at);
    options.wakeOutbox();
    return { redirect: `${href.devices}?ajoute`, message: 'Clé d’accès ajoutée.' };
  });

  app.post(ROUTES.deviceRemove, { schema: { body: RemoveDeviceBody } }, async (request, reply) => {
    const at = now();
    const { member } = signedIn(request);
    const passkeys = await passkeysOf(db, member.id);
    const passkey = passkeys.find((candidate) => candidate.id === request.body.cle);
    if (!passkey) return showDevices(request, reply, 404, 'Cette clé d’accès n’existe pas ou a déjà été retirée.');
    const last = passkeys.length === 1;
    if (last && request.body.derniere !== 'oui') {
      return showDevices(
        request,
        reply,
        400,
        `Rien n’est retiré${NBSP}: c’est votre dernière clé d’accès. Cochez la case pour confirmer que vous devrez demander un nouveau lien pour vous reconnecter.`,
      );
    }
    await removePasskey(db, passkey, member.id, at);
    return reply.redirect(`${href.devices}?${last ? 'derniere' : 'retiree'}`, 303);
  });
};

export default accountRoutes;
