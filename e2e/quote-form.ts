import type { Page } from '@playwright/test';
import { locationOptions, quote, quoteForm, serviceTypeOptions } from '@/content/quote';
import { paths } from '@/content/navigation';
import { expect } from './fixtures';

/** Shared by devis.spec.ts and devis-endpoint.spec.ts: the form's controls, found as a visitor finds them. */

const [firstName, lastName, email, phone] = quoteForm.textFields;
const [serviceType, location] = quoteForm.selectFields;

export const fieldLabels = {
  firstName: firstName!.label,
  lastName: lastName!.label,
  email: email!.label,
  phone: phone!.label,
  serviceType: serviceType!.label,
  location: location!.label,
  description: quoteForm.description.label,
};

/** A visitor's request, by field name. */
export const sample = {
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'camille.martin@example.fr',
  phone: '06 39 98 12 34',
  serviceType: serviceTypeOptions[0]!.value,
  location: locationOptions[0]!.value,
  description: 'Installation d’une climatisation réversible\ndans un bureau de 40 m² au 2e étage.',
} as const;

export const sampleFile = {
  name: 'plan-bureau.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n% plan du bureau, fichier de test\n'),
};

export function controls(page: Page) {
  return {
    firstName: page.getByRole('textbox', { name: fieldLabels.firstName, exact: true }),
    lastName: page.getByRole('textbox', { name: fieldLabels.lastName, exact: true }),
    email: page.getByRole('textbox', { name: fieldLabels.email, exact: true }),
    phone: page.getByRole('textbox', { name: fieldLabels.phone, exact: true }),
    serviceType: page.getByRole('combobox', { name: fieldLabels.serviceType, exact: true }),
    location: page.getByRole('combobox', { name: fieldLabels.location, exact: true }),
    description: page.getByRole('textbox', { name: fieldLabels.description, exact: true }),
    file: page.getByLabel(quoteForm.file.label, { exact: true }),
    submit: page.getByRole('button', { name: quoteForm.submit, exact: true }),
    sending: page.getByRole('button', { name: quoteForm.sending, exact: true }),
    successTitle: page.getByRole('heading', { name: quoteForm.success.title, exact: true }),
    /** The line kept above the cleared form once the success screen has gone. */
    sentLine: page.getByRole('region', { name: quote.form.title }).getByText(/^Votre demande a bien été envoyée/),
    /** The form's own alert (the framework has its route announcer, also role="alert"). */
    alert: page.getByRole('region', { name: quote.form.title }).getByRole('alert'),
  };
}

/** Opens /devis/ and waits until the form is interactive (the submit button is enabled once React runs). */
export async function openQuotePage(page: Page) {
  await page.goto(paths.quote);
  await expect(controls(page).submit).toBeEnabled();
}

/** Every field but the service, which a test chooses itself (or leaves empty). */
export async function fillAllButService(page: Page) {
  const form = controls(page);
  await form.firstName.fill(sample.firstName);
  await form.lastName.fill(sample.lastName);
  await form.email.fill(sample.email);
  await form.phone.fill(sample.phone);
  await form.location.selectOption(sample.location);
  await form.description.fill(sample.description);
}

export async function fillQuoteForm(page: Page, withFile = true) {
  await fillAllButService(page);
  await controls(page).serviceType.selectOption(sample.serviceType);
  if (withFile) await controls(page).file.setInputFiles(sampleFile);
}

/** Every field still holds what the visitor typed, and the file is still attached. */
export async function expectFormKept(page: Page) {
  const form = controls(page);
  for (const name of ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'location', 'description'] as const) {
    await expect(form[name]).toHaveValue(sample[name]);
  }
  expect(await form.file.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((f) => f.name))).toEqual([
    sampleFile.name,
  ]);
}

/** Every field is empty and the file input holds no file (not only its label). */
export async function expectFormCleared(page: Page) {
  const form = controls(page);
  for (const name of ['firstName', 'lastName', 'email', 'phone', 'serviceType', 'location', 'description'] as const) {
    await expect(form[name]).toHaveValue('');
  }
  await expect(form.file).toHaveValue('');
  expect(await form.file.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
}

/** After `page.clock.install()` and the page load: stops the clock, so time moves only through runFor. */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1000);
}
