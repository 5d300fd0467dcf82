import {
  locationOptions,
  QUOTE_MAX_FILE_BYTES,
  QUOTE_RECEIVER_PATH,
  quoteForm,
  serviceTypeOptions,
} from '@/content/quote';
import { BODY_TOO_LARGE, TERMINATION_BODY_LIMIT_KIB, TERMINATION_BODY_TOO_LARGE } from '../deploy/render';
import { TERMINATION_RECEIVER_PATH } from '@/content/termination-settings';
import { paths } from '@/content/navigation';
import { terminationForm, terminationPlainPages } from '@/content/termination';
import { formatFrenchDay } from '../lib/format';
import { expect, test as base } from './fixtures';
import { controls, expectFormKept, fillQuoteForm, openQuotePage, sample, sampleFile } from './quote-form';
import type { ReceiverStack } from './receiver-process';
import { raw, until } from './servers';
import { fillTermination, sampleTermination, terminationControls } from './termination-form';

/**
 * The whole chain a visitor's request travels in production: the site built to post to /api/devis, served
 * by nginx with the project's config, which passes /api/devis to the company's own receiver (receiver/,
 * started with `npm run receiver` as on a server), which stores the request in SQLite and mails the
 * company and the visitor through a real SMTP server started here.
 */
const test = base.extend<{ stack: ReceiverStack }>({
  // This spec's chain, one for each worker (./worker-servers.ts).
  stack: async ({ quoteStack }, use) => use(quoteStack),
  baseURL: async ({ stack }, provide) => provide(stack.nginx.origin),
});
// One worker for the whole file, its tests in order: its receiver starts once, not once in each worker.
test.describe.configure({ mode: 'default' });

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

