import {
  QUOTE_ACCEPTED_EXTENSIONS,
  QUOTE_FILE_FIELD,
  QUOTE_MAX_LENGTHS,
  QUOTE_SUBMIT_DELAY_MS,
  QUOTE_SUCCESS_DURATION_MS,
  locationOptions,
  quote,
  quoteForm,
  serviceTypeOptions,
} from '@/content/quote';
import { site } from '@/content/site';
import { paths } from '@/content/navigation';
import { fillTemplate, mailtoHref, telHref } from '../lib/format';
import { expect, test } from './fixtures';
import {
  controls,
  expectFormCleared,
  fieldLabels,
  fillQuoteForm,
  openQuotePage,
  pauseClock,
  sampleFile,
} from './quote-form';
import { axeOn } from './page-checks';

test.describe('quote page', () => {
  // One visit for the page's text and its fields (two tests opened it before).
  test('intro, free quote promise, phone alternative with the hours, privacy notice; fields: labels, types, names, required marks, option values, 6 rows, accept list and hint @desktop', async ({
    page,
  }) => {
    await openQuotePage(page);
    await expect(page).toHaveTitle(`${quote.meta.title} | ${site.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(quote.intro.title);
    await expect(page.getByRole('main')).toContainText(quote.intro.text);

    const promise = page.getByRole('region', { name: quote.promise.title });
    await expect(promise.getByRole('listitem')).toContainText(quote.promise.items.map((item) => item.title));

    const phone = page.getByRole('region', { name: quote.phone.title });
    await expect(phone.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(phone).toContainText(site.shortHours);

    const privacy = page.getByRole('region', { name: quote.privacy.title });
    await expect(privacy).toContainText(quote.privacy.controller);
    await expect(privacy).toContainText(quote.privacy.required);
    await expect(privacy.getByRole('link', { name: quote.privacy.policyLink })).toHaveAttribute('href', paths.privacy);
    await expect(privacy.getByRole('link', { name: site.privacyEmail })).toHaveAttribute(
      'href',
      mailtoHref(site.privacyEmail),
    );

    // The fields: labels, types, names, required marks, option values, 6 rows, accept list and hint.
    const form = controls(page);
    const formElement = page.locator('form', { has: form.firstName });
    await expect(formElement).not.toHaveAttribute('novalidate');
    await expect(formElement).toContainText(quoteForm.requiredNote);

    for (const field of quoteForm.textFields) {
      const control = form[field.name];
      await expect(control).toHaveAttribute('name', field.name);
      await expect(control).toHaveAttribute('type', field.type);
      await expect(control).toHaveAttribute('autocomplete', field.autoComplete);
      await expect(control).toHaveAttribute('maxlength', String(QUOTE_MAX_LENGTHS[field.name]));
      await expect(control).toHaveAttribute('required', '');
    }
    await expect(form.serviceType).toHaveAttribute('name', 'serviceType');
    await expect(form.location).toHaveAttribute('name', 'location');
    await expect(form.description).toHaveAttribute('name', 'description');
    for (const control of [form.serviceType, form.location, form.description]) {
      await expect(control).toHaveAttribute('required', '');
    }
    // Each visible label carries the required mark, hidden from assistive tech (the `required` attribute speaks).
    for (const label of Object.values(fieldLabels)) {
      const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(page.locator('label').filter({ hasText: new RegExp(`^${escaped}\\s*\\*$`) })).toBeVisible();
    }

    const optionValues = (select: typeof form.serviceType) =>
      select.locator('option').evaluateAll((options: HTMLOptionElement[]) => options.map((o) => o.value));
    expect(await optionValues(form.serviceType)).toEqual(['', ...serviceTypeOptions.map((o) => o.value)]);
    expect(await optionValues(form.location)).toEqual(['', ...locationOptions.map((o) => o.value)]);
    await expect(form.serviceType.locator('option')).toHaveText([
      quoteForm.selectFields[0]!.placeholder,
      ...serviceTypeOptions.map((o) => o.label),
    ]);
    await expect(form.location.locator('option')).toHaveText([
      quoteForm.selectFields[1]!.placeholder,
      ...locationOptions.map((o) => o.label),
    ]);
    await expect(form.serviceType).toHaveValue('');
    await expect(form.location).toHaveValue('');

    await expect(form.description).toHaveAttribute('rows', String(quoteForm.description.rows));
    await expect(form.description).toHaveAttribute('maxlength', String(QUOTE_MAX_LENGTHS.description));

    await expect(form.file).toHaveAttribute('type', 'file');
    await expect(form.file).toHaveAttribute('name', QUOTE_FILE_FIELD);
    await expect(form.file).not.toHaveAttribute('multiple');
    await expect(form.file).not.toHaveAttribute('required');
    await expect(form.file).toHaveAttribute('accept', QUOTE_ACCEPTED_EXTENSIONS.join(','));
    await expect(form.file).toHaveAccessibleDescription(quoteForm.file.hint);
    await expect(page.getByText(quoteForm.file.hint)).toBeVisible();
  });

  test('an empty submit stays in editing: the browser’s own validation stops it @desktop', async ({
    page,
    externalRequests,
  }) => {
    await page.clock.install();
    await openQuotePage(page);
    await pauseClock(page);
    const form = controls(page);
    await form.submit.click();
    expect(
      await page.locator('form', { has: form.firstName }).evaluate((f: HTMLFormElement) => f.checkValidity()),
    ).toBe(false);
    expect(await form.firstName.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS + QUOTE_SUCCESS_DURATION_MS);
    await expect(form.submit).toBeEnabled();
    await expect(form.sending).toHaveCount(0);
    await expect(form.successTitle).toHaveCount(0);
    // A wrong e-mail address is refused the same way.
    await fillQuoteForm(page, false);
    await form.email.fill('camille.martin');
    await form.submit.click();
    expect(await form.email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(form.successTitle).toHaveCount(0);
    expect(externalRequests).toEqual([]);
  });

  test('sending for 1 s, success for 5 s, then an empty form; nothing is sent', async ({ page, externalRequests }) => {
    const methods: string[] = [];
    const bodies: string[] = [];
    page.on('request', (request) => {
      methods.push(`${request.method()} ${request.url()}`);
      if (request.postDataBuffer()) bodies.push(request.url());
    });
    await page.clock.install();
    await openQuotePage(page);
    await pauseClock(page);
    const form = controls(page);
    await fillQuoteForm(page);
    await expect(page.getByText(sampleFile.name, { exact: true })).toBeVisible();

    await form.submit.click();
    await expect(form.sending).toBeVisible();
    await expect(form.sending).toBeDisabled();
    await expect(form.sending).toHaveText(quoteForm.sending);
    await expect(page.getByRole('status')).toContainText(quoteForm.sendingStatus);

    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS - 1);
    await expect(form.sending).toBeDisabled();
    await expect(form.successTitle).toHaveCount(0);

    await page.clock.runFor(1);
    const status = page.getByRole('status');
    await expect(form.sentLine).toHaveCount(0);
    await expect(status.getByRole('heading', { name: quoteForm.success.title })).toBeVisible();
    await expect(form.successTitle).toBeFocused();
    await expect(status).toContainText(quoteForm.success.textWithConfirmation);
    await expect(form.firstName).toBeHidden();
    await expect(page.getByRole('button', { name: /Envoi|Envoyer/ })).toBeHidden();

    // The success screen stays its whole duration, to the millisecond.
    await page.clock.runFor(QUOTE_SUCCESS_DURATION_MS - 1);
    await expect(form.successTitle).toBeVisible();
    await expect(form.firstName).toBeHidden();

    await page.clock.runFor(1);
    await expect(form.successTitle).toHaveCount(0);
    await expect(form.submit).toBeVisible();
    await expect(form.submit).toBeEnabled();
    await expectFormCleared(page);
    await expect(page.getByText(sampleFile.name, { exact: true })).toHaveCount(0);
    await expect(form.firstName).toBeFocused();

    // One line keeps the proof of sending above the cleared form, for as long as the visitor stays.
    await expect(form.sentLine).toHaveText(quoteForm.sent.text);
    const lineBox = await form.sentLine.boundingBox();
    const fieldBox = await form.firstName.boundingBox();
    expect(lineBox!.y + lineBox!.height).toBeLessThanOrEqual(fieldBox!.y);
    await page.clock.runFor(30 * 60_000);
    await expect(form.sentLine).toHaveText(quoteForm.sent.text);
    await expect(form.firstName).toBeVisible();

    // Only the site's own page and files are read.
    expect(methods.filter((line) => !/^GET /.test(line))).toEqual([]);
    expect(bodies).toEqual([]);
    expect(externalRequests).toEqual([]);
  });

  test('the chosen file is shown and can be removed', async ({ page }) => {
    await openQuotePage(page);
    const form = controls(page);
    await form.file.setInputFiles(sampleFile);
    await expect(page.getByText(sampleFile.name, { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: fillTemplate(quoteForm.file.removeLabel, { fichier: sampleFile.name }) })
      .click();
    await expect(page.getByText(sampleFile.name, { exact: true })).toHaveCount(0);
    await expect(form.file).toHaveValue('');
    expect(await form.file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await expect(form.file).toBeFocused();
  });

  test('keyboard only: from the first field to the submit button, in order', async ({ page }) => {
    await openQuotePage(page);
    const form = controls(page);
    await form.firstName.focus();
    for (const next of [
      form.lastName,
      form.email,
      form.phone,
      form.serviceType,
      form.location,
      form.description,
      form.file,
      form.submit,
    ]) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
  });

  test('no accessibility violations in the form (axe, WCAG 2.1 A and AA)', async ({ page }) => {
    await openQuotePage(page);
    await controls(page).file.setInputFiles(sampleFile);
    const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
    expect(results.violations).toEqual([]);
  });
});
