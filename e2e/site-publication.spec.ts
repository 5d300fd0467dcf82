import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { siteData, siteDataPages } from '@/content/data/registry';
import { addDays, isoDay } from '@/lib/days';
import { formatPrice } from '@/lib/format';
import { layout } from '../receiver/src/store/storage';
import { seed } from '../receiver/test/factories';
import { htmlFileFor, listPages } from '../scripts/budget';
import { expectThumbTargets } from './inbox-checks';
import { expectNoHorizontalOverflow, expectNoViolations, typographyProblems } from './page-checks';
import { PUBLICATION_MS, signInTo, type SiteStack } from './site-stack';
import { test } from './worker-servers';

/**
 * « Le site » with real parts, on a 390 px phone: a manager changes the phone number in the inbox, publishes,
 * and the site served from SITE_RELEASES_DIR/current shows it on every page, in its tel: links and its
 * JSON-LD; a second publication, then « Revenir à la version précédente » serves the first again; an invalid
 * number publishes nothing; a plain member gets no « Le site ». The receiver is `npm run receiver`'s build;
 * a closure and a new rate published show too. The receiver, its checkout and the served site:
 * e2e/site-stack.ts; every publication runs the real build (`npm run build`) and go-live check.
 */

// One worker for the whole file, its tests in order (they publish one after the other on the same site).
test.describe.configure({ mode: 'default' });
// On a phone (the mobile project only: @mobile), at the width of the most common one.
test.use({ viewport: { width: 390, height: 844 } });

let stack: SiteStack;
test.beforeEach(async ({ siteStack }) => {
  stack = siteStack;
});

/** Every HTML page of the release online, read from SITE_RELEASES_DIR/current. */
function servedPages(): { route: string; html: string }[] {
  const current = join(stack.releases, 'current');
  return listPages(current).map((route) => ({ route, html: readFileSync(htmlFileFor(current, route), 'utf8') }));
}

/** The number as tel: links and the JSON-LD write it: +33 and the nine digits after the 0. */
const international = (phone: string) => `+33${phone.replace(/\D/g, '').slice(1)}`;

/** The phone number's place on every page: its text, its tel: link, the JSON-LD. */
function expectPhoneEverywhere(phone: string) {
  const pages = servedPages();
  expect(pages.length).toBeGreaterThan(8);
  for (const { route, html } of pages) {
    expect(html, route).toContain(`tel:${international(phone)}`);
    expect(html, route).toContain(phone.replace(/ /g, '\u00a0'));
  }
  const home = pages.find(({ route }) => route === '/')!.html;
  expect(home).toContain(`"telephone":"${international(phone)}"`);
}

/** Changes the phone on « Coordonnées » and saves: the field labelled « Téléphone ». */
async function savePhone(page: Page, phone: string) {
  await page.goto(`${stack.inbox.url}site/`);
  await page.getByRole('link', { name: 'Coordonnées' }).click();
  await page.getByLabel('Téléphone', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
}

/** Presses « Publier » and waits for the publication to be online (the page reloads itself while it runs). */
async function publishAndWait(page: Page) {
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByRole('status').first()).toContainText('Publication lancée');
  await expect(page.getByText('Une publication est en cours')).toHaveCount(0, { timeout: PUBLICATION_MS });
  // The newest publication comes first in the list.
  await expect(page.locator('.publications > li').first()).toContainText(/^En ligne/);
}

test('@mobile a plain member has no « Le site », and its address says it is for the managers', async ({ page }) => {
  await signInTo(stack, page, stack.memberId);
  await page.goto(stack.inbox.url);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Le site' })).toHaveCount(0);
  const response = await page.goto(`${stack.inbox.url}site/`);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('réservée aux responsables')).toBeVisible();
});

