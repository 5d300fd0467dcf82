import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { siteData } from '@/content/data/registry';
import { devisClientTexts } from '@/content/devis-client';
import { goLive } from '@/content/go-live';
import { cgvVersion, cgvVersionOn } from '@/content/legal/cgv-version';
import { paths } from '@/content/navigation';
import { startingPrice } from '@/content/pricing';
import { addDays } from '@/lib/days';
import { fillTemplate, formatFrenchDay } from '@/lib/format';
import { layout } from '../receiver/src/store/storage';
import { seed } from '../receiver/test/factories';
import { movedClock } from '../receiver/test/faketime';
import { seedDevis } from './devis-seed';
import { PUBLICATION_MS, signInTo, startSiteStack, type SiteStack } from './site-stack';
import { test } from './worker-servers';

/**
 * A price the CGV cite, changed from the inbox on a 390 px phone (docs/publication.md, « Les versions des
 * CGV »): the publication keeps the CGV as a new version dated the next day, the served CGV show the new price
 * under that date, a new devis offers the new price, and a devis sent before keeps its price and its version.
 * The stack of e2e/site-publication.spec.ts (e2e/site-stack.ts: the real receiver, its checkout, the real
 * build), its receiver and the commands it runs on a clock moved past the go-live (libfaketime): before it, the
 * versions are all published dated by the go-live (content/legal/cgv-version.ts publishedDates).
 */

/** The receiver's day, two weeks after the go-live; it starts at 10 h (UTC) and runs. */
const day = addDays(goLive.date, 14);
const tomorrow = addDays(day, 1);
const service = siteData.services.services.maintenance;
const newPrice = service.priceFrom + 15;

test.use({ viewport: { width: 390, height: 844 } });

let stack: SiteStack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startSiteStack({ TZ: 'UTC', ...movedClock({ offset: `@${day} 10:00:00` }) });
});
test.afterAll(async () => {
  await stack?.stop();
});

async function signIn(page: Page) {
  // On the receiver's clock: its session is young there.
  await signInTo(stack, page, stack.managerId, Date.parse(`${day}T09:30:00Z`));
}

/** A devis of the maintenance at its price today, sent this morning as the team's sending does: its link. */
function sentDevisLink(): string {
  const line = {
    designation: service.title,
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceHtCents: service.priceFrom * 100,
    vatRateBp: 2000,
    kind: 'service',
    priceListId: 'service:maintenance',
  };
  return seedDevis(stack.inbox.dataDir, 'camille.durand@example.fr', { sentAt: `${day}T07:00:00Z`, lines: [line] })
    .link;
}

test('@mobile a price the CGV cite, published: a new CGV version dated the next day, the new price on a new devis, a sent devis unchanged', async ({
  page,
}) => {
  test.setTimeout(2 * PUBLICATION_MS);
  const sentLink = sentDevisLink();
  const sentVersion = cgvVersionOn(day);
  const euros = (value: number) => new RegExp(`${value},00\\s€`);

  await signIn(page);
  await page.goto(`${stack.inbox.url}site/services`);
  // The first service's price is the maintenance's.
  await page
    .getByLabel(/^Prix «\s*à partir de\s*»/)
    .first()
    .fill(String(newPrice));
  await page.getByRole('button', { name: 'Enregistrer' }).first().click();
  await expect(page.getByRole('status').first()).toContainText('Modifications enregistrées');
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByRole('status').first()).toContainText('Publication lancée');
  await expect(page.getByText('Une publication est en cours')).toHaveCount(0, { timeout: PUBLICATION_MS });
  await expect(page.locator('.publications > li').first()).toContainText(/^En ligne/);

  // The version is in the publication's commit, beside the data.
  const files = execFileSync('git', ['-C', stack.checkout, 'show', '--name-only', '--format=', 'HEAD'], {
    encoding: 'utf8',
  });
  expect(files.split('\n').filter(Boolean).sort()).toEqual([
    'content/data/services.json',
    `content/legal/cgv-versions/${tomorrow}.json`,
    'content/legal/cgv-versions/index.ts',
  ]);

  // The served CGV: the new price, in force from the next day; their versions list it first.
  const line = `${service.title} : à partir de ${startingPrice({ priceFrom: newPrice, per: service.per })}.`;
  await page.goto(`${stack.siteOrigin}${paths.terms}`);
  await expect(page.getByText(line)).toBeVisible();
  await expect(
    page.getByText(`${cgvVersion.inForceSince} ${formatFrenchDay(tomorrow)}`, { exact: true }),
  ).toBeVisible();
  await page.goto(`${stack.siteOrigin}${paths.termsVersions}${tomorrow}/`);
  await expect(page.getByText(line)).toBeVisible();
  // The version the sent devis cites keeps its page and its price.
  const before = `${service.title} : à partir de ${startingPrice(service)}.`;
  const old = await page.goto(`${stack.siteOrigin}${sentVersion.href}`);
  expect(old?.status()).toBe(200);
  await expect(page.getByText(before)).toBeVisible();

  // A new devis offers the new price.
  const request = await seed(stack.db, layout(stack.inbox.dataDir), { firstName: 'Camille', lastName: 'Durand' });
  await page.goto(`${stack.inbox.url}demandes/${request.reference}`);
  await page.getByRole('button', { name: 'Faire le devis' }).click();
  const offered = page.getByLabel('Ligne du tarif').locator('option[value="service:maintenance"]');
  await expect(offered).toContainText(euros(newPrice));

  // The devis sent this morning: its price, and the version of the CGV in force on its day.
  await page.goto(`${stack.inbox.publicOrigin}${sentLink}`);
  await expect(page.locator('main')).toContainText(euros(service.priceFrom));
  await expect(page.locator('main')).not.toContainText(euros(newPrice));
  const footer = fillTemplate(devisClientTexts.footer.cgv, { date: formatFrenchDay(sentVersion.date) });
  await expect(page.getByRole('link', { name: footer })).toHaveAttribute('href', new RegExp(`${sentVersion.href}$`));
  expect(sentVersion.date < tomorrow).toBe(true);
});
