import type { Page } from '@playwright/test';
import { paths } from '@/content/navigation';
import { terminationForm } from '@/content/termination';
import { expect, waitForHydration } from './fixtures';

/** The « Résilier un contrat » form's controls, by their French labels. */
export function terminationControls(page: Page) {
  // By role and accessible name (a label's text also holds the required mark, hidden from that name).
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
  const { identity, contract, reason } = terminationForm;
  const text = Object.fromEntries(identity.fields.map((field) => [field.name, textbox(field.label)])) as Record<
    'lastName' | 'firstName' | 'company' | 'email',
    ReturnType<Page['getByLabel']>
  >;
  return {
    ...text,
    contractType: page.getByRole('combobox', { name: contract.type.label, exact: true }),
    contractReference: textbox(contract.reference.label),
    // Date inputs have no textbox role: their label, which no other one contains.
    contractStart: page.getByLabel(contract.start.label),
    desiredDate: page.getByLabel(contract.desired.label),
    reason: textbox(reason.label),
    review: page.getByRole('button', { name: terminationForm.review }),
    notify: page.getByRole('button', { name: terminationForm.summary.notify }),
    edit: page.getByRole('button', { name: terminationForm.summary.edit }),
    summary: page.getByRole('region', { name: terminationForm.summary.title }),
  };
}

export const sampleTermination = {
  lastName: 'Garnier',
  firstName: 'Paul',
  email: 'paul.garnier@exemple.fr',
  contractReference: 'MC-2024/031',
  contractStart: '2024-05-02',
  reason: 'Vente de la maison.',
};

export async function openTerminationPage(page: Page): Promise<void> {
  await page.goto(paths.termination);
  await waitForHydration(page);
  await expect(terminationControls(page).review).toBeEnabled();
}

/** Fills every field for a maintenance contract. */
export async function fillTermination(page: Page): Promise<void> {
  const form = terminationControls(page);
  await form.lastName.fill(sampleTermination.lastName);
  await form.firstName.fill(sampleTermination.firstName);
  await form.email.fill(sampleTermination.email);
  await form.contractType.selectOption('maintenance');
  await form.contractReference.fill(sampleTermination.contractReference);
  await form.contractStart.fill(sampleTermination.contractStart);
  await form.reason.fill(sampleTermination.reason);
}
