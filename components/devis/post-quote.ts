import { QUOTE_REQUEST_ID_FIELD } from '@/content/quote-settings';
import { randomUuid } from '@/lib/uuid';

/**
 * The request to the endpoint, with the submission's id (created at its first try, kept in `requestId`
 * across retries). Loaded by ./use-quote-sender.ts at the first sending, not with the page: a visit
 * without sending, or with the simulated sending, never needs it.
 */
export function postQuote(
  url: string,
  data: FormData,
  requestId: { current: string | null },
  signal: AbortSignal,
): Promise<Response> {
  requestId.current ??= randomUuid();
  data.set(QUOTE_REQUEST_ID_FIELD, requestId.current);
  return fetch(url, { method: 'POST', body: data, headers: { Accept: 'application/json' }, signal });
}
