import type { Request as PlaywrightRequest } from '@playwright/test';
import { ENDPOINT_BUILD_PORT } from '../playwright.config';
import { QUOTE_HONEYPOT_FIELD, QUOTE_REQUEST_ID_FIELD } from '@/content/quote-settings';
import { paths } from '@/content/navigation';
import { terminationForm } from '@/content/termination';
import { TERMINATION_RECEIVER_PATH } from '@/content/termination-settings';
import { formatFrenchDay } from '../lib/format';
import { expect, test, waitForHydration } from './fixtures';
import { fillTermination, sampleTermination, terminationControls } from './termination-form';

/**
 * « Résilier un contrat » in the build whose forms post to the company's own receiver (build/out-endpoint/,
 * scripts/test-builds.sh): the form posts to /api/resiliation, answered here; e2e/receiver.spec.ts sends one to
 * the real receiver through nginx. At 360 and 1280 px.
 */
const ORIGIN = `http://127.0.0.1:${ENDPOINT_BUILD_PORT}`;
const ENDPOINT = `${ORIGIN}${TERMINATION_RECEIVER_PATH}`;

async function formDataOf(request: PlaywrightRequest) {
  const headers = await request.allHeaders();
  const body = request.postDataBuffer();
  if (!body) throw new Error('The request has no body');
  return new Request('http://receiver.test/', {
    method: 'POST',
    headers: { 'content-type': headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  }).formData();
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, baseURL: ORIGIN });

    test('posts every field with its id and the trap; shows the reference and the effective date @desktop', async ({
      page,
    }) => {
      const seen: PlaywrightRequest[] = [];
      await page.route(ENDPOINT, async (route) => {
        seen.push(route.request());
        await route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({ reference: 'R-20261126-K7F3QX', confirmation: true, effectiveDate: '2027-05-02' }),
        });
      });
      await page.goto(paths.termination);
      await waitForHydration(page);
      await fillTermination(page);
      const form = terminationControls(page);
      await form.review.click();
      await form.notify.click();
      await expect(page.getByRole('heading', { name: terminationForm.success.title })).toBeFocused();
      const status = page.getByRole('status');
      await expect(status).toContainText(terminationForm.success.withConfirmation);
      await expect(status).toContainText(
        terminationForm.success.effective.replace('{date}', formatFrenchDay('2027-05-02')),
      );
      await expect(status).toContainText('R-20261126-K7F3QX');
      expect(seen).toHaveLength(1);
      const sent = await formDataOf(seen[0]!);
      expect(sent.get('lastName')).toBe(sampleTermination.lastName);
      expect(sent.get('contractType')).toBe('maintenance');
      expect(sent.get('contractStart')).toBe(sampleTermination.contractStart);
      expect(sent.get('reason')).toBe(sampleTermination.reason);
      expect(sent.get(QUOTE_HONEYPOT_FIELD)).toBe('');
      expect(String(sent.get(QUOTE_REQUEST_ID_FIELD))).toMatch(/^[0-9a-f-]{36}$/);
    });

    test('a refusal naming a field comes back under it, with everything typed kept; a failure keeps the summary @desktop', async ({
      page,
    }) => {
      const refusal = 'La date de signature du contrat ne peut pas être dans le futur : vérifiez-la.';
      let answer: 'refuse' | 'fail' = 'refuse';
      const ids: string[] = [];
      await page.route(ENDPOINT, async (route) => {
        ids.push(String((await formDataOf(route.request())).get(QUOTE_REQUEST_ID_FIELD)));
        if (answer === 'fail') return route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' });
        return route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: refusal, code: 'contract-start', field: 'contractStart' }),
        });
      });
      await page.goto(paths.termination);
      await waitForHydration(page);
      await fillTermination(page);
      const form = terminationControls(page);
      await form.review.click();
      await form.notify.click();
      await expect(form.contractStart).toBeFocused();
      await expect(form.contractStart).toHaveAccessibleDescription(new RegExp(refusal.slice(0, 30)));
      await expect(form.lastName).toHaveValue(sampleTermination.lastName);
      await expect(form.reason).toHaveValue(sampleTermination.reason);
      // The server is down: the summary stays, with the alert and the phone; the retry keeps the same id.
      answer = 'fail';
      await form.contractStart.fill('2024-05-03');
      await form.review.click();
      await form.notify.click();
      await expect(page.getByRole('main').getByRole('alert')).toContainText(terminationForm.errors.send.title);
      await expect(form.summary).toBeVisible();
      await form.notify.click();
      await expect.poll(() => ids.length).toBe(3);
      expect(ids[1]).toBe(ids[2]);
    });
  });
}
