import { expect, type Page } from '@playwright/test';
import { DEVIS_CLIENT_PATH } from '@/content/devis';
import { devisClientLinkTexts } from '@/content/devis-client-links';
import { siteUrl } from '@/content/site';
import { openDb } from '../receiver/src/store/db';
import { layout } from '../receiver/src/store/storage';
import { addMember, type InboxReceiver } from './inbox-receiver';
import { expectNoHorizontalOverflow, expectNoViolations, typographyProblems } from './page-checks';
import { expectThumbTargets, virtualAuthenticator } from './inbox-checks';
import { test as base } from './worker-servers';
import { seed } from '../receiver/test/factories';

/**
 * « Faire le devis » on a phone, as the team lives it: a member signs in with their passkey (Chromium's
 * virtual authenticator), makes the devis of a request, adds a line of the price list and a typed one,
 * previews it, sends it, and gets the client's link, to share by SMS; then revokes that link, which shows the
 * client only « Lien retiré ». At 360 px, nothing scrolls sideways.
 * A real receiver (`npm run receiver`'s command) serves the inbox; the request is stored in its data folder.
 */
const test = base.extend<{ inbox: InboxReceiver }>({
  // This spec's receiver, one for each worker (./worker-servers.ts).
  inbox: async ({ devisInbox }, use) => use(devisInbox),
});

/** Nothing scrolls sideways, every control is big enough for a thumb, axe finds nothing, the French spaces are right. */
async function checkPhonePage(page: Page) {
  await page.waitForLoadState('load');
  await expectNoHorizontalOverflow(page);
  await expectThumbTargets(page);
  await expectNoViolations(page);
  expect(await typographyProblems(page)).toEqual([]);
}

test.describe('@desktop at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a member makes a devis from a request, previews it, sends it and gets the link to share', async ({
    page,
    inbox,
  }) => {
    // Real work, not waiting: a passkey sign-in, a devis made, previewed and sent, its PDF rendered (about 13 s
    // on a quiet machine, near the 30 s default on a loaded one).
    test.slow();
    const db = await openDb(inbox.dataDir, 5_000);
    const request = await seed(db, layout(inbox.dataDir), {
      firstName: 'Camille',
      lastName: 'Durand',
      phone: '06 39 98 12 34',
      email: 'camille.durand@exemple.fr',
    });
    db.close();

    await virtualAuthenticator(page);
    await page.goto(await addMember(inbox, 'Léa Martin', 'lea.devis@entreprise.test'));
    await page.getByRole('button', { name: 'Créer ma clé d’accès' }).click();
    await expect(page.getByRole('button', { name: /Se déconnecter/ })).toBeVisible();

    await page.goto(`${inbox.url}demandes/${request.reference}`);
    await page.getByRole('button', { name: 'Faire le devis' }).click();
    await expect(page.getByLabel('Nom du client')).toHaveValue('Camille Durand');
    await page.getByLabel('Adresse du chantier').fill('12 avenue des Pins, 06600 Antibes');
    await page.getByLabel('Ligne du tarif').selectOption('hourly');
    await page.getByRole('button', { name: 'Ajouter du tarif' }).click();
    await expect(page.getByRole('status')).toHaveText('Ligne ajoutée.');
    await page.getByRole('button', { name: 'Ajouter une ligne libre' }).click();
    const typed = page.getByRole('group', { name: 'Ligne 2' });
    // A designation of two lines, typed with a real Enter: Chromium posts its line break as CRLF (%0D%0A), which
    // the receiver reads as LF (receiver/src/form-body.ts) instead of refusing a control character.
    const designation = typed.getByLabel('Désignation');
    await designation.click();
    await designation.pressSequentially('Circulateur basse consommation');
    await designation.press('Enter');
    await designation.pressSequentially('posé et raccordé');
    await typed.getByLabel('Prix unitaire HT (€)').fill('180');
    await typed.getByLabel('Nature').selectOption('goods');
    await checkPhonePage(page);
    const posted = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByRole('button', { name: 'Aperçu' }).click();
    expect((await posted).postData()).toContain('Circulateur+basse+consommation%0D%0Apos%C3%A9+et+raccord%C3%A9');

    await expect(page.getByRole('heading', { level: 1, name: 'Aperçu du devis' })).toBeVisible();
    await expect(page.getByText(/Circulateur basse consommation\s+posé et raccordé/)).toBeVisible();
    await expect(page.getByText('Total TTC')).toBeVisible();
    await checkPhonePage(page);
    await page.getByRole('button', { name: 'Envoyer au client' }).click();

    await expect(page.getByRole('heading', { name: 'Lien du client' })).toBeVisible();
    const link = await page.getByLabel('Lien du devis').inputValue();
    expect(link.startsWith(`${siteUrl}${DEVIS_CLIENT_PATH}/`)).toBe(true);
    const sms = await page.getByRole('link', { name: 'Envoyer par SMS' }).getAttribute('href');
    expect(sms?.startsWith('sms:0639981234?&body=')).toBe(true);
    expect(decodeURIComponent(sms?.split('&body=')[1] ?? '')).toContain(link);
    await expect(page.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
    await checkPhonePage(page);

    // « Révoquer ce lien »: the client's link then shows only that it was withdrawn, and how to reach us.
    await page.getByRole('button', { name: 'Révoquer ce lien' }).click();
    await expect(page.getByRole('status')).toContainText('Lien révoqué');
    await expect(page.getByRole('button', { name: 'Révoquer ce lien' })).toHaveCount(0);
    await checkPhonePage(page);
    const client = await page.goto(`${inbox.publicOrigin}${new URL(link).pathname}`);
    expect(client?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: devisClientLinkTexts.revokedTitle })).toBeVisible();
    await expect(page.getByText(devisClientLinkTexts.revoked)).toBeVisible();
    await expect(page.getByText('Circulateur basse consommation')).toHaveCount(0);
    // The client's page, not the inbox's: its phone and address links are in the text, as on « Lien expiré ».
    await expectNoHorizontalOverflow(page);
    await expectNoViolations(page);
    expect(await typographyProblems(page)).toEqual([]);
  });
});
