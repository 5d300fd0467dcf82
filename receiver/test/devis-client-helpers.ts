import type { TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { DomUtils } from 'htmlparser2';
import { attribute, elements, firstElement, parseHtml, type HtmlDocument } from '../../scripts/html';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { CompanyFacts } from '../src/requests/devis/mentions';
import type { Db } from '../src/store/db';
import { ORIGIN, removeDir, type Smtp, startSmtp, storeDir, testEnv } from './helpers';

/**
 * The client's page of a devis on a whole receiver (buildApp, app.inject) with a clock the test moves, and a
 * real SMTP server catching its mails; what a test reads on the page. Its devis come from factories.ts
 * (sentDevis, acceptedDevis).
 */

export type ClientApp = {
  app: FastifyInstance;
  db: Db;
  smtp: Smtp;
  /** The app's clock: set it to move time. */
  clock: { now: Date };
  get: (url: string, headers?: Record<string, string>) => Promise<Response>;
  /** A form posted as a browser on our page does: urlencoded, with our origin. */
  post: (url: string, fields: Record<string, string>, headers?: Record<string, string>) => Promise<Response>;
};

export async function clientApp(
  t: TestContext,
  start = new Date(),
  options: { company?: () => CompanyFacts; env?: Record<string, string> } = {},
): Promise<ClientApp> {
  const dataDir = await storeDir('devis-client-');
  const smtp = await startSmtp();
  const clock = { now: start };
  const { env = {}, ...appOptions } = options;
  const app = buildApp(loadConfig(testEnv(dataDir, { SMTP_URL: smtp.url, LOG_LEVEL: 'warn', ...env })), {
    now: () => clock.now,
    ...appOptions,
  });
  t.after(async () => {
    await app.close();
    await smtp.stop();
    await removeDir(dataDir);
  });
  await app.ready();
  return {
    app,
    db: app.store,
    smtp,
    clock,
    get: (url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { 'user-agent': 'Navigateur de test', ...headers } }),
    post: (url, fields, headers = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
          'user-agent': 'Navigateur de test',
          ...headers,
        },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
}

export function html(response: Response): HtmlDocument {
  return parseHtml(response.body);
}

/** The hidden anti-forgery token of the page's first form. */
export function tokenOf(doc: HtmlDocument): string {
  const input = firstElement(doc, (element) => element.name === 'input' && attribute(element, 'name') === '_csrf');
  return (input && attribute(input, 'value')) ?? '';
}

/**
 * The acceptance form's required answers as a client fills them: every required box of the page's acceptance
 * form ticked (the devis's own: « Bon pour accord », a reduced VAT's certification, the off-premises consent…),
 * and the signer's capacity where the form asks it. Tests spread it into their post with the name.
 */
export function requiredAnswers(doc: HtmlDocument): Record<string, string> {
  const form = firstElement(
    doc,
    (element) => element.name === 'form' && (attribute(element, 'action') ?? '').endsWith('/accepter'),
  );
  if (!form) throw new Error('the page has no acceptance form');
  const answers: Record<string, string> = {};
  for (const input of DomUtils.findAll((element) => element.name === 'input', [form])) {
    const name = attribute(input, 'name') ?? '';
    if (attribute(input, 'required') === undefined) continue;
    if (attribute(input, 'type') === 'checkbox') answers[name] = attribute(input, 'value') ?? 'oui';
    if (name === 'qualite') answers[name] = 'Gérant';
  }
  return answers;
}

/** The code request's nonce the code page's form posts back (empty when the page has no form). */
export function nonceOf(doc: HtmlDocument): string {
  const input = firstElement(doc, (element) => element.name === 'input' && attribute(element, 'name') === 'demande');
  return (input && attribute(input, 'value')) ?? '';
}

/** The page's forms by their action. */
export function formActions(doc: HtmlDocument): string[] {
  return elements(doc, (element) => element.name === 'form').map((form) => attribute(form, 'action') ?? '');
}

/** The text of the page's main, as it reads, its no-break spaces kept (the typography is part of the test). */
export function mainText(doc: HtmlDocument): string {
  const main = firstElement(doc, (element) => element.name === 'main');
  return main
    ? DomUtils.textContent(main)
        .replace(/[ \t\r\n]+/g, ' ')
        .trim()
    : '';
}

/** The six digits of the latest code mail to `to`. */
export function codeOf(smtp: Smtp, count: number): string | undefined {
  const mails = smtp.messages.filter((mail) => mail.subject?.startsWith('Votre code pour accepter'));
  if (mails.length < count) return undefined;
  return /\b(\d{6})\b/.exec(mails[count - 1]?.text ?? '')?.[1];
}
