import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { siteData, siteDataPages } from '@/content/data/registry';
import { addDays, isoDay } from '@/lib/days';
import { formatPrice } from '@/lib/format';
import { addMember, setManager } from '../receiver/src/store/members';
import { SESSION_COOKIE } from '../receiver/src/inbox/sessions';
import { createSession } from '../receiver/src/store/sessions';
import { openDb, type Db } from '../receiver/src/store/db';
import { layout } from '../receiver/src/store/storage';
import { seed } from '../receiver/test/factories';
import { htmlFileFor, listPages } from '../scripts/budget';
import { expectThumbTargets } from './inbox-checks';
import { startInboxReceiver, type InboxReceiver } from './inbox-receiver';
import { expectNoHorizontalOverflow, expectNoViolations, typographyProblems } from './page-checks';
import { freePort, stopProcess } from './servers';

/**
 * « Le site » with real parts, on a 390 px phone: a manager changes the phone number in the inbox, publishes,
 * and the site served from SITE_RELEASES_DIR/current shows it on every page, in its tel: links and its
 * JSON-LD; a second publication, then « Revenir à la version précédente » serves the first again; an invalid
 * number publishes nothing; a plain member gets no « Le site ». The receiver is `npm run receiver`'s build;
 * its checkout is a clone of this repository (its committed state) with the installed packages linked in, and
 * every publication runs the real build (`npm run build`) and the real go-live check (in its demonstration
 * setting: this repository's sample values are not the company's yet).
 */

const ROOT = join(__dirname, '..');
/** A publication builds the whole site: the build's minute, on a loaded machine, and the check. */
const PUBLICATION_MS = 240_000;

let work: string;
let checkout: string;
let releases: string;
let inbox: InboxReceiver;
let db: Db;
let server: ChildProcess;
let siteOrigin: string;
let managerId: number;
let memberId: number;

test.describe.configure({ mode: 'serial' });
// On a phone (the mobile project only: @mobile), at the width of the most common one.
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), 'site-publication-'));
  checkout = join(work, 'checkout');
  releases = join(work, 'releases');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, checkout]);
  execFileSync('git', ['-C', checkout, 'checkout', '--quiet', '-b', 'site']);
  // The checkout's own install, as the server's `npm ci` would make it: the same files, linked.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(checkout, 'node_modules')]);
  execFileSync('cp', ['-al', join(ROOT, 'receiver', 'node_modules'), join(checkout, 'receiver', 'node_modules')]);
  execFileSync('mkdir', [releases]);
  inbox = await startInboxReceiver(undefined, {
    SITE_SOURCE_DIR: checkout,
    SITE_RELEASES_DIR: releases,
    SITE_DEMO: '1',
  });
  db = await openDb(inbox.dataDir, 5_000);
  const now = Date.now();
  managerId = (await addMember(db, { name: 'Claire Martin', email: 'claire@entreprise.test' }, now)).member.id;
  await setManager(db, managerId, true, now);
  memberId = (await addMember(db, { name: 'Marc Blanc', email: 'marc@entreprise.test' }, now)).member.id;
  // The served site: SITE_RELEASES_DIR/current, as nginx serves it (each file opened through the link).
  const port = await freePort();
  siteOrigin = `http://127.0.0.1:${port}`;
  server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'scripts', 'serve-out.ts'),
      '--dir',
      join(releases, 'current'),
      '--port',
      String(port),
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
});

test.afterAll(async () => {
  if (server) await stopProcess(server);
  db?.close();
  await inbox?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function signIn(page: Page, userId: number) {
  const { cookieValue } = await createSession(db, userId, Date.now());
  await page.context().addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: inbox.url }]);
}

/** Every HTML page of the release online, read from SITE_RELEASES_DIR/current. */
function servedPages(): { route: string; html: string }[] {
  const current = join(releases, 'current');
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
  await page.goto(`${inbox.url}site/`);
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
  await signIn(page, memberId);
  await page.goto(inbox.url);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Le site' })).toHaveCount(0);
  const response = await page.goto(`${inbox.url}site/`);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('réservée aux responsables')).toBeVisible();
});

