import { consentTexts } from '@/content/consent';
import { paths } from '@/content/navigation';
import { expect, test } from './fixtures';
import { typographyProblems } from './page-checks';

test.describe('French typography @desktop', () => {
  // Every page: e2e/routes.spec.ts checks typographyProblems() during its one visit of each route.

  test.describe('with the consent banner open', () => {
    test.use({ storedConsent: null });
    test('the banner and its settings', async ({ page }) => {
      await page.goto(paths.contact);
      await page.getByRole('button', { name: consentTexts.customize }).click();
      expect(await typographyProblems(page)).toEqual([]);
    });
  });

  test('the rules catch each fault they name', async ({ page }) => {
    // A page made of the faults the review found: each rule above must report its own.
    await page.setContent(`<main>
      <p>Réactivité 24h. Service 24 h/24 pour nos clients.</p>
      <p>Lun - Ven : 9h - 18h</p>
      <p>20+ ans d’expérience, 500+ clients, aucun frais caché…</p>
      <p>Douze professionnels. 12 professionnels à votre service.</p>
      <p>Fondée à Antibes en 2004, notre équipe connaît la région.</p>
      <label>Pièce jointe (facultatif)</label>
      <p>contrat n° 12, capital de 20 000 €, 150 € HT.</p>
      <p>Chargement...</p>
      <p>À l’attention de la société, adresse électronique : contact@example.fr :</p>
    </main>`);
    const problems = (await typographyProblems(page)).join('\n');
    for (const rule of [
      'an hour glued to its number',
      '"24 h/24" without ", 7 j/7"',
      'a hyphen for a range',
      'English "+" notation',
      '"aucun frais"',
      'sentence starting with a figure',
      '"Pièce jointe (facultatif)"',
      'no no-break space after n°',
      'thousands not grouped',
      'no no-break space between € and HT',
      'price HT without TTC',
      'three dots instead of an ellipsis',
      'two colons in a sentence',
      'dangling participle',
    ]) {
      expect(problems).toContain(rule);
    }
  });

  test('the rules read the words of a link that only screen readers hear', async ({ page }) => {
    // Hidden as Tailwind's sr-only hides them: the page's innerText leaves out the space before the colon.
    await page.setContent(`<main>
      <p>Nos services</p>
      <a href="#">En savoir plus<span style="position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border-width: 0"> : Conseil</span></a>
    </main>`);
    expect((await typographyProblems(page)).join('\n')).toContain('plain space before :');
  });
});
