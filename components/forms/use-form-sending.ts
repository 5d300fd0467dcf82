import { useEffect, useRef } from 'react';
import { QUOTE_REQUEST_TIMEOUT_MS, QUOTE_SUBMIT_DELAY_MS } from '@/content/quote-settings';

/** A form's id across its retries: created at its first try, renewed after a success. */
export type RequestId = { current: string | null };

/**
 * One try at posting a form to `url`: what the form reads of the answer. It rejects when the request fails
 * (network, abort); the sending then answers the form's `failed` result.
 */
export type Attempt<R> = (url: string, signal: AbortSignal, requestId: RequestId) => Promise<R>;

/**
 * The sending of the site's public forms (the quote's, the résiliation's): its timers (all cancelled when
 * the page is left), the form's id (one per submission, kept across retries: the endpoint stores a repeated
 * id once), the request's time limit and abort. Sending lasts as long as the request, and never less than
 * the specified delay (docs/specification.md); without an endpoint it is only simulated.
 */
export function useFormSending() {
  const pending = useRef({ timers: new Set<number>(), controller: null as AbortController | null });
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

  async function request<R>(url: string, attempt: Attempt<R>, failed: R): Promise<R> {
    const controller = new AbortController();
    pending.current.controller = controller;
    const timeout = later(() => controller.abort(), QUOTE_REQUEST_TIMEOUT_MS);
    try {
      return await attempt(url, controller.signal, requestId);
    } catch {
      return failed;
    } finally {
      window.clearTimeout(timeout);
      pending.current.timers.delete(timeout);
      pending.current.controller = null;
    }
  }

  /**
   * Sends to `endpoint` by `attempt`, or answers `simulated` without one, after the specified delay at the
   * least. A success renews the form's id.
   */
  async function send<R extends { ok: boolean }>(
    endpoint: string | undefined,
    attempt: Attempt<R>,
    results: { simulated: R; failed: R },
  ): Promise<R> {
    let result = results.simulated;
    if (endpoint)
      [result] = await Promise.all([request(endpoint, attempt, results.failed), wait(QUOTE_SUBMIT_DELAY_MS)]);
    else await wait(QUOTE_SUBMIT_DELAY_MS);
    if (result.ok) requestId.current = null;
    return result;
  }

  return { later, send };
}
