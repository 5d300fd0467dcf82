import { accessibilite } from '@/content/legal/accessibilite';
import { accessibilityAuthorities, rgaa } from '@/content/legal-facts';
import { legalUi } from '@/content/legal-ui';
import { paths } from '@/content/navigation';
import { site } from '@/content/site';
import { mailtoHref, telHref } from '../lib/format';
import { expect, test } from './fixtures';

const section = (page: import('@playwright/test').Page, id: string) => {
  const index = accessibilite.sections.findIndex((item) => item.id === id);
  return page
    .getByRole('main')
    .getByRole('region', { name: `${index + 1}. ${accessibilite.sections[index]?.title}`, exact: true });
};

test.describe('accessibility page', () => {
  // Linked from the footer after the four legal links: e2e/footer.spec.ts follows that link.

  // One visit for every check of the page (each one opened it on its own before).
  test('names the standard followed and claims no conformity without an audit; says what is checked and what is known not to work; offers another way by phone and e-mail and how to report a problem; names the authorities, their sites opening in a new tab @desktop', async ({
    page,
  }) => {
    await page.goto(paths.accessibility);
    const approach = section(page, 'engagement');
    await expect(approach).toContainText(`RGAA), version ${rgaa.version}`);
    await expect(approach).toContainText('EN 301 549');
    const status = section(page, 'etat-de-conformite');
    await expect(status).toContainText('n’a pas encore fait l’objet d’un audit');
    await expect(status).toContainText('Nous ne déclarons donc pas qu’il est conforme');
    // Nowhere does the page say the site is (even partially) conformant.
    await expect(page.getByRole('main')).not.toContainText(/site est (?:partiellement |totalement )?conforme/);

    await expect(section(page, 'verifications')).toContainText('axe-core');
    await expect(section(page, 'verifications')).toContainText('clavier');
    await expect(section(page, 'verifications')).toContainText('contraste');
    await expect(section(page, 'limites-connues').getByRole('listitem')).not.toHaveCount(0);

    const other = section(page, 'autre-moyen');
    await expect(other.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(other.getByRole('link', { name: site.email })).toHaveAttribute('href', mailtoHref(site.email));
    await expect(other).toContainText(site.hoursSentence);
    await expect(section(page, 'signaler').getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      mailtoHref(site.email),
    );

    const recourse = section(page, 'voies-de-recours');
    const { defenseur, marketSurveillance } = accessibilityAuthorities;
    await expect(recourse).toContainText(defenseur.name);
    await expect(recourse).toContainText(defenseur.address);
    await expect(recourse).toContainText(marketSurveillance.name);
    for (const [label, href] of [
      [defenseur.websiteLabel, defenseur.website],
      [marketSurveillance.reportLabel, marketSurveillance.reportUrl],
    ] as const) {
      const link = recourse.getByRole('link', { name: `${label}${legalUi.newWindow}`, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });
});