test('@mobile « Le site » and each of its pages read well at 360, 390 and 1280 px: no overflow, axe, typography', async ({
  page,
}) => {
  await signIn(page, managerId);
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['site/', ...siteDataPages.map((each) => `site/${each.id}`)]) {
      await page.goto(`${inbox.url}${path}`);
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
  await signIn(page, managerId);
  await page.goto(inbox.url);
  await page.getByRole('link', { name: 'Le site' }).click();
  await savePhone(page, '12 34');
  const field = page.getByLabel('Téléphone', { exact: true });
  await expect(field).toHaveValue('12 34');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('rien n’a été enregistré')).toBeVisible();
  await page.goto(`${inbox.url}site/`);
  await expect(page.getByText('Modifiée, à publier')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publier' })).toBeDisabled();
});

test('@mobile a new phone, published, is on every served page; a second one, then « Revenir à la version précédente »', async ({
  page,
}) => {
  test.setTimeout(3 * PUBLICATION_MS);
  await signIn(page, managerId);
  const before = siteData.coordonnees.phone;
  const first = '04 93 00 11 22';
  const second = '04 93 33 44 55';

  await savePhone(page, first);
  await expect(page.getByRole('status')).toContainText('Modifications enregistrées');
  await expect(page.getByText(`« ${before} » → « ${first} »`)).toBeVisible();
  await publishAndWait(page);
  expectPhoneEverywhere(first);
  // The checkout holds a commit by the member, naming the change.
  const log = execFileSync('git', ['-C', checkout, 'log', '-1', '--format=%an <%ae>%n%B'], { encoding: 'utf8' });
  expect(log).toContain('Claire Martin <claire@entreprise.test>');
  expect(log).toContain(first);
  // Served over HTTP too, as a visitor gets it.
  const home = await page.request.get(`${siteOrigin}/contact/`);
  expect(await home.text()).toContain(`tel:${international(first)}`);

  await savePhone(page, second);
  await publishAndWait(page);
  expectPhoneEverywhere(second);

  await page.goto(`${inbox.url}site/`);
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
  await signIn(page, managerId);
  const today = isoDay(new Date());
  const closure = { from: addDays(today, 5), to: addDays(today, 12), message: 'Congés de l’équipe' };
  await page.goto(`${inbox.url}site/`);
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
  await page.goto(`${siteOrigin}/contact/`);
  await expect(page.getByRole('region', { name: 'Fermeture exceptionnelle' })).toContainText(closure.message);
});

test('@mobile a new hourly rate, published: on the served price list, and offered by « Faire le devis »', async ({
  page,
}) => {
  test.setTimeout(2 * PUBLICATION_MS);
  await signIn(page, managerId);
  const rate = siteData.services.hourlyEuros + 7;
  await page.goto(`${inbox.url}site/services`);
  await page.getByLabel(/^Taux horaire/).fill(String(rate));
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await expect(page.getByRole('status').first()).toContainText('Modifications enregistrées');
  await publishAndWait(page);
  const services = servedPages().find(({ route }) => route === '/services/')!.html;
  // The price list's row of the hourly rate: its amount HT, as the site formats it.
  expect(services).toMatch(new RegExp(`taux horaire</th><td[^>]*><span[^>]*>${formatPrice(rate)}</span>`));

  // A devis made now offers the published rate (the receiver reads the published data, not its build's).
  const request = await seed(db, layout(inbox.dataDir), { firstName: 'Camille', lastName: 'Durand' });
  await page.goto(`${inbox.url}demandes/${request.reference}`);
  await page.getByRole('button', { name: 'Faire le devis' }).click();
  const hourly = page.getByLabel('Ligne du tarif').locator('option[value="hourly"]');
  await expect(hourly).toContainText(`${rate},00`);
});
