import type { QuoteAnswer } from '@/content/quote-contract';
import { postForm } from '@/components/forms/post-form';
import type { RequestId } from '@/components/forms/use-form-sending';

/**
 * The answer of the endpoint: accepted (`confirmation`: its JSON answer says a confirmation e-mail was
 * sent; `reference`: the request's reference, when it gives one), or refused with the reason it gives, if any.
 */
export type PostResult = { ok: true; confirmation: boolean; reference?: string } | { ok: false; message?: string };

/**
 * The quote's request (components/forms/post-form.ts) and what the form reads of its answer. Loaded by
 * ./quote-form-state.tsx at the first sending, not with the page: a visit without sending, or with the
 * simulated sending, never needs it. Rejects when the request fails (network, abort).
 */
export async function postQuote(
  url: string,
  data: FormData,
  requestId: RequestId,
  signal: AbortSignal,
): Promise<PostResult> {
  const posted = await postForm<QuoteAnswer>(url, data, requestId, signal);
  if (!posted.ok) return { ok: false, message: posted.message };
  // A confirmation e-mail only when the answer says it sent one; the reference only when it is a short line
  // of text (it is shown to the visitor).
  const reference = typeof posted.answer?.reference === 'string' ? posted.answer.reference.trim() : '';
  return {
    ok: true,
    confirmation: posted.answer?.confirmation === true,
    ...(reference && reference.length <= 40 && !/[\n\r]/.test(reference) ? { reference } : {}),
  };
}
