import { about } from '@/content/about';
import { experienceYears, site } from '@/content/site';
import { expect, test } from './fixtures';

test.describe('about page', () => {
  // One visit, every check of the page: each one opened the page on its own before.
  test('history since 2004, team, expertise and zone; four values; figures written the French way; stock photos captioned as illustrations; quality commitments', async ({
    page,
  }) => {
    await page.goto('/a-propos/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.intro.title);
    const main = page.getByRole('main');
    await expect(main.getByRole('region', { name: about.history.title })).toContainText(
      `à Antibes en ${site.foundedYear}`,
    );
    expect(site.foundedYear).toBe(2004);
    await expect(main.getByRole('heading', { name: about.team.title })).toBeVisible();
    await expect(main).toContainText(`${site.staff} professionnels`);
    await expect(main.getByRole('heading', { name: about.expertise.title })).toBeVisible();
    await expect(main.getByRole('heading', { name: about.zone.title })).toBeVisible();
    await expect(main).toContainText(about.zone.text);

    // Four values.
    const values = page.getByRole('region', { name: about.values.title }).getByRole('heading', { level: 3 });
    await expect(values).toHaveText(about.values.items.map((value) => value.title));
    await expect(values).toHaveCount(4);

    // Figures: founding year, years of experience, staff, clients, written the French way.
    const figures = page.getByRole('region', { name: about.figures.title });
    const expected: [string, string][] = [
      [`${site.foundedYear}`, 'Année de création'],
      [`Plus de ${experienceYears}`, 'Années d’expérience'],
      [`${site.staff}`, 'Collaborateurs'],
      [`Plus de ${site.clients}`, 'Clients satisfaits'],
    ];
    for (const [value, label] of expected) {
      await expect(figures.getByRole('definition').filter({ hasText: new RegExp(`^${value}$`) })).toBeVisible();
      await expect(figures.getByRole('term').filter({ hasText: label })).toBeVisible();
    }

    // The stock photos beside « Notre histoire » and « Notre équipe » are captioned as illustrations.
    for (const title of [about.history.title, about.team.title]) {
      const section = main.getByRole('region', { name: title });
      const figure = section.getByRole('figure');
      await expect(figure).toHaveCount(1);
      await expect(figure.getByRole('img')).toBeVisible();
      await expect(figure.locator('figcaption')).toHaveText(about.photoCaption);
    }
    expect(about.photoCaption).toBe('Photo d’illustration');

    // Quality commitments.
    const list = page.getByRole('region', { name: about.commitments.title }).getByRole('listitem');
    await expect(list).toHaveText([...about.commitments.items]);
  });
});
