import { expect } from '@playwright/test';
import { devisVatRates } from '@/content/devis';
import { devisClientTexts } from '@/content/devis-client';
import { devisAnswerTexts } from '@/content/devis-answers';
import { seedDevis } from './devis-seed';
import type { ReceiverStack } from './receiver-process';
import { raw, until } from './servers';
import { test as base } from './worker-servers';

/**
 * The client's page of a devis as the client reaches it in production: nginx with the project's config
 * (deploy/render.ts publishes DEVIS_CLIENT_PATH to the receiver's public listener), the receiver started as
 * `npm run receiver` does, its mails caught by a real SMTP server. On a 390 px phone, without JavaScript: open
 * the link, tick what the seeded devis asks (« Bon pour accord » with its total, the VAT certification, the
 * e-mail consent of an off-premises contract), read the code from its mail, sign, see « Accepté ».
 */

const CLIENT_EMAIL = 'camille.durand@example.fr';

const test = base.extend<{ stack: ReceiverStack }>({
  // This spec's chain, one for each worker (./worker-servers.ts).
  stack: async ({ devisStack }, use) => use(devisStack),
});

/** A devis sent to the client, as the team's sending does, in the receiver's store: its link's path. */
function sentDevisLink(dataDir: string): string {
  return seedDevis(dataDir, CLIENT_EMAIL).link;
}

test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

// One test, the altered link a step of it: the devis is seeded once (a second Node process).
test('the client opens the link, accepts with the code from the mail, and sees « Accepté »; an altered link answers the French 404 @mobile', async ({
  page,
  stack,
}) => {
  // Real work, not waiting: a second Node process seeds the devis, and the acceptance renders two PDF files
  // and mails them (about 10 s on a quiet machine). A loaded one (CI beside other jobs) once took over 30 s.
  test.slow();
  const link = sentDevisLink(stack.dataDir);

  await test.step('an altered link answers the French 404 through nginx, never the site’s page', async () => {
    const altered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    const response = await raw(stack.nginx.origin, altered);
    expect(response.status).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.toString()).toContain(devisClientTexts.notFound.slice(0, 40));
  });

  const response = await page.goto(`${stack.nginx.origin}${link}`);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['strict-transport-security']).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Devis n°');
  await expect(page.getByText(devisClientTexts.states.awaiting)).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The footer reaches « Résilier un contrat » from where the contract is concluded.
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: devisClientTexts.footer.termination }),
  ).toBeVisible();

  await page.getByLabel(devisClientTexts.name).fill('Camille Durand');
  // « Bon pour accord » names the total TTC the table shows.
  const total = (await page.locator('tr.ttc td').textContent()) ?? '';
  const agreement = page.getByLabel(devisClientTexts.goodForAgreement.split('{total}')[0] ?? '');
  await expect(agreement).toHaveAccessibleName(new RegExp(`${total.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} TTC`));
  await agreement.check();
  const reduced = devisVatRates.find((rate) => rate.id === 'homeWorks');
  await page.getByLabel(reduced?.attestation ?? '').check();
  await page.getByLabel(devisClientTexts.durableMedium).check();
  await page.getByRole('button', { name: devisClientTexts.sendCode }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(devisClientTexts.codeTitle);
  // The recap of what the code will sign, before the code is typed, and a way back to change it.
  await expect(page.getByRole('heading', { name: devisAnswerTexts.recap.title })).toBeVisible();
  await expect(page.getByText('Camille Durand', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: devisAnswerTexts.recap.edit })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  let code = '';
  await until('the code mail', () => {
    const mail = stack.mailbox.messages.find(
      (message) => message.to && 'text' in message.to && message.to.text === CLIENT_EMAIL,
    );
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    return code !== '';
  });
  await page.getByLabel(devisClientTexts.codeLabel).fill(code);
  await page.getByRole('button', { name: devisClientTexts.confirm }).click();
  await expect(page.getByText(devisClientTexts.states.accepted, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: devisClientTexts.sendCode })).toHaveCount(0);
  await until(
    'the acceptance mails',
    // Each: the devis, its proof and the CGV that govern it.
    () => stack.mailbox.messages.filter((message) => message.attachments.length === 3).length === 2,
  );
});