test.describe('a quote request through nginx to the receiver @desktop', () => {
  test('reaches the company with its file byte for byte, and the visitor gets the confirmation', async ({
    page,
    stack,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await openQuotePage(page);
    await fillQuoteForm(page);
    const before = stack.mailbox.messages.length;
    const answer = page.waitForResponse((response) => response.url().endsWith(QUOTE_RECEIVER_PATH));
    await controls(page).submit.click();
    expect((await answer).status()).toBe(201);
    await expect(controls(page).successTitle).toBeVisible();

    await until('both mails', () => stack.mailbox.messages.length >= before + 2);
    const mails = stack.mailbox.messages.slice(before);
    const company = mails.find((mail) => mail.to && 'text' in mail.to && mail.to.text.includes(stack.notifyEmail));
    const visitor = mails.find((mail) => mail.to && 'text' in mail.to && mail.to.text.includes(sample.email));
    expect(mails).toHaveLength(2);
    // Both carry the request's reference in their subject.
    const reference = company?.subject
      ?.split(' ')
      .find((word) => visitor?.subject?.split(' ').includes(word) && /\d/.test(word));
    expect(reference).toBeTruthy();

    // The company: every field, the file as sent, and a reply goes to the visitor.
    expect(company?.replyTo?.text).toContain(sample.email);
    for (const value of [sample.firstName, sample.lastName, sample.email, sample.phone]) {
      expect(company?.text).toContain(value);
    }
    expect(company?.text).toContain(labelOf(serviceTypeOptions, sample.serviceType));
    expect(company?.text).toContain(labelOf(locationOptions, sample.location));
    expect(company?.text?.replace(/\r\n/g, '\n')).toContain(sample.description);
    expect(company?.attachments).toHaveLength(1);
    expect(company?.attachments[0]?.filename).toBe(sampleFile.name);
    expect(company?.attachments[0]?.content.equals(sampleFile.buffer)).toBe(true);

    // The visitor: a confirmation with the reference, never the description nor the file.
    expect(visitor?.text).toContain(sample.firstName);
    expect(visitor?.text).toContain(reference);
    expect(visitor?.text).not.toContain(sample.description.split('\n')[0]);
    expect(visitor?.attachments).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  test('a request the receiver refuses shows its French reason, and keeps every field and the file', async ({
    page,
    stack,
  }) => {
    await openQuotePage(page);
    await fillQuoteForm(page);
    // The browser accepts any text in a telephone field; the receiver wants a number it can call.
    await controls(page).phone.fill('12');
    const answer = page.waitForResponse((response) => response.url().endsWith(QUOTE_RECEIVER_PATH));
    const before = stack.mailbox.messages.length;
    await controls(page).submit.click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const { error } = (await response.json()) as { error: string };
    const form = controls(page);
    await expect(form.alert).toContainText(quoteForm.errors.send.title);
    await expect(form.alert).toContainText(error);
    await expect(form.phone).toHaveValue('12');
    await form.phone.fill(sample.phone);
    await expectFormKept(page);
    expect(stack.mailbox.messages.length).toBe(before);
  });

  test('nginx itself refuses an upload over the limit, in French, before the receiver reads it', async ({ stack }) => {
    const response = await raw(
      stack.nginx.origin,
      QUOTE_RECEIVER_PATH,
      { 'Content-Type': 'multipart/form-data; boundary=x', Origin: stack.nginx.origin },
      { method: 'POST', body: Buffer.alloc(QUOTE_MAX_FILE_BYTES + 2 * 1024 * 1024) },
    );
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ error: BODY_TOO_LARGE });
    // The health check answers through the same path.
    expect((await raw(stack.nginx.origin, `${QUOTE_RECEIVER_PATH}/health`)).status).toBe(200);
    // Only to the host itself: another address (127.0.0.2, loopback too, stands for any other) gets a 404.
    const elsewhere = await raw(stack.nginx.origin, `${QUOTE_RECEIVER_PATH}/health`, {}, { localAddress: '127.0.0.2' });
    expect(elsewhere.status).toBe(404);
  });

  test('a termination request through nginx: stored, acknowledged by mail with its effective date; too large, refused by nginx in French', async ({
    stack,
  }) => {
    const fields = new FormData();
    const email = `resiliation.${Date.now()}@exemple.fr`;
    for (const [name, value] of Object.entries({
      lastName: 'Garnier',
      firstName: 'Paul',
      email,
      contractType: 'devis',
      contractReference: 'D-2026/118',
      requestId: crypto.randomUUID(),
    }))
      fields.append(name, value);
    const response = await fetch(`${stack.nginx.origin}${TERMINATION_RECEIVER_PATH}`, {
      method: 'POST',
      body: fields,
      headers: { Accept: 'application/json', Origin: stack.nginx.origin },
    });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { reference: string; effectiveDate: string };
    expect(answer.reference).toMatch(/^R-\d{8}-[A-Z2-9]{6}$/);
    await expect.poll(() => stack.mailbox.withReference(answer.reference).length, { timeout: 20_000 }).toBe(2);
    const acknowledgment = stack.mailbox
      .withReference(answer.reference)
      .find((mail) => JSON.stringify(mail.to).includes(email));
    expect(acknowledgment?.text).toContain(formatFrenchDay(answer.effectiveDate));

    const tooLarge = await raw(
      stack.nginx.origin,
      TERMINATION_RECEIVER_PATH,
      { 'Content-Type': 'multipart/form-data; boundary=x', Origin: stack.nginx.origin },
      { method: 'POST', body: Buffer.alloc((TERMINATION_BODY_LIMIT_KIB + 8) * 1024) },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(tooLarge.body.toString('utf8'))).toEqual({
      error: TERMINATION_BODY_TOO_LARGE,
      code: 'body-too-large',
    });
  });
});

test.describe('« Résilier un contrat » without JavaScript, through nginx to the receiver @desktop', () => {
  test.use({ javaScriptEnabled: false });

  test('the summary, « Modifier » with everything kept, then notified: the acknowledgment page and its mails', async ({
    page,
    stack,
  }) => {
    // The pages' inline stylesheet and forms pass both CSPs, the receiver's and nginx's baseline (the 400 of
    // the faulty e-mail is the page meant).
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('status of 400')) problems.push(message.text());
    });
    await page.goto(paths.termination);
    const form = terminationControls(page);
    await fillTermination(page);
    const email = `sans-js.${Date.now()}@exemple.fr`;
    await form.email.fill(email);
    const posted = page.waitForRequest((request) => request.url().endsWith(TERMINATION_RECEIVER_PATH));
    await form.review.click();
    expect(await (await posted).headerValue('content-type')).toBe('application/x-www-form-urlencoded');
    await expect(page.getByRole('heading', { level: 1, name: terminationForm.summary.title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(sampleTermination.contractReference);

    await page.getByRole('button', { name: terminationForm.summary.edit }).click();
    await expect(page.getByRole('heading', { level: 1, name: terminationPlainPages.editTitle })).toBeVisible();
    await expect(form.lastName).toHaveValue(sampleTermination.lastName);
    await expect(form.contractStart).toHaveValue(sampleTermination.contractStart);
    await expect(form.reason).toHaveValue(sampleTermination.reason);
    await form.email.fill('pas-une-adresse');
    await form.review.click();
    await expect(form.email).toHaveAccessibleDescription(/L’adresse e-mail n’est pas valide/);
    await expect(form.firstName).toHaveValue(sampleTermination.firstName);
    await form.email.fill(email);
    await form.review.click();

    await page.getByRole('button', { name: terminationForm.summary.notify }).click();
    await expect(page.getByRole('heading', { level: 1, name: terminationForm.success.title })).toBeVisible();
    const status = page.getByRole('status');
    await expect(status).toContainText(terminationForm.success.withConfirmation);
    const reference = /R-\d{8}-[A-Z2-9]{6}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');
    await expect.poll(() => stack.mailbox.withReference(reference).length, { timeout: 20_000 }).toBe(2);
    expect(problems).toEqual([]);
  });
});
