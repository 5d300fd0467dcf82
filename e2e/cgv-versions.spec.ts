import { goLive } from '@/content/go-live';
import {
  cgvInForceSince,
  cgvVersion,
  cgvVersionDate,
  cgvVersions,
  cgvVersionsPage,
  datedCgv,
} from '@/content/legal/cgv-version';
import { paths } from '@/content/navigation';
import { fillTemplate, formatFrenchDay } from '../lib/format';
import { clickWhenSettled, expect, test } from './fixtures';
import { axeOn } from './page-checks';

const current = cgvVersions.find((version) => version.current);
const earlier = cgvVersions.filter((version) => !version.current);

test.describe('CGV versions', () => {
  // Two tests, each page visited once: before, each check opened its page on its own.
  test('the CGV show their version date and lead to the list of versions, which gives every version newest first with its period; no version before the go-live is published: the first one is dated by the go-live @desktop', async ({
    page,
  }) => {
    await page.goto(paths.terms);
    const main = page.getByRole('main');
    await expect(
      main.getByText(`${cgvVersion.inForceSince} ${formatFrenchDay(cgvInForceSince)}`, { exact: true }),
    ).toBeVisible();
    // The link closes the long page: the sections above it get their real height as it scrolls into view.
    await clickWhenSettled(main.getByRole('link', { name: cgvVersion.others, exact: true }));
    await expect(page).toHaveURL(new RegExp(`${paths.termsVersions}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cgvVersionsPage.title);

    // The list gives every version, newest first, with its period.
    expect(current?.written).toBe(cgvVersionDate);
    const links = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(links).toHaveText(
      cgvVersions.map((version) =>
        fillTemplate(version.current ? cgvVersionsPage.current : cgvVersionsPage.earlier, {
          date: formatFrenchDay(version.date),
          until: version.until ? formatFrenchDay(version.until) : '',
        }),
      ),
    );
    for (const [index, version] of cgvVersions.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', version.href);
    }

    // No version before the go-live is published: the first one is dated by the go-live.
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    const dates = hrefs.map((href) => /(\d{4}-\d{2}-\d{2})\/$/.exec(href)?.[1] ?? '');
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date >= goLive.date, date).toBe(true);
    expect(dates.at(-1)).toBe(goLive.date);
    // The snapshots written before the go-live, and the versions the review found published, are not pages.
    for (const date of ['2026-11-22', '2026-11-23', cgvVersionDate].filter((day) => day < goLive.date)) {
      const response = await page.goto(`${paths.termsVersions}${date}/`);
      expect(response?.status(), date).toBe(404);
    }
  });

  test('the version in force has a dated page with its text as kept; an earlier version keeps its text, says until when it applied and leads to the CGV in force @desktop', async ({
    page,
  }) => {
    // The dated page shows the snapshot of the version (word for word as published); /cgv/ shows the text of
    // content/legal/cgv.ts, which the go-live check (deploy/render.ts) requires to match it before publishing.
    const kept = datedCgv(cgvInForceSince);
    await page.goto(current?.href ?? '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(kept?.title ?? '');
    await expect(page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
      (kept?.sections ?? []).map((section, index) => `${index + 1}. ${section.title}`),
    );

    for (const version of earlier) {
      const content = datedCgv(version.date);
      await page.goto(version.href);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(content?.title ?? '');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        version.content.sections.map((section, index) => `${index + 1}. ${section.title}`),
      );
      await expect(page.getByRole('main')).toContainText(
        fillTemplate(cgvVersionsPage.dated.earlierNotice, { until: formatFrenchDay(version.until ?? '') }),
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await page.getByRole('link', { name: cgvVersionsPage.dated.currentLink }).click();
      await expect(page).toHaveURL(new RegExp(`${paths.terms}$`));
    }
  });

  // On its own: axe on every dated page takes most of a test's time limit on a loaded machine.
  test('the dated pages have no axe violation @desktop', async ({ page }) => {
    for (const version of cgvVersions) {
      await page.goto(version.href);
      const results = await axeOn(page).analyze();
      expect(results.violations.map((violation) => `${version.date}: ${violation.id}`)).toEqual([]);
    }
  });
});
