import { closeSync, existsSync, mkdirSync, openSync, readFileSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request as PlaywrightRequest, Route } from '@playwright/test';
import { ENDPOINT_BUILD_DIR, ENDPOINT_BUILD_PORT, ENDPOINT_PATH } from '../playwright.config';
import {
  QUOTE_FILE_FIELD,
  QUOTE_HONEYPOT_FIELD,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_REQUEST_ID_FIELD,
  QUOTE_REQUEST_TIMEOUT_MS,
  QUOTE_SUBMIT_DELAY_MS,
  QUOTE_SUCCESS_DURATION_MS,
  quoteForm,
} from '@/content/quote';
import { site } from '@/content/site';
import { fillTemplate, formatFileSize, telHref } from '../lib/format';
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
import { axeOn } from './page-checks';

/**
 * With NEXT_PUBLIC_QUOTE_ENDPOINT set at build time, the form posts to it. These tests run against the second
 * build made by scripts/test-builds.sh (build/out-endpoint/, served on E2E_PORT + 10), whose endpoint is the
 * company's own receiver on the same origin (ENDPOINT_PATH, as behind the site's nginx). Requests to it are
 * intercepted here, or sent on to a port nothing listens on; e2e/receiver.spec.ts sends them to the real
 * receiver through nginx.
 */
