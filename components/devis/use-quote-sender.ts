import { useEffect, useRef } from 'react';
import type { QuoteAnswer, QuoteRefusal } from '@/content/quote-contract';
import { QUOTE_REQUEST_TIMEOUT_MS, QUOTE_SUBMIT_DELAY_MS } from '@/content/quote-settings';

/**
 * The answer of the endpoint: accepted (`confirmation`: its JSON answer says a confirmation e-mail was
 * sent), or refused with the reason it gives, if any.
 */
export type PostResult = { ok: true; confirmation: boolean } | { ok: false; message?: string };

/**
 * The quote form's sending: its timers (all cancelled when the page is left), the request with its id (one
 * per submission, kept across retries), its time limit and abort, and the reading of the endpoint's answer.
 * `fileFieldName` is the file input's name: an empty file input is not sent.
 */
export function useQuoteSender(fileFieldName: string) {
  const pending = useRef({ timers: new Set<number>(), controller: null as AbortController | null });
  // One id per submission, kept across its retries (the endpoint stores a repeated id once), renewed after a success.
  const requestId = useRef<string | null>(null);

  // Leaving the page cancels what is under way.
  useEffect(() => {
    const current = pending.current;
    return () => {
      current.timers.forEach((id) => window.clearTimeout(id));
      current.timers.clear();
      current.controller?.abort();
    };
  }, []);

  function later(callback: () => void, ms: number): number {
    const { timers } = pending.current;
    const id = window.setTimeout(() => {
      timers.delete(id);
      callback();
    }, ms);
    timers.add(id);
    return id;
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => later(resolve, ms));
  }

  /** Posts the form: ok on a 2xx answer; otherwise the endpoint's French reason when it gives one. */
  async function post(url: string, form: HTMLFormElement): Promise<PostResult> {
    const data = new FormData(form);
    const attached = data.get(fileFieldName);
    if (attached instanceof File && attached.size === 0 && attached.name === '') data.delete(fileFieldName);
    const controller = new AbortController();
    pending.current.controller = controller;
    const timeout = later(() => controller.abort(), QUOTE_REQUEST_TIMEOUT_MS);
    try {
      // The request's code loads at the first sending, not with the page (docs/performance.md).
      const { postQuote } = await import('./post-quote');
      const response = await postQuote(url, data, requestId, controller.signal);
      if (response.ok) return { ok: true, confirmation: await confirmationOf(response) };
      return { ok: false, message: await errorMessage(response) };
    } catch {
      return { ok: false };
    } finally {
      window.clearTimeout(timeout);
      pending.current.timers.delete(timeout);
      pending.current.controller = null;
    }
  }

  /**
   * Sends the form to `endpoint`, or only simulates it without one (as specified). Sending lasts as long
   * as the request, and never less than the specified delay. A success renews the request id.
   */
  async function send(endpoint: string | undefined, form: HTMLFormElement): Promise<PostResult> {
    let result: PostResult = { ok: true, confirmation: true };
    if (endpoint) [result] = await Promise.all([post(endpoint, form), wait(QUOTE_SUBMIT_DELAY_MS)]);
    else await wait(QUOTE_SUBMIT_DELAY_MS);
    if (result.ok) requestId.current = null;
    return result;
  }

  return { later, send };
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

/** True only when the endpoint's answer (`{ reference, confirmation }`) says it sent a confirmation e-mail. */
async function confirmationOf(response: Response): Promise<boolean> {
  return (await answerOf<QuoteAnswer>(response))?.confirmation === true;
}

/** The French sentence of a refusal (`{ error, code, field? }`), if the endpoint gives one. */
async function errorMessage(response: Response): Promise<string | undefined> {
  const error = (await answerOf<QuoteRefusal>(response))?.error;
  return typeof error === 'string' && error.trim() ? error.trim() : undefined;
}
