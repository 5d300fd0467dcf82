import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request as PlaywrightRequest, Route } from '@playwright/test';
import { ENDPOINT_BUILD_DIR, ENDPOINT_BUILD_PORT } from '../playwright.config';
import {
  QUOTE_MAX_FILE_BYTES,
  QUOTE_REQUEST_TIMEOUT_MS,
  QUOTE_SUCCESS_DURATION_MS,
  quote,
  quoteForm,
} from '../content/quote';
import { site } from '../content/site';
import { expect, test } from './fixtures';
import {
  controls,
  expectFormCleared,
  expectFormKept,
  fillQuoteForm,
  openQuotePage,
  pauseClock,
  sample,
  sampleFile,
} from './quote-form';

/**
 * Issue 8: with NEXT_PUBLIC_QUOTE_ENDPOINT set at build time, the form posts to it. These tests run against
 * the second build made by scripts/test.sh (build/out-endpoint/, served on E2E_PORT + 10), whose endpoint is
 * this URL (the same default as in scripts/test.sh). Requests to it are intercepted, or sent on to a receiver
 * started here, or to a port nothing listens on.
 */
const ENDPOINT = process.env.E2E_QUOTE_ENDPOINT ?? 'http://127.0.0.1:4999/quote';

/** The multipart body as a server reads it. */
async function formDataOf(request: PlaywrightRequest | { headers: Record<string, string>; body: Buffer }) {
  const headers = 'body' in request ? request.headers : await request.allHeaders();
  const body = 'body' in request ? request.body : request.postDataBuffer();
  if (!body) throw new Error('The request has no body');
  const init = {
    method: 'POST',
    headers: { 'content-type': headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  };
  return new Request('http://receiver.test/', init).formData();
}

/** Every request the page makes to the endpoint, answered by `answer` (which may leave it hanging). */
async function interceptEndpoint(page: Page, answer: (route: Route) => Promise<void> | void) {
  const seen: PlaywrightRequest[] = [];
  await page.route(ENDPOINT, async (route) => {
    seen.push(route.request());
    await answer(route);
  });
  return seen;
}

/** A port nothing listens on: opened by the system, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function expectSendError(page: Page) {
  const form = controls(page);
  await expect(form.alert).toBeVisible();
  await expect(form.alert).toContainText(quoteForm.errors.send.title);
  await expect(form.alert).toContainText('Votre demande n’a pas pu être envoyée.');
  await expect(form.alert).toContainText('Vos informations sont conservées');
  await expect(form.alert.getByRole('link', { name: site.phone })).toHaveAttribute('href', 'tel:+33465712345');
  await expect(form.alert).toContainText(site.shortHours);
  await expect(form.alert).toBeFocused();
  await expect(form.submit).toBeEnabled();
  await expect(form.submit).toHaveText(quoteForm.submit);
  await expect(form.successTitle).toHaveCount(0);
  await expectFormKept(page);
  await expect(page.getByText(sampleFile.name, { exact: true })).toBeVisible();
}

/**
 * Opens the quote page with its clock paused, fills the form (with the file) and submits it; resolves once
 * the request has reached the endpoint (`posted` is interceptEndpoint's list).
 */
async function submitWithPausedClock(page: Page, posted: readonly unknown[]) {
  await page.clock.install();
  await openQuotePage(page);
  await pauseClock(page);
  await fillQuoteForm(page);
  const before = posted.length;
  await controls(page).submit.click();
  await expect.poll(() => posted.length).toBe(before + 1);
}

test.describe('quote form posting to an endpoint', () => {
  test.use({ baseURL: `http://127.0.0.1:${ENDPOINT_BUILD_PORT}` });

  test.beforeAll(() => {
    if (!existsSync(ENDPOINT_BUILD_DIR))
      throw new Error(`${ENDPOINT_BUILD_DIR}/ is missing: npm test (scripts/test.sh) builds it`);
    const html = readFileSync(`${ENDPOINT_BUILD_DIR}/devis/index.html`, 'utf8');
    if (!html.includes(ENDPOINT))
      throw new Error(`${ENDPOINT_BUILD_DIR} was not built with ${ENDPOINT}: run npm test (scripts/test.sh)`);
  });

  test('posts every field and the file as multipart/form-data, then shows success and resets after 5 s', async ({
    page,
  }) => {
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{"ok":true}',
      }),
    );
    await page.clock.install();
    await openQuotePage(page);
    await pauseClock(page);
    const form = controls(page);
    await fillQuoteForm(page);
    await form.submit.click();
    await expect(form.sending).toBeDisabled();
    await expect.poll(() => posted.length).toBe(1);

    const request = posted[0]!;
    expect(request.method()).toBe('POST');
    expect(request.url()).toBe(ENDPOINT);
    expect(await request.headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const data = await formDataOf(request);
    expect([...data.keys()].sort()).toEqual([
      'description',
      'email',
      'file',
      'firstName',
      'lastName',
      'location',
      'phone',
      'serviceType',
    ]);
    // As in any form submission, line breaks arrive as CRLF.
    for (const [name, value] of Object.entries(sample)) expect(data.get(name), name).toBe(value.replace(/\n/g, '\r\n'));
    const file = data.get('file') as File;
    expect(file.name).toBe(sampleFile.name);
    expect(file.type).toBe(sampleFile.mimeType);
    expect(Buffer.from(await file.arrayBuffer()).equals(sampleFile.buffer)).toBe(true);

    // The answer came at once, but sending lasts the specified second.
    await page.clock.runFor(999);
    await expect(form.sending).toBeDisabled();
    await expect(form.successTitle).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(form.successTitle).toHaveText('Demande envoyée avec succès !');
    await page.clock.runFor(QUOTE_SUCCESS_DURATION_MS - 1);
    await expect(form.successTitle).toBeVisible();
    await page.clock.runFor(1);
    await expect(form.successTitle).toHaveCount(0);
    await expectFormCleared(page);
    expect(posted).toHaveLength(1);
  });

  test('a real receiver on another origin gets the request (CORS simple request) and a 2xx means success', async ({
    page,
  }) => {
    const received: { method: string; headers: Record<string, string>; body: Buffer }[] = [];
    const receiver: Server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          headers: req.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        });
        res
          .writeHead(201, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' })
          .end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/quote`;
    try {
      await interceptEndpoint(page, (route) => route.continue({ url: receiverUrl }));
      await openQuotePage(page);
      const form = controls(page);
      await fillQuoteForm(page, false);
      await form.submit.click();
      await expect(form.successTitle).toBeVisible();
      // No preflight: one POST, and no file part when no file is attached.
      expect(received.map((r) => r.method)).toEqual(['POST']);
      expect(received[0]!.headers.origin).toBe(`http://127.0.0.1:${ENDPOINT_BUILD_PORT}`);
      expect(received[0]!.headers.accept).toBe('application/json');
      const data = await formDataOf(received[0]!);
      expect(Object.fromEntries(data)).toEqual({ ...sample, description: sample.description.replace(/\n/g, '\r\n') });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test('sending lasts as long as the request takes', async ({ page }) => {
    let answer: (() => Promise<void>) | undefined;
    const posted = await interceptEndpoint(page, (route) => {
      answer = () => route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*' } });
    });
    await submitWithPausedClock(page, posted);
    const form = controls(page);
    await page.clock.runFor(5000);
    await expect(form.sending).toBeDisabled();
    await answer!();
    await expect(form.successTitle).toBeVisible();
  });

  test('a 500 answer shows the error with the phone, keeps every field and the file, and allows a retry', async ({
    page,
  }) => {
    let status = 500;
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{}',
      }),
    );
    await submitWithPausedClock(page, posted);
    const form = controls(page);
    await page.clock.runFor(1000);
    await expectSendError(page);

    // Retry with the same data: it goes through.
    status = 200;
    await form.submit.click();
    await expect(form.alert).toHaveCount(0);
    await expect.poll(() => posted.length).toBe(2);
    expect((await formDataOf(posted[1]!)).get('firstName')).toBe(sample.firstName);
    await page.clock.runFor(1000);
    await expect(form.successTitle).toBeVisible();
  });

  test('a refused connection shows the error and keeps the data', async ({ page }) => {
    const port = await closedPort();
    const posted = await interceptEndpoint(page, (route) => route.continue({ url: `http://127.0.0.1:${port}/quote` }));
    await submitWithPausedClock(page, posted);
    await page.clock.runFor(1000);
    await expectSendError(page);
  });

  test('no answer within 20 s is a failure: error, data kept', async ({ page }) => {
    expect(QUOTE_REQUEST_TIMEOUT_MS).toBe(20_000);
    const posted = await interceptEndpoint(page, () => {
      // Never answered.
    });
    await submitWithPausedClock(page, posted);
    const form = controls(page);
    await page.clock.runFor(19_999);
    await expect(form.sending).toBeDisabled();
    await expect(form.alert).toHaveCount(0);
    await page.clock.runFor(1);
    await expectSendError(page);
  });

  test('a file over 10 Mo is refused before sending, with its name and size; nothing is posted', async ({ page }) => {
    expect(QUOTE_MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({ status: 200, headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    const methods: string[] = [];
    page.on('request', (request) => methods.push(request.method()));
    await openQuotePage(page);
    const form = controls(page);
    await fillQuoteForm(page, false);
    await form.file.setInputFiles({
      name: 'photos-chantier.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(QUOTE_MAX_FILE_BYTES + 1),
    });
    await form.submit.click();
    await expect(form.alert).toContainText('Le fichier joint est trop volumineux.');
    await expect(form.alert).toContainText('« photos-chantier.pdf » pèse 10,1 Mo : la limite est de 10 Mo.');
    await expect(form.alert).toBeFocused();
    await expect(form.file).toHaveAttribute('aria-invalid', 'true');
    await expect(form.submit).toBeEnabled();
    await expect(form.sending).toHaveCount(0);
    expect(posted).toHaveLength(0);
    expect(methods.filter((method) => method !== 'GET' && method !== 'HEAD')).toEqual([]);

    // Removing the file clears the error; a file of exactly 10 Mo goes.
    await page.getByRole('button', { name: 'Retirer le fichier photos-chantier.pdf' }).click();
    await expect(form.alert).toHaveCount(0);
    await form.file.setInputFiles({
      name: 'plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(QUOTE_MAX_FILE_BYTES),
    });
    await form.submit.click();
    await expect(form.successTitle).toBeVisible();
    expect(posted).toHaveLength(1);
  });

  test('the privacy notice names the form processor', async ({ page }) => {
    await openQuotePage(page);
    await expect(page.getByRole('region', { name: quote.privacy.title })).toContainText(
      'Leur acheminement est confié à notre prestataire de réception des formulaires.',
    );
  });

  test('no accessibility violations with the error shown (axe)', async ({ page }) => {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    await interceptEndpoint(page, (route) =>
      route.fulfill({ status: 503, headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    await openQuotePage(page);
    await fillQuoteForm(page);
    await controls(page).submit.click();
    await expect(controls(page).alert).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('main')
      .analyze();
    expect(results.violations).toEqual([]);
  });
});

test.describe('quote form without NEXT_PUBLIC_QUOTE_ENDPOINT', () => {
  test('submitting makes no request: nothing posted, nothing to the endpoint or elsewhere', async ({
    page,
    externalRequests,
  }) => {
    const requests: string[] = [];
    await page.clock.install();
    await openQuotePage(page);
    await pauseClock(page);
    await fillQuoteForm(page);
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await controls(page).submit.click();
    await page.clock.runFor(1000);
    await expect(controls(page).successTitle).toBeVisible();
    await page.clock.runFor(5000);
    await expect(controls(page).submit).toBeEnabled();
    // Plain links prefetch nothing: from the submit to the reset, the page makes no request at all.
    expect(requests).toEqual([]);
    expect(externalRequests).toEqual([]);
    const html = await page.content();
    expect(html).not.toContain(ENDPOINT);
  });
});
