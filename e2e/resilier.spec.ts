import { paths } from '@/content/navigation';
import { site } from '@/content/site';
import { terminationEffects, terminationForm, terminationPage } from '@/content/termination';
import { QUOTE_SUBMIT_DELAY_MS } from '@/content/quote-settings';
import { formatFrenchDay } from '../lib/format';
import { expect, test } from './fixtures';
import { fillTermination, openTerminationPage, sampleTermination, terminationControls } from './termination-form';
import { axeOn } from './page-checks';

/**
 * « Résilier un contrat » in the default build, whose sending is simulated as the quote form's: the page,
 * its links from the footer and the CGV, the French errors next to each field with nothing typed lost, the
 * summary (D. 215-3), then « Notifier la résiliation ». At 360 and 1280 px.
 */

test('the page: title, one h1, linked from the footer and from the CGV’s maintenance contracts @desktop', async ({
  page,
}) => {
  await page.goto(paths.home);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Résilier un contrat' }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.termination}$`));
  await expect(page).toHaveTitle(`${terminationPage.meta.title} | ${site.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(terminationPage.intro.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.goto(paths.terms);
  await expect(
    page.locator('#contrats-de-maintenance').locator('..').getByRole('link', { name: 'Résilier un contrat' }),
  ).toHaveAttribute('href', paths.termination);
});

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test(`errors in French next to each field, nothing typed lost, announced @desktop`, async ({ page }) => {
      await openTerminationPage(page);
      const form = terminationControls(page);
      await form.firstName.fill('Paul');
      await form.email.fill('paul@');
      await form.contractType.selectOption('maintenance');
      await form.reason.fill(sampleTermination.reason);
      await form.review.click();
      // The first faulty field takes the focus; its message is tied to it.
      await expect(form.lastName).toBeFocused();
      await expect(form.lastName).toHaveAttribute('aria-invalid', 'true');
      await expect(form.lastName).toHaveAccessibleDescription(terminationForm.messages.required);
      await expect(form.email).toHaveAccessibleDescription(
        new RegExp(terminationForm.messages.email.replace(/[.]/g, '\\.')),
      );
      // The signature date is optional (« si vous la connaissez »): left empty, it is no fault.
      await expect(form.contractStart).not.toHaveAttribute('aria-invalid');
      await expect(page.getByText(terminationForm.errors.invalid)).toBeAttached();
      // What was typed stays.
      await expect(form.firstName).toHaveValue('Paul');
      await expect(form.reason).toHaveValue(sampleTermination.reason);
      // Typing clears a field's message.
      await form.lastName.fill('Garnier');
      await expect(form.lastName).not.toHaveAttribute('aria-invalid');
      // What a termination of a maintenance contract entails is shown before sending.
      await expect(page.getByText(terminationEffects.maintenance[0] ?? '-')).toBeVisible();
      // An accepted devis has no signature date to give.
      await form.contractType.selectOption('devis');
      await expect(form.contractStart).toBeHidden();
      await expect(page.getByText(terminationEffects.devis[0] ?? '-')).toBeVisible();
      expect(await axeOn(page).include('main').analyze()).toHaveProperty('violations', []);
    });

    test(`the summary, « Modifier », then « Notifier la résiliation »: sent, nothing leaves the page @desktop`, async ({
      page,
    }) => {
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') requests.push(request.url());
      });
      await page.clock.install();
      await openTerminationPage(page);
      await fillTermination(page);
      const form = terminationControls(page);
      await form.review.click();
      await expect(form.summary).toBeVisible();
      await expect(page.getByRole('heading', { name: terminationForm.summary.title })).toBeFocused();
      const summary = form.summary.getByRole('definition');
      await expect(summary).toContainText([
        sampleTermination.lastName,
        sampleTermination.firstName,
        sampleTermination.email,
        'Contrat de maintenance',
        sampleTermination.contractReference,
        formatFrenchDay(sampleTermination.contractStart),
        terminationForm.summary.asap,
        sampleTermination.reason,
      ]);
      // Back to the fields, as typed; a change shows in the summary.
      await form.edit.click();
      await expect(form.lastName).toHaveValue(sampleTermination.lastName);
      await form.contractReference.fill('MC-2024/032');
      await form.review.click();
      await expect(summary).toContainText(['MC-2024/032']);
      // The signature date may be left empty (« si vous la connaissez »): the summary says so.
      await form.edit.click();
      await form.contractStart.fill('');
      await form.review.click();
      await expect(form.summary).toContainText(terminationForm.summary.none);
      expect(await axeOn(page).include('main').analyze()).toHaveProperty('violations', []);

      await form.notify.click();
      await expect(page.getByRole('button', { name: terminationForm.sending })).toBeDisabled();
      await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
      await expect(page.getByRole('heading', { name: terminationForm.success.title })).toBeFocused();
      await expect(page.getByRole('status')).toContainText(terminationForm.success.text);
      expect(requests).toEqual([]);
    });
  });
}
