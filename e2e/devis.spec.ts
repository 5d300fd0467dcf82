import AxeBuilder from '@axe-core/playwright';
import {
  QUOTE_ACCEPTED_EXTENSIONS,
  QUOTE_SUBMIT_DELAY_MS,
  QUOTE_SUCCESS_DURATION_MS,
  locationOptions,
  quote,
  quoteForm,
  serviceTypeOptions,
} from '../content/quote';
import { site } from '../content/site';
import { telHref } from '../lib/format';
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

test.describe('quote page', () => {
  test('intro, free quote within 24 h valid 30 days, phone alternative with the hours, privacy notice', async ({
    page,
  }) => {
    await openQuotePage(page);
    await expect(page).toHaveTitle(`Demande de devis gratuit | ${site.name}`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThanOrEqual(50);
    expect(description?.length).toBeLessThanOrEqual(160);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/devis\/$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demande de devis gratuit');
    await expect(page.getByRole('main')).toContainText(quote.intro.text);

    const promise = page.getByRole('region', { name: quote.promise.title });
    await expect(promise.getByRole('listitem')).toContainText([
      'Gratuit et sans engagement',
      'Réponse sous 24 h',
      'Valable 30 jours',
    ]);

    const phone = page.getByRole('region', { name: quote.phone.title });
    await expect(phone.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(phone.getByRole('link', { name: site.phone })).toHaveAttribute('href', 'tel:+33465712345');
    await expect(phone).toContainText(site.shortHours);

    const privacy = page.getByRole('region', { name: quote.privacy.title });
    await expect(privacy).toContainText(`destinées à ${site.name}`);
    await expect(privacy).toContainText('pour étudier votre demande et vous adresser un devis');
    await expect(privacy).toContainText('Les champs marqués d’un * sont nécessaires');
    await expect(privacy.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/politique-de-confidentialite/',
    );
    await expect(privacy.getByRole('link', { name: site.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${site.privacyEmail}`,
    );
    // No form processor is named when the form only simulates sending.
    await expect(privacy).not.toContainText('acheminement');

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('fields: labels, types, names, required marks, option values, 6 rows, accept list and hint', async ({
    page,
  }) => {
    await openQuotePage(page);
    const form = controls(page);
    const formElement = page.locator('form', { has: form.firstName });
    await expect(formElement).not.toHaveAttribute('novalidate');
    await expect(formElement).toContainText('Les champs marqués d’un * sont obligatoires.');

    const expected = [
      [form.firstName, 'firstName', 'text', 'given-name'],
      [form.lastName, 'lastName', 'text', 'family-name'],
      [form.email, 'email', 'email', 'email'],
      [form.phone, 'phone', 'tel', 'tel'],
    ] as const;
    for (const [control, name, type, autocomplete] of expected) {
      await expect(control).toHaveAttribute('name', name);
      await expect(control).toHaveAttribute('type', type);
      await expect(control).toHaveAttribute('autocomplete', autocomplete);
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
    expect(await optionValues(form.serviceType)).toEqual(['', 'maintenance', 'installation', 'conseil', 'autre']);
    expect(await optionValues(form.location)).toEqual([
      '',
      'Antibes',
      'Juan-les-Pins',
      'Cannes',
      'Nice',
      'Grasse',
      'Valbonne',
      'Sophia Antipolis',
      'autre-paca',
    ]);
    await expect(form.serviceType.locator('option')).toHaveText([
      quoteForm.selectFields[0]!.placeholder,
      ...serviceTypeOptions.map((o) => o.label),
    ]);
    await expect(form.location.locator('option').last()).toHaveText('Autre (région PACA)');
    await expect(form.location.locator('option')).toHaveText([
      quoteForm.selectFields[1]!.placeholder,
      ...locationOptions.map((o) => o.label),
    ]);
    await expect(form.serviceType).toHaveValue('');
    await expect(form.location).toHaveValue('');

    await expect(form.description).toHaveAttribute('rows', '6');

    await expect(form.file).toHaveAttribute('type', 'file');
    await expect(form.file).toHaveAttribute('name', 'file');
    await expect(form.file).not.toHaveAttribute('multiple');
    await expect(form.file).not.toHaveAttribute('required');
    await expect(form.file).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,.doc,.docx');
    expect(QUOTE_ACCEPTED_EXTENSIONS.join(',')).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx');
    await expect(form.file).toHaveAccessibleDescription(/10\s+Mo maximum/);
    await expect(page.getByText('10 Mo maximum')).toBeVisible();
  });

  test('an empty submit stays in editing: the browser’s own validation stops it', async ({
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

  test('sending for 1000 ms, success for 5000 ms, then an empty form; nothing is sent', async ({
    page,
    externalRequests,
  }) => {
    // The specified timings (SPEC.md sections 4 and 9), kept as named constants in content/quote.ts.
    expect(QUOTE_SUBMIT_DELAY_MS).toBe(1000);
    expect(QUOTE_SUCCESS_DURATION_MS).toBe(5000);
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
    await expect(form.sending).toHaveText('Envoi en cours...');
    await expect(page.getByRole('status')).toContainText(quoteForm.sendingStatus);

    await page.clock.runFor(999);
    await expect(form.sending).toBeDisabled();
    await expect(form.successTitle).toHaveCount(0);

    await page.clock.runFor(1);
    const status = page.getByRole('status');
    await expect(status.getByRole('heading', { name: 'Demande envoyée avec succès !' })).toBeVisible();
    await expect(form.successTitle).toHaveText('Demande envoyée avec succès !');
    await expect(form.successTitle).toBeFocused();
    await expect(status).toContainText(quoteForm.success.text);
    await expect(status).toContainText('Un e-mail de confirmation va vous être envoyé.');
    await expect(form.firstName).toBeHidden();
    await expect(page.getByRole('button', { name: /Envoi|Envoyer/ })).toBeHidden();

    // 5999 ms after the submit: the success screen has been up for 4999 ms of its 5000.
    await page.clock.runFor(4999);
    await expect(form.successTitle).toBeVisible();
    await expect(form.firstName).toBeHidden();

    await page.clock.runFor(1);
    await expect(form.successTitle).toHaveCount(0);
    await expect(form.submit).toBeVisible();
    await expect(form.submit).toBeEnabled();
    await expectFormCleared(page);
    await expect(page.getByText(sampleFile.name, { exact: true })).toHaveCount(0);
    await expect(form.firstName).toBeFocused();

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
    await page.getByRole('button', { name: `Retirer le fichier ${sampleFile.name}` }).click();
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
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .include('main')
      .analyze();
    expect(results.violations).toEqual([]);
  });
});
