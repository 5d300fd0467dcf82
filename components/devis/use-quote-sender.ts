import { useEffect, useRef } from 'react';
import { QUOTE_REQUEST_TIMEOUT_MS, QUOTE_SUBMIT_DELAY_MS } from '@/content/quote-settings';

import type { PostResult } from './post-quote';

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
      return await postQuote(url, data, requestId, controller.signal);
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