const ENDPOINT = `http://127.0.0.1:${ENDPOINT_BUILD_PORT}${ENDPOINT_PATH}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

/** A file of `size` zero bytes at `path`, written sparse (no disk blocks), for setInputFiles. */
function sparseFile(path: string, size: number): string {
  mkdirSync(dirname(path), { recursive: true });
  closeSync(openSync(path, 'w'));
  truncateSync(path, size);
  return path;
}

/** A port nothing listens on: opened by the system, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function expectSendError(page: Page, message = quoteForm.errors.send.text) {
  const form = controls(page);
  await expect(form.alert).toBeVisible();
  await expect(form.alert).toContainText(quoteForm.errors.send.title);
  await expect(form.alert).toContainText(message);
  await expect(form.alert.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
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
      throw new Error(`${ENDPOINT_BUILD_DIR}/ is missing: npm test (scripts/test-builds.sh) builds it`);
    const html = readFileSync(`${ENDPOINT_BUILD_DIR}/devis/index.html`, 'utf8');
    if (!html.includes(ENDPOINT_PATH))
      throw new Error(
        `${ENDPOINT_BUILD_DIR} was not built with ${ENDPOINT_PATH}: run npm test (scripts/test-builds.sh)`,
      );
  });

  test('posts every field and the file as multipart/form-data, then shows success and resets after 5 s', async ({
    page,
  }) => {
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{"reference":"D-20261123-K7F3QX"}',
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
    expect([...data.keys()].sort()).toEqual(
      [...Object.keys(sample), QUOTE_FILE_FIELD, QUOTE_HONEYPOT_FIELD, QUOTE_REQUEST_ID_FIELD].sort(),
    );
    // As in any form submission, line breaks arrive as CRLF.
    for (const [name, value] of Object.entries(sample)) expect(data.get(name), name).toBe(value.replace(/\n/g, '\r\n'));
    // A person never fills the anti-spam field; each submission carries its id.
    expect(data.get(QUOTE_HONEYPOT_FIELD)).toBe('');
    expect(data.get(QUOTE_REQUEST_ID_FIELD)).toMatch(UUID);
    const file = data.get(QUOTE_FILE_FIELD) as File;
    expect(file.name).toBe(sampleFile.name);
    expect(file.type).toBe(sampleFile.mimeType);
    expect(Buffer.from(await file.arrayBuffer()).equals(sampleFile.buffer)).toBe(true);

    // The answer came at once, but sending lasts the specified second.
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS - 1);
    await expect(form.sending).toBeDisabled();
    await expect(form.successTitle).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(form.successTitle).toBeVisible();
    await page.clock.runFor(QUOTE_SUCCESS_DURATION_MS - 1);
    await expect(form.successTitle).toBeVisible();
    await page.clock.runFor(1);
    await expect(form.successTitle).toHaveCount(0);
    await expectFormCleared(page);
    expect(posted).toHaveLength(1);
    // The request's reference, from the endpoint's answer, stays above the cleared form.
    const sentLine = fillTemplate(quoteForm.sent.withReference, { reference: 'D-20261123-K7F3QX' });
    await expect(form.sentLine).toHaveText(sentLine);
    await page.clock.runFor(30 * 60_000);
    await expect(form.sentLine).toHaveText(sentLine);

    // The next request is another submission: a new id.
    await fillQuoteForm(page, false);
    await form.submit.click();
    await expect.poll(() => posted.length).toBe(2);
    const second = (await formDataOf(posted[1]!)).get(QUOTE_REQUEST_ID_FIELD);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(data.get(QUOTE_REQUEST_ID_FIELD));
  });

  test('the success screen promises the confirmation e-mail only when the receiver says it sent one (true, then false on the next request) @desktop', async ({
    page,
  }) => {
    let confirmation = true;
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({ reference: 'DEV-20260101-0001', confirmation }),
      }),
    );
    const success = page.getByRole('status');
    await submitWithPausedClock(page, posted);
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(controls(page).successTitle).toBeVisible();
    await expect(success).toContainText(quoteForm.success.textWithConfirmation);

    // Once the success screen is gone, the same visitor sends again: this time no e-mail was sent.
    await page.clock.runFor(QUOTE_SUCCESS_DURATION_MS);
    await expect(controls(page).successTitle).toHaveCount(0);
    await expect(controls(page).submit).toBeEnabled();
    confirmation = false;
    await fillQuoteForm(page);
    await controls(page).submit.click();
    await expect.poll(() => posted.length).toBe(2);
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(controls(page).successTitle).toBeVisible();
    await expect(success).toContainText(quoteForm.success.text);
    await expect(success).not.toContainText(quoteForm.success.textWithConfirmation);
  });

  test('sending lasts as long as the request takes @desktop', async ({ page }) => {
    let answer: (() => Promise<void>) | undefined;
    const posted = await interceptEndpoint(page, (route) => {
      answer = () => route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*' } });
    });
    await submitWithPausedClock(page, posted);
    const form = controls(page);
    await page.clock.runFor(QUOTE_SUCCESS_DURATION_MS);
    await expect(form.sending).toBeDisabled();
    await answer!();
    await expect(form.successTitle).toBeVisible();
  });

  test('a 500 answer shows the error with the phone, keeps every field and the file, and allows a retry @desktop', async ({
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
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expectSendError(page);

    // Retry with the same data: it goes through, as the same submission (same id: stored once).
    status = 200;
    await form.submit.click();
    await expect(form.alert).toHaveCount(0);
    await expect.poll(() => posted.length).toBe(2);
    const [first, retry] = await Promise.all(posted.map((request) => formDataOf(request)));
    expect(retry!.get('firstName')).toBe(sample.firstName);
    expect(retry!.get(QUOTE_REQUEST_ID_FIELD)).toBe(first!.get(QUOTE_REQUEST_ID_FIELD));
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(form.successTitle).toBeVisible();
  });

  test('a refusal with a reason shows that French sentence, keeps every field and the file @desktop', async ({
    page,
  }) => {
    const reason = 'Le numéro de téléphone semble incomplet : indiquez au moins 10 chiffres.';
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: reason }) }),
    );
    await submitWithPausedClock(page, posted);
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expectSendError(page, reason);
    await expect(controls(page).alert).not.toContainText(quoteForm.errors.send.text);
  });

  test('a refused connection shows the error and keeps the data @desktop', async ({ page }) => {
    const port = await closedPort();
    const posted = await interceptEndpoint(page, (route) => route.continue({ url: `http://127.0.0.1:${port}/quote` }));
    await submitWithPausedClock(page, posted);
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expectSendError(page);
  });

  test('no answer within the time limit is a failure: error, data kept @desktop', async ({ page }) => {
    const posted = await interceptEndpoint(page, () => {
      // Never answered.
    });
    await submitWithPausedClock(page, posted);
    const form = controls(page);
    await page.clock.runFor(QUOTE_REQUEST_TIMEOUT_MS - 1);
    await expect(form.sending).toBeDisabled();
    await expect(form.alert).toHaveCount(0);
    await page.clock.runFor(1);
    await expectSendError(page);
  });

  test('a file over the limit is refused before sending, with its name and size; nothing is posted @desktop', async ({
    page,
  }, testInfo) => {
    // The browser reads the files from disk (sparse files: no 10 Mo sent through the protocol as base64).
    const tooLarge = sparseFile(testInfo.outputPath('too-large', 'photos-chantier.pdf'), QUOTE_MAX_FILE_BYTES + 1);
    const atLimit = sparseFile(testInfo.outputPath('at-limit', 'plan.pdf'), QUOTE_MAX_FILE_BYTES);
    const posted = await interceptEndpoint(page, (route) =>
      route.fulfill({ status: 200, headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    const methods: string[] = [];
    page.on('request', (request) => methods.push(request.method()));
    await openQuotePage(page);
    const form = controls(page);
    await fillQuoteForm(page, false);
    await form.file.setInputFiles(tooLarge);
    await form.submit.click();
    await expect(form.alert).toContainText(quoteForm.errors.fileTooLarge.title);
    await expect(form.alert).toContainText(
      fillTemplate(quoteForm.errors.fileTooLarge.text, {
        fichier: 'photos-chantier.pdf',
        taille: formatFileSize(QUOTE_MAX_FILE_BYTES + 1),
      }),
    );
    await expect(form.alert).toBeFocused();
    await expect(form.file).toHaveAttribute('aria-invalid', 'true');
    await expect(form.submit).toBeEnabled();
    await expect(form.sending).toHaveCount(0);
    expect(posted).toHaveLength(0);
    expect(methods.filter((method) => method !== 'GET' && method !== 'HEAD')).toEqual([]);

    // Removing the file clears the error; a file of exactly 10 Mo goes.
    await page
      .getByRole('button', { name: fillTemplate(quoteForm.file.removeLabel, { fichier: 'photos-chantier.pdf' }) })
      .click();
    await expect(form.alert).toHaveCount(0);
    await form.file.setInputFiles(atLimit);
    await form.submit.click();
    await expect(form.successTitle).toBeVisible();
    expect(posted).toHaveLength(1);
  });

  // The privacy notice and the privacy policy of this build: unit/out/endpoint-build.test.ts reads them.

  test('no accessibility violations with the error shown (axe)', async ({ page }) => {
    await interceptEndpoint(page, (route) =>
      route.fulfill({ status: 503, headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    await openQuotePage(page);
    await fillQuoteForm(page);
    await controls(page).submit.click();
    await expect(controls(page).alert).toBeVisible();
    const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
    expect(results.violations).toEqual([]);
  });
});

test.describe('quote form without NEXT_PUBLIC_QUOTE_ENDPOINT', () => {
  test('submitting makes no request: nothing posted, nothing to the endpoint or elsewhere @desktop', async ({
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
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(controls(page).successTitle).toBeVisible();
    await page.clock.runFor(QUOTE_SUCCESS_DURATION_MS);
    await expect(controls(page).submit).toBeEnabled();
    // Plain links prefetch nothing: from the submit to the reset, the page makes no request at all.
    expect(requests).toEqual([]);
    expect(externalRequests).toEqual([]);
    const html = await page.content();
    expect(html).not.toContain(ENDPOINT_PATH);
    // Nor is the anti-spam field there: without an endpoint nothing is sent, so there is nothing to trap.
    await expect(page.locator(`[name="${QUOTE_HONEYPOT_FIELD}"]`)).toHaveCount(0);
  });
});
