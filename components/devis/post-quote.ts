import type { QuoteAnswer, QuoteRefusal } from '@/content/quote-contract';
import { QUOTE_REQUEST_ID_FIELD } from '@/content/quote-settings';
import { randomUuid } from '@/lib/uuid';

/**
 * The answer of the endpoint: accepted (`confirmation`: its JSON answer says a confirmation e-mail was
 * sent; `reference`: the request's reference, when it gives one), or refused with the reason it gives, if any.
 */
export type PostResult = { ok: true; confirmation: boolean; reference?: string } | { ok: false; message?: string };

/**
 * The request to the endpoint, with the submission's id (created at its first try, kept in `requestId`
 * across retries), and the reading of its answer. Loaded by ./use-quote-sender.ts at the first sending,
 * not with the page: a visit without sending, or with the simulated sending, never needs it. Rejects when
 * the request fails (network, abort).
 */
export async function postQuote(
  url: string,
  data: FormData,
  requestId: { current: string | null },
  signal: AbortSignal,
): Promise<PostResult> {
  requestId.current ??= randomUuid();
  data.set(QUOTE_REQUEST_ID_FIELD, requestId.current);
  const response = await fetch(url, { method: 'POST', body: data, headers: { Accept: 'application/json' }, signal });
  if (response.ok) return { ok: true, ...(await acceptedOf(response)) };
  return { ok: false, message: await errorMessage(response) };
}

/**
 * The endpoint's JSON answer, read as the quote contract's (content/quote-contract.ts: types only, nothing
 * of the schema library ships) but trusted no further: a third-party endpoint may answer anything.
 */
async function answerOf<T>(response: Response): Promise<Partial<T> | undefined> {
  try {
    return ((await response.json()) as Partial<T> | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The endpoint's answer (`{ reference, confirmation }`): a confirmation e-mail only when it says it sent one;
 * the reference only when it is a short line of text (it is shown to the visitor).
 */
async function acceptedOf(response: Response): Promise<{ confirmation: boolean; reference?: string }> {
  const answer = await answerOf<QuoteAnswer>(response);
  const reference = typeof answer?.reference === 'string' ? answer.reference.trim() : '';
  return {
    confirmation: answer?.confirmation === true,
    ...(reference && reference.length <= 40 && !/[\n\r]/.test(reference) ? { reference } : {}),
  };
}

/** The French sentence of a refusal (`{ error, code, field? }`), if the endpoint gives one. */
async function errorMessage(response: Response): Promise<string | undefined> {
  const error = (await answerOf<QuoteRefusal>(response))?.error;
  return typeof error === 'string' && error.trim() ? error.trim() : undefined;
}
