import { expect } from '@playwright/test';
import { addMember, userTool, type InboxReceiver } from './inbox-receiver';
import { expectNoHorizontalOverflow, expectNoViolations } from './page-checks';
import { virtualAuthenticator } from './inbox-checks';
import { test as base } from './worker-servers';

/**
 * The team inbox's sign-in, as a team member lives it: the owner adds them with `npm run receiver:user -- add`
 * (the tool's own function, on the running receiver's folder: ./inbox-receiver.ts), they open the printed
 * link, create a passkey (Chromium's virtual authenticator, through the DevTools protocol's WebAuthn domain,
 * stands for the phone's fingerprint reader), land in the inbox, sign out, and sign in again with the passkey
 * alone. At 360 px and 1280 px.
 * The inbox pages are served by a real receiver (`npm run receiver`'s command) on its inbox port.
 */
const test = base.extend<{ inbox: InboxReceiver }>({
  // This spec's receiver, one for each worker (./worker-servers.ts).
  inbox: async ({ authInbox }, use) => use(authInbox),
});
// One worker for the whole file, its tests in order: its receiver starts once, not once in each worker.
test.describe.configure({ mode: 'default' });

for (const [width, height] of [
  [360, 740],
  [1280, 800],
] as const) {
  test.describe(`@desktop at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a member added from the command line enrols a passkey, signs out, and signs in with it', async ({
      page,
      inbox,
    }) => {
      const email = `lea.${width}@entreprise.test`;
      const link = await addMember(inbox, 'Léa Martin', email);
      await virtualAuthenticator(page);

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Créer votre clé d’accès' })).toBeVisible();
      await expect(page.getByText('Bonjour Léa Martin')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Créer ma clé d’accès' }).click();

      // Signed in: the inbox, with the member's sign-out button.
      await expect(page).toHaveURL(inbox.url);
      const signOut = page.getByRole('button', { name: /Se déconnecter/ });
      await expect(signOut).toContainText('Léa Martin');

      // The link was used: opened again, it no longer enrols.
      const again = await page.request.get(link);
      expect(again.status()).toBe(410);

      await signOut.click();
      await expect(page).toHaveURL(/\/gestion\/connexion/);
      await expect(page.getByRole('status').filter({ hasText: 'Session fermée.' })).toBeVisible();
      await page.goto(inbox.url);
      await expect(page).toHaveURL(`${inbox.url}connexion`);
      await expectNoHorizontalOverflow(page);
      await expectNoViolations(page);

      await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
      await expect(page).toHaveURL(inbox.url);
      await expect(page.getByRole('button', { name: /Se déconnecter/ })).toContainText('Léa Martin');
    });

    test('a lost phone: after `receiver:user -- reset`, its passkey no longer opens the inbox; the new link enrols again', async ({
      page,
      inbox,
    }) => {
      const email = `marc.${width}@entreprise.test`;
      await virtualAuthenticator(page);
      await page.goto(await addMember(inbox, 'Marc Durand', email));
      await page.getByRole('button', { name: 'Créer ma clé d’accès' }).click();
      await expect(page).toHaveURL(inbox.url);

      // The phone is lost: the owner runs the lost-phone command. The open session ends at once…
      const link = await userTool(inbox, ['reset', email]);
      await page.reload();
      await expect(page).toHaveURL(`${inbox.url}connexion`);
      // …and the passkey still on the phone is refused.
      await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Cette clé d’accès n’est pas reconnue par la boîte de réception.',
      );
      await page.goto(inbox.url);
      await expect(page).toHaveURL(`${inbox.url}connexion`);

      // The new link creates a new passkey, which signs in.
      await page.goto(link);
      await page.getByRole('button', { name: 'Créer ma clé d’accès' }).click();
      await expect(page).toHaveURL(inbox.url);
      await expect(page.getByRole('button', { name: /Se déconnecter/ })).toContainText('Marc Durand');
    });

    test('signing in on a browser that has no passkey for the inbox says so, and lets nobody in', async ({
      page,
      inbox,
    }) => {
      await virtualAuthenticator(page);
      await page.goto(`${inbox.url}connexion`);
      // The virtual authenticator holds no passkey for the inbox: Chromium ends the ceremony with
      // NotAllowedError, as when a person closes the prompt.
      await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
      await expect(page.getByRole('status')).toHaveText('Opération annulée ou délai dépassé. Réessayez.');
      await page.goto(inbox.url);
      await expect(page).toHaveURL(`${inbox.url}connexion`);
    });
  });
}
