import { expect, type Page } from '@playwright/test';
import { serviceTypeOptions } from '@/content/quote';
import { SESSION_COOKIE } from '../receiver/src/inbox/sessions';
import { createSession } from '../receiver/src/store/sessions';
import { expectNoHorizontalOverflow, expectNoViolations, typographyProblems } from './page-checks';
import { expectThumbTargets } from './inbox-checks';
import { test as base, type InboxStore as Store } from './worker-servers';
import { seed, type Seed } from '../receiver/test/factories';

/**
 * The team inbox's pages, as a team member uses them on a phone and on a computer: the list, a request,
 * its statuses, a note, the attached file, the spam folder and back, the erasure. A real receiver
 * (`npm run receiver`'s command) serves them; the member is signed in with a session made in its store, as
 * the passkey sign-in would (inbox-auth.spec.ts tests the passkeys themselves).
 */
const test = base.extend<{ store: Store; signedIn: Page }>({
  // This spec's receiver and its store, one for each worker (./worker-servers.ts).
  store: async ({ pagesInbox }, use) => use(pagesInbox),
  signedIn: async ({ page, store }, use) => {
    const { cookieValue } = await createSession(store.db, store.memberId, Date.now());
    await page.context().addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: store.inbox.url }]);
    await use(page);
  },
});
// One worker for the whole file, its tests in order: its receiver starts once, not once in each worker.
test.describe.configure({ mode: 'default' });

const HOUR = 3_600_000;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A request stored for this test only: a name nobody else uses. */
function request(store: Store, name: string, values: Seed = {}) {
  return seed(store.db, store.dirs, {
    firstName: 'Test',
    lastName: name,
    createdAt: isoIn(-20 * HOUR),
    deadlineAt: isoIn(4 * HOUR),
    ...values,
  });
}

async function checkPage(page: Page) {
  // After a click, the new page's heading can show before its stylesheet has arrived: measure once it has.
  await page.waitForLoadState('load');
  await expectNoHorizontalOverflow(page);
  await expectThumbTargets(page);
  await expectNoViolations(page);
  expect(await typographyProblems(page)).toEqual([]);
}

