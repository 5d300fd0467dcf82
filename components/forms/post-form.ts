import { QUOTE_REQUEST_ID_FIELD } from '@/content/quote-settings';
import { randomUuid } from '@/lib/uuid';
import type { RequestId } from './use-form-sending';

/**
 * The request of the site's public forms to their endpoint, with the form's id (created at its first try,
 * kept in `requestId` across retries), and the reading of its JSON answer (content/form-contract.ts:
 * types only, nothing of the schema library ships), trusted no further: a third-party endpoint may answer
 * anything. Accepted: the answer, for the form to read what it shows; refused: the French sentence and the
 * field the refusal gives, if any. Rejects when the request fails (network, abort).
 */
export type Posted<Answer> =
  { ok: true; answer: Partial<Answer> | undefined } | { ok: false; message?: string; field?: string };

export async function postForm<Answer>(
  url: string,
  data: FormData,
  requestId: RequestId,
  signal: AbortSignal,
): Promise<Posted<Answer>> {
  requestId.current ??= randomUuid();
  data.set(QUOTE_REQUEST_ID_FIELD, requestId.current);
  const response = await fetch(url, { method: 'POST', body: data, headers: { Accept: 'application/json' }, signal });
  if (response.ok) return { ok: true, answer: await answerOf<Answer>(response) };
  const refusal = await answerOf<{ error: unknown; field: unknown }>(response);
  const message = typeof refusal?.error === 'string' && refusal.error.trim() ? refusal.error.trim() : undefined;
  const field = typeof refusal?.field === 'string' ? refusal.field : undefined;
  return { ok: false, message, field };
}

async function answerOf<T>(response: Response): Promise<Partial<T> | undefined> {
  try {
    return ((await response.json()) as Partial<T> | null) ?? undefined;
  } catch {
    return undefined;
  }
}
