import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import { DomUtils } from 'htmlparser2';
import { attribute, elements, firstElement, parseHtml, type HtmlDocument } from '../../scripts/html';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { renderDevisPdf } from '../src/documents/devis-pdf';
import { DEVIS_CLIENT_PATH } from '../src/facts';
import type { DevisDraft } from '../src/requests/devis/draft';
import type { CompanyFacts } from '../src/requests/devis/mentions';
import type { Db } from '../src/store/db';
import { recordEvent } from '../src/store/devis-events';
import { createDevis } from '../src/store/devis-queries';
import { sendDevis, type SentVersion } from '../src/store/devis-sending';
import { storePdf } from '../src/store/devis-versions';
import { sampleDevis } from './devis-samples';
import { ORIGIN, removeDir, type Smtp, startSmtp, storeDir, testEnv } from './helpers';

/**
 * The client's page of a devis on a whole receiver (buildApp, app.inject) with a clock the test moves, and a
 * real SMTP server catching its mails. Devis are made as the team's sending does: createDevis + sendDevis,
 * with a PDF stored for the version (rendered from a sample DevisDocument).
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

// Unique across processes too (the end-to-end test seeds the same store twice).
let requestCount = 0;
const run = randomBytes(3).toString('hex').toUpperCase();

/** A request as the intake stores it (the devis's request). */
export async function insertRequest(
  db: Db,
  email = 'camille.durand@example.fr',
): Promise<{ id: number; reference: string }> {
  requestCount += 1;
  const reference = `D-20261120-${run}${requestCount}`;
  const result = await db.execute({
    sql: `INSERT INTO requests (reference, request_id, created_at, first_name, last_name, email, email_key, phone,
            service_type, location, description)
          VALUES (?, ?, '2026-11-20T09:30:00.000Z', 'Camille', 'Durand', ?, ?, '06 39 98 12 34',
            'maintenance', 'antibes', 'La pompe à chaleur se met en sécurité.') RETURNING id`,
    args: [reference, `client-request-${run}-${requestCount}`, email, email],
  });
  return { id: Number(result.rows[0]?.id), reference };
}

export function draft(changes: Partial<DevisDraft> = {}): DevisDraft {
  return {
    client: {
      name: 'Camille Durand',
      email: 'camille.durand@example.fr',
      phone: '06 39 98 12 34',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer',
    },
    way: 'distance',
    urgent: false,
    lines: [
      {
        designation: 'Remplacement du circulateur',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceHtCents: 32000,
        vatRateBp: 1000,
        kind: 'service',
      },
      {
        designation: 'Main-d’œuvre',
        quantityMilli: 1500,
        unit: 'heure',
        unitPriceHtCents: 5500,
        vatRateBp: 1000,
        kind: 'service',
      },
    ],
    validityDays: 30,
    paymentTerms: 'À réception de la facture, par virement.',
    ...changes,
  };
}

export type Sent = SentVersion & {
  devisId: number;
  requestId: number;
  reference: string;
  pdf: Uint8Array;
  link: string;
};

/** A devis made for a new request and sent at `now`, its PDF stored: the client's link. */
export async function sentDevis(db: Db, now: Date, changes: Partial<DevisDraft> = {}): Promise<Sent> {
  const request = await insertRequest(db);
  const devisId = await createDevis(db, request.id, draft(changes), now);
  const sent = await sendDevis(db, devisId, now);
  const pdf = await renderDevisPdf(sampleDevis({ number: sent.number, version: sent.version }));
  await storePdf(db, devisId, sent.version, pdf);
  return {
    ...sent,
    devisId,
    requestId: request.id,
    reference: request.reference,
    pdf,
    link: `${DEVIS_CLIENT_PATH}/${sent.secret}`,
  };
}

/** The sample draft's lines and one of goods: the withdrawal period runs from their receipt. */
export const goodsLines: Partial<DevisDraft> = {
  lines: [
    ...draft().lines,
    {
      designation: 'Circulateur basse consommation',
      quantityMilli: 1000,
      unit: 'unité',
      unitPriceHtCents: 20000,
      vatRateBp: 1000,
      kind: 'goods',
    },
  ],
};

/** A devis sent at `sentAt` and accepted at `acceptedAt`, as the client's code records it (name, early start). */
export async function acceptedDevis(
  db: Db,
  sentAt: Date,
  acceptedAt: Date,
  changes: Partial<DevisDraft> = {},
  earlyStart = false,
): Promise<Sent> {
  const sent = await sentDevis(db, sentAt, changes);
  const detail = JSON.stringify({ signerName: 'Camille Durand', earlyStart });
  if (!(await recordEvent(db, { devisId: sent.devisId, version: 1, kind: 'accepted', at: acceptedAt, detail }))) {
    throw new Error('the acceptance was not recorded');
  }
  return sent;
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
