import { normaliseLineEnds } from './facts';

/**
 * A form's body (application/x-www-form-urlencoded) as @fastify/formbody gives it to the routes, every value
 * with its line ends normalised (lib/text-characters.ts): a browser posts a textarea's line break as CRLF,
 * and every rule downstream sees LF only. A name posted twice gives the list of its values, in order.
 */
export function parseForm(body: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, raw] of new URLSearchParams(body)) {
    const value = normaliseLineEnds(raw);
    const before = fields.get(name);
    fields.set(name, before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]);
  }
  return Object.fromEntries(fields);
}