test('@mobile « Le site » and each of its pages read well at 360, 390 and 1280 px: no overflow, axe, typography', async ({
  page,
}) => {
  await signInTo(stack, page);
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['site/', ...siteDataPages.map((each) => `site/${each.id}`)]) {
      await page.goto(`${stack.inbox.url}${path}`);
      await page.waitForLoadState('load');
      await expectNoHorizontalOverflow(page, `${path} at ${width} px`);
      await expectThumbTargets(page);
      await expectNoViolations(page);
      expect(await typographyProblems(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});

test('@mobile an invalid number is refused beside its field, as typed, and nothing waits to be published', async ({
  page,
}) => {
  await signInTo(stack, page);
  await page.goto(stack.inbox.url);
  await page.getByRole('link', { name: 'Le site' }).click();
  await savePhone(page, '12 34');
  const field = page.getByLabel('Téléphone', { exact: true });
  await expect(field).toHaveValue('12 34');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('rien n’a été enregistré')).toBeVisible();
  await page.goto(`${stack.inbox.url}site/`);
  await expect(page.getByText('Modifiée, à publier')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publier' })).toBeDisabled();
});

test('@mobile a new phone, published, is on every served page; a second one, then « Revenir à la version précédente »', async ({
  page,
}) => {
  test.setTimeout(3 * PUBLICATION_MS);
  await signInTo(stack, page);
  const before = siteData.coordonnees.phone;
  const first = '04 93 00 11 22';
  const second = '04 93 33 44 55';

  await savePhone(page, first);
  await expect(page.getByRole('status')).toContainText('Modifications enregistrées');
  await expect(page.getByText(`« ${before} » → « ${first} »`)).toBeVisible();
  await publishAndWait(page);
  expectPhoneEverywhere(first);
  // The stack.checkout holds a commit by the member, naming the change.
  const log = execFileSync('git', ['-C', stack.checkout, 'log', '-1', '--format=%an <%ae>%n%B'], { encoding: 'utf8' });
  expect(log).toContain('Claire Martin <claire@entreprise.test>');
  expect(log).toContain(first);
  // Served over HTTP too, as a visitor gets it.
  const home = await page.request.get(`${stack.siteOrigin}/contact/`);
  expect(await home.text()).toContain(`tel:${international(first)}`);

  await savePhone(page, second);
  await publishAndWait(page);
  expectPhoneEverywhere(second);

  await page.goto(`${stack.inbox.url}site/`);
  await page.getByRole('button', { name: 'Revenir à la version précédente' }).click();
  await expect(page.getByRole('status')).toContainText('La version précédente est de nouveau en ligne');
  expectPhoneEverywhere(first);
  // The page shows the live value again, and nothing waits to be published.
  await page.getByRole('link', { name: 'Coordonnées' }).click();
  await expect(page.getByLabel('Téléphone', { exact: true })).toHaveValue(first);
});

test('@mobile a closure added in « Coordonnées » and published shows on every served page, with its dates', async ({
  page,
}) => {
  test.setTimeout(2 * PUBLICATION_MS);
  await signInTo(stack, page);
  const today = isoDay(new Date());
  const closure = { from: addDays(today, 5), to: addDays(today, 12), message: 'Congés de l’équipe' };
  await page.goto(`${stack.inbox.url}site/`);
  await page.getByRole('link', { name: 'Coordonnées' }).click();
  await page.getByRole('button', { name: /^Ajouter/ }).click();
  const row = page.getByRole('group', { name: /n° 1$/ }).last();
  await row.getByLabel('Du', { exact: true }).fill(closure.from);
  await row.getByLabel('Au', { exact: true }).fill(closure.to);
  await row.getByLabel('Message', { exact: true }).fill(closure.message);
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await expect(page.getByRole('status').first()).toContainText('Modifications enregistrées');
  await publishAndWait(page);
  for (const { route, html } of servedPages()) {
    expect(html, route).toContain(`data-closure-until="${closure.to}"`);
    expect(html, route).toContain(closure.message);
  }
  // As a visitor sees it on a day of the closure: the notice, below the header.
  await page.clock.install({ time: new Date(`${closure.from}T09:00:00+01:00`) });
  await page.goto(`${stack.siteOrigin}/contact/`);
  await expect(page.getByRole('region', { name: 'Fermeture exceptionnelle' })).toContainText(closure.message);
});

test('@mobile a new hourly rate, published: on the served price list, and offered by « Faire le devis »', async ({
  page,
}) => {
  test.setTimeout(2 * PUBLICATION_MS);
  await signInTo(stack, page);
  const rate = siteData.services.hourlyEuros + 7;
  await page.goto(`${stack.inbox.url}site/services`);
  await page.getByLabel(/^Taux horaire/).fill(String(rate));
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await expect(page.getByRole('status').first()).toContainText('Modifications enregistrées');
  await publishAndWait(page);
  const services = servedPages().find(({ route }) => route === '/services/')!.html;
  // The price list's row of the hourly rate: its amount HT, as the site formats it.
  expect(services).toMatch(new RegExp(`taux horaire</th><td[^>]*><span[^>]*>${formatPrice(rate)}</span>`));

  // A devis made now offers the published rate (the receiver reads the published data, not its build's).
  const request = await seed(stack.db, layout(stack.inbox.dataDir), { firstName: 'Camille', lastName: 'Durand' });
  await page.goto(`${stack.inbox.url}demandes/${request.reference}`);
  await page.getByRole('button', { name: 'Faire le devis' }).click();
  const hourly = page.getByLabel('Ligne du tarif').locator('option[value="hourly"]');
  await expect(hourly).toContainText(`${rate},00`);
});
