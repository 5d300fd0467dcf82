import { timingSafeEqual } from 'node:crypto';
import { NBSP } from '../facts';

/**
 * The session's anti-forgery token, as every state-changing request of the guarded inbox carries it
 * (server.ts checks it once the body is parsed; a multipart form's route checks it itself, site-photos.ts).
 */

/** The refusal of a state-changing request without the session's anti-forgery token. */
export const FORGED_FORM = `Requête refusée${NBSP}: le formulaire a expiré. Rechargez la page et recommencez.`;

/** Whether `given` is the session's anti-forgery token (a comparison in constant time). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