for (const [width, height] of [
  [360, 740],
  [1280, 800],
] as const) {
  test.describe(`@desktop at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the list puts late requests first, in red; a request moves through its statuses and takes a note', async ({
      signedIn: page,
      store,
    }) => {
      // The store is shared by the worker's tests: this test's rows are found by a name of their own.
      const late = `Ordre${width} Retard`;
      const fresh = `Ordre${width} Frais`;
      await request(store, fresh, { deadlineAt: isoIn(20 * HOUR), serviceType: serviceTypeOptions[0]!.value });
      const { reference } = await request(store, late, { deadlineAt: isoIn(-2 * HOUR), phone: '06 12 34 56 78' });

      await page.goto(store.inbox.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
      await page.getByLabel('Rechercher').fill(`Ordre${width}`);
      await page.getByRole('button', { name: 'Chercher' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Résultats : 2 demandes' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Demandes' }),
      ).toHaveAttribute('aria-current', 'page');
      const rows = page.getByRole('main').getByRole('listitem');
      await expect(rows.first()).toContainText(late);
      await expect(rows.first()).toContainText('en retard');
      await expect(rows.first()).toHaveCSS('border-top-color', 'rgb(179, 20, 27)');
      await expect(rows.filter({ hasText: fresh })).toContainText('à rappeler avant');
      await checkPage(page);

      await page.getByRole('link', { name: new RegExp(late) }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Test ${late}` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Appeler' })).toHaveAttribute('href', 'tel:0612345678');
      await expect(page.getByRole('link', { name: 'Écrire' })).toHaveAttribute('href', /^mailto:/);
      await expect(page.getByText(reference)).toBeVisible();
      await checkPage(page);

      const save = async (status: string, reason?: string) => {
        await page.getByLabel('Nouveau statut').selectOption({ label: status });
        if (reason !== undefined) await page.getByLabel(/^Motif/).fill(reason);
        await page.getByRole('button', { name: 'Enregistrer le statut' }).click();
      };
      await save('Rappelée');
      await expect(page.getByRole('status')).toHaveText('Statut enregistré.');
      await expect(page.getByText('par Léa Martin')).toBeVisible();
      await save('Devis envoyé');
      await expect(page.getByRole('status')).toHaveText('Statut enregistré.');
      await save('Sans suite', '');
      await expect(page.getByRole('alert')).toContainText('motif');
      await save('Sans suite', 'Travaux reportés');
      await expect(page.getByRole('status')).toHaveText('Statut enregistré.');
      for (const status of ['Acceptée', 'Refusée', 'Indésirable', 'Nouvelle']) {
        await save(status);
        await expect(page.getByRole('status')).toHaveText('Statut enregistré.');
      }
      const history = page.getByRole('list').last();
      for (const status of ['Rappelée', 'Devis envoyé', 'Sans suite', 'Acceptée', 'Refusée', 'Indésirable']) {
        await expect(history).toContainText(new RegExp(`Léa Martin a passé la demande au statut «\\s?${status}\\s?»`));
      }

      await page.getByLabel('Note', { exact: true }).fill('Client absent le matin');
      await page.getByRole('button', { name: 'Ajouter la note' }).click();
      await expect(page.getByRole('status')).toHaveText('Note ajoutée.');
      await expect(history).toContainText('Client absent le matin');
      await checkPage(page);
    });

    test('the attached file downloads as an attachment, never sniffed', async ({ signedIn: page, store }) => {
      const name = `devis été ${width}.pdf`;
      const { reference } = await request(store, `Fichier${width}`, {
        file: { name, data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' },
      });
      await page.goto(`${store.inbox.url}demandes/${reference}`);
      const link = page.getByRole('link', { name: new RegExp(`Télécharger ${name}`) });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(name);
      const href = new URL(String(await link.getAttribute('href')), page.url()).href;
      const answer = await page.request.get(href, { maxRedirects: 0 });
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-disposition']).toMatch(/^attachment; /);
      expect(answer.headers()['x-content-type-options']).toBe('nosniff');
      expect(answer.headers()['content-type']).toBe('application/pdf');
    });

    test('a request caught as spam goes back to the inbox', async ({ signedIn: page, store }) => {
      const name = `Piege${width}`;
      await request(store, name, { spam: true });
      await page.goto(store.inbox.url);
      await expect(page.getByRole('main')).not.toContainText(name);
      await page.getByRole('link', { name: 'Indésirables' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Indésirables' })).toBeVisible();
      await checkPage(page);
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.getByRole('button', { name: 'Ce n’est pas un spam' }).click();
      await expect(page.getByRole('status')).toContainText('revenue dans la boîte de réception');
      await expect(page.getByRole('button', { name: 'Ce n’est pas un spam' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Demandes', exact: true }).click();
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
      await page.getByRole('link', { name: 'Indésirables' }).click();
      await expect(page.getByRole('main')).not.toContainText(name);
    });

    test('a person is erased after a typed confirmation', async ({ signedIn: page, store }) => {
      const name = `Efface${width}`;
      const { reference } = await request(store, name, { email: `efface.${width}@exemple.fr` });
      await request(store, name, { email: `Efface.${width}@exemple.fr`, createdAt: isoIn(-40 * HOUR) });
      await page.goto(`${store.inbox.url}demandes/${reference}`);
      const form = page.getByRole('group', { name: 'Effacement définitif' });
      await expect(form).toContainText('les 2 demandes');
      await form.getByLabel('Tapez EFFACER pour confirmer').fill('non');
      await form.getByRole('button', { name: 'Effacer' }).click();
      await expect(page.getByRole('alert')).toContainText('Rien n’est effacé');
      await page.getByLabel('Tapez EFFACER pour confirmer').fill('EFFACER');
      await page.getByRole('button', { name: 'Effacer' }).click();
      await expect(page).toHaveURL(/\/gestion\/\?fait=efface$/);
      await expect(page.getByRole('status')).toContainText('Effacé');
      await expect(page.getByRole('main')).not.toContainText(name);
      const gone = await page.goto(`${store.inbox.url}demandes/${reference}`);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Demande introuvable' })).toBeVisible();
    });

    test('« Chiffres » counts the month’s requests, its tables readable on the screen', async ({
      signedIn: page,
      store,
    }) => {
      await request(store, `Chiffre${width}`, {});
      await page.goto(store.inbox.url);
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Chiffres' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Chiffres' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Chiffres' }),
      ).toHaveAttribute('aria-current', 'page');
      const months = page.getByRole('table', { name: 'Demandes par mois' });
      await expect(months.getByRole('rowheader').first()).toHaveText(/^\p{L}+ \d{4}$/u);
      // The month's key figures lead, whole on the first screen, outside any box that scrolls sideways.
      const essentials = page.getByRole('region', { name: /^L’essentiel d/ });
      const onTime = essentials.getByText('Rappelées dans le délai');
      await expect(onTime).toBeInViewport({ ratio: 1 });
      await expect(essentials.getByText('Demandes reçues')).toBeInViewport({ ratio: 1 });
      expect(await onTime.evaluate((element) => element.closest('.table-scroll'))).toBeNull();
      const first = await essentials.boundingBox();
      const table = await months.boundingBox();
      expect(first!.y).toBeLessThan(table!.y);
      await checkPage(page);
    });

    test('the staff notice is one tap away, from every page’s footer', async ({ signedIn: page, store }) => {
      await page.goto(`${store.inbox.url}chiffres/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Vos données de membre de l’équipe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Vos données de membre de l’équipe' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('jamais par personne');
      await checkPage(page);
    });

    test('everything works from the keyboard, with a visible focus', async ({ signedIn: page, store }) => {
      const name = `Clavier${width}`;
      await request(store, name, { deadlineAt: isoIn(-30 * HOUR) });
      await page.goto(store.inbox.url);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Aller au contenu' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      await page.getByLabel('Rechercher').focus();
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`q=${name}`));
      const row = page.getByRole('main').getByRole('link', { name: new RegExp(name) });
      await expect(row).toHaveCount(1);
      await row.focus();
      await expect(row).toHaveCSS('outline-style', 'solid');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: `Test ${name}` })).toBeVisible();
      const status = page.getByLabel('Nouveau statut');
      await status.focus();
      await expect(status).toHaveValue('rappelee');
      let reached = false;
      for (let step = 0; step < 5 && !reached; step += 1) {
        await page.keyboard.press('Tab');
        reached = await page
          .getByRole('button', { name: 'Enregistrer le statut' })
          .evaluate((b) => b === document.activeElement);
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toHaveText('Statut enregistré.');
    });
  });
}

test.describe('@desktop on a 390 × 844 phone with three requests', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first screen shows the search and the requests, late first; « J’ai rappelé » is one tap', async ({
    signedIn: page,
    store,
  }, testInfo) => {
    await request(store, 'Telephone Frais', { deadlineAt: isoIn(30 * HOUR) });
    await request(store, 'Telephone Bientot', { deadlineAt: isoIn(2 * HOUR) });
    const { reference } = await request(store, 'Telephone Retard', { deadlineAt: isoIn(-3 * HOUR) });

    await page.goto(store.inbox.url);
    const filters = page.locator('details', { hasText: 'Filtres' });
    await expect(filters).not.toHaveAttribute('open');
    await expect(page.getByLabel('Statut')).toBeHidden();
    await expect(page.getByLabel('Rechercher')).toBeInViewport();
    const first = page.getByRole('main').getByRole('listitem').first();
    await expect(first).toContainText('en retard');
    await expect(first).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('liste-390.png') });
    await checkPage(page);

    // The filters one tap away, and open by themselves once one is set.
    await filters.getByText('Filtres').click();
    await page.getByLabel('Statut').selectOption({ label: 'Nouvelle' });
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/statut=nouvelle/);
    await expect(page.locator('details', { hasText: 'Filtres' })).toHaveAttribute('open', '');
    await expect(page.getByLabel('Statut')).toHaveValue('nouvelle');

    await page.goto(`${store.inbox.url}demandes/${reference}`);
    const call = page.getByRole('link', { name: 'Appeler' });
    const called = page.getByRole('button', { name: 'J’ai rappelé' });
    const [callBox, calledBox] = [await call.boundingBox(), await called.boundingBox()];
    expect(Math.abs(callBox!.y - calledBox!.y)).toBeLessThan(1);
    await expect(called).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('demande-390.png') });
    await checkPage(page);
    await called.click();
    await expect(page.getByRole('status')).toHaveText('Statut enregistré.');
    await expect(page.getByText('par Léa Martin')).toBeVisible();
    await expect(page.getByRole('button', { name: 'J’ai rappelé' })).toHaveCount(0);

    await page.goto(`${store.inbox.url}chiffres/`);
    await expect(
      page.getByRole('region', { name: /^L’essentiel d/ }).getByText('Rappelées dans le délai'),
    ).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('chiffres-390.png') });
  });
});
