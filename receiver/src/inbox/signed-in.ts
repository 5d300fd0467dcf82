import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Member } from '../store/sessions';

/**
 * The signed-in member of a request, set by the guard (server.ts) on the guarded scope's requests only.
 * The decorators are declared on that scope (`declareSignedIn`), not on every Fastify request of the
 * process: the public listener's requests have none, and a public route of the inbox that asked for them
 * would fail at once (Fastify's getDecorator throws for an undeclared name) instead of reading an empty
 * value.
 */
export type SignedIn = {
  member: Member;
  /** The session's anti-forgery token, carried by every form as _csrf (checked by the guard). */
  csrfToken: string;
  /** The session cookie's value, so that sign-out ends this session. */
  sessionCookie: string;
};

export function declareSignedIn(scope: FastifyInstance): void {
  scope.decorateRequest('member', null);
  scope.decorateRequest('csrfToken', '');
  scope.decorateRequest('sessionCookie', '');
}

export function setSignedIn(request: FastifyRequest, { member, csrfToken, sessionCookie }: SignedIn): void {
  request.setDecorator<Member>('member', member);
  request.setDecorator<string>('csrfToken', csrfToken);
  request.setDecorator<string>('sessionCookie', sessionCookie);
}

/** The member and their session's token, on a route of the guarded scope. */
export function signedIn(request: FastifyRequest): SignedIn {
  return {
    member: request.getDecorator<Member>('member'),
    csrfToken: request.getDecorator<string>('csrfToken'),
    sessionCookie: request.getDecorator<string>('sessionCookie'),
  };
}
