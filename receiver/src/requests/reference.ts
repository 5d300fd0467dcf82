import { randomInt } from 'node:crypto';
import { isoDay } from '../facts';

/**
 * The reference the visitor reads in the confirmation mail and quotes on the phone: "D-20261123-K7F3QX",
 * the day in Paris and six characters without the look-alikes (0/O, 1/I/L).
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `prefix`: "D" for a quote request, "R" for a termination request (« Résilier un contrat »). */
export function newReference(now = new Date(), prefix: 'D' | 'R' = 'D'): string {
  const day = isoDay(now).replaceAll('-', '');
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${day}-${code}`;
}

export const REFERENCE_PATTERN = /^D-\d{8}-[A-HJKMNP-Z2-9]{6}$/;

/** A termination request's reference: "R-20261123-K7F3QX". */
export const TERMINATION_REFERENCE_PATTERN = /^R-\d{8}-[A-HJKMNP-Z2-9]{6}$/;
