import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { servedCompany } from '../delivery/mail-parts';
import { publishedSite } from '../store/site-data';
import { parseForm } from '../form-body';
import { isoDay, QUOTE_REQUEST_ID_FIELD, terminationMessages, type TerminationRequestField } from '../facts';
import { storeTermination } from './store-termination';
import {
  TERMINATION_PAGE_CSP,
  TERMINATION_STEP_FIELD,
  TERMINATION_STEPS,
  TerminationAcknowledgmentPage,
  TerminationEditPage,
  TerminationSummaryPage,
  type TerminationValues,
} from './termination-pages';
import { isRequestId, isSpam, Refusal } from './form-intake';
import { TERMINATION_FIELDS, TERMINATION_KNOWN_FIELDS, terminationFaults } from './termination-form';

/**
 * The « Résilier un contrat » form posted without JavaScript: the browser sends it as
 * application/x-www-form-urlencoded, which the form's script never does (it posts multipart/form-data and
 * asks for JSON), so that content type alone says the answer is a page (termination-pages.tsx), not JSON.
 * From the site's page, or the receiver's own form: the summary, or the form again with each fault beside
 * its field (400, nothing stored). Its « Modifier » (`etape=modifier`): the form filled again. Its
 * « Notifier la résiliation » (`etape=notifier`): the fields go through storeTermination, as the script's
 * post does (same rules, same mails, same form id: notifying twice stores one), then the acknowledgment.
 * The form id is drawn here when the site's page had none to send, and carried from page to page.
 */

/** The longest body: every field at its longest (the reason's 2,000 characters, encoded), with room. */
const PLAIN_BODY_LIMIT = 64 * 1024;

const URLENCODED = 'application/x-www-form-urlencoded';

/** Is this post the form without JavaScript (a page to answer)? */
export function isPlainForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === URLENCODED;
}

/** Reads an urlencoded body, line ends as LF (form-body.ts), in the route's own scope only. */
export function addPlainFormParser(app: FastifyInstance) {
  app.addContentTypeParser(URLENCODED, { parseAs: 'string', bodyLimit: PLAIN_BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });
}

function sendPage(reply: FastifyReply, element: ReactElement, status: number): FastifyReply {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', TERMINATION_PAGE_CSP)
      // Same-origin: the pages' own forms post with their Origin, which the route checks.
      .header('referrer-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`)
  );
}

export async function answerPlainForm(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  request.quoteLog = {};
  // The company as published now: its phone, address and mentions on each page (store/site-data.ts).
  const company = servedCompany(publishedSite(app.config.site?.sourceDir));
  const body = (request.body ?? {}) as Record<string, string | string[] | undefined>;
  const fields = new Map<string, string>();
  let duplicate: string | undefined;
  for (const [name, value] of Object.entries(body)) {
    if (!TERMINATION_KNOWN_FIELDS.has(name) && name !== TERMINATION_STEP_FIELD) continue;
    if (Array.isArray(value)) duplicate ??= name;
    fields.set(name, (Array.isArray(value) ? value[0] : value) ?? '');
  }
  const step = fields.get(TERMINATION_STEP_FIELD);
  fields.delete(TERMINATION_STEP_FIELD);
  const given = (fields.get(QUOTE_REQUEST_ID_FIELD) ?? '').trim().toLowerCase();
  fields.set(QUOTE_REQUEST_ID_FIELD, isRequestId(given) ? given : randomUUID());
  const values = Object.fromEntries(
    TERMINATION_FIELDS.map((name) => [name, (fields.get(name) ?? '').trim()]),
  ) as TerminationValues;
  const now = new Date();

  const edit = (faults: Partial<Record<TerminationRequestField, string>>, status: number, problem?: string) =>
    sendPage(reply, createElement(TerminationEditPage, { values, faults, problem, company }), status);

  if (duplicate) {
    request.quoteLog = { refusal: 'duplicate-field' };
    return edit({}, 400, terminationMessages.duplicateField(duplicate));
  }
  // The trap field is on the site's page only: a robot's post is stored as the script's would be, no summary.
  if (!isSpam(fields)) {
    if (step === TERMINATION_STEPS.edit) return edit({}, 200);
    const faults = terminationFaults(fields, isoDay(now));
    if (Object.keys(faults).length > 0) {
      request.quoteLog = { refusal: 'invalid' };
      return edit(faults, 400);
    }
    if (step !== TERMINATION_STEPS.notify) {
      return sendPage(reply, createElement(TerminationSummaryPage, { values, company }), 200);
    }
  }
  try {
    const stored = await storeTermination({ db: app.store, config: app.config }, fields, now);
    request.quoteLog = stored.log;
    if (stored.created) app.outbox.wake();
    const page = createElement(TerminationAcknowledgmentPage, {
      answer: stored.answer,
      receivedDay: stored.receivedDay,
      contractType: values.contractType,
      earliest: values.contractType === 'maintenance' && values.contractStart === '',
      reason: values.reason !== '',
      company,
    });
    return sendPage(reply, page, stored.status);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    request.quoteLog = { refusal: error.code };
    if (error.field) return edit({ [error.field]: error.french }, error.statusCode);
    return edit({}, error.statusCode, error.french);
  }
}
