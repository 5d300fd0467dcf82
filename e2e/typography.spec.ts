import type { Page } from '@playwright/test';
import { consentTexts } from '../content/consent';
import { paths, routes } from '../content/navigation';
import { quoteForm } from '../content/quote';
import { site } from '../content/site';
import { expect, test } from './fixtures';

/**
 * French typography on every rendered page, in the text a visitor reads and in the texts of attributes
 * (alternative texts, labels, placeholders, titles, the meta description).
 */
const RULES: [string, RegExp][] = [
  // Spaces
  ['plain space before ; ! ? or »', / [;!?»]/g],
  ['plain space after «', /« /g],
  ['plain space before :', / :/g],
  ['no space before ; ! ?', /[\p{L}\d»)][;!?](?=\s|$)/gu],
  ['no space inside « »', /«[^\s\u00a0\u202f]|[^\s\u00a0\u202f]»/g],
  ['plain space between a number and its unit', /\d (?:€|%|Mo|km|h|j|ans?|mois|jours?)(?![\p{L}\d])/gu],
  ['no no-break space after n°', /[nN]°(?!\u00a0)/g],
  ['no no-break space between € and HT or TTC', /€(?:[ \u202f]|)(?:HT|TTC)\b/g],
  ['thousands not grouped by a narrow no-break space', /\d[ \u00a0]\d{3}(?!\d)/g],
  // Signs
  ['three dots instead of an ellipsis', /\.\.\./g],
  ['an hour glued to its number ("24h", "9h")', /\b\d{1,2}h\b/g],
  ['a hyphen for a range of hours or days', /\d\s*h?\s+-\s+\d|\b(?:lun|mar|mer|jeu|ven|sam|dim)\.?\s+-\s/gi],
  ['"24 h/24" without ", 7 j/7"', /24\sh\/24(?!,\s7\sj\/7)/g],
  ['English "+" notation ("20+", "500+")', /\d\+/g],
  // Agreement
  ['"aucun frais" (frais is plural: "aucuns frais")', /\baucun frais\b/gi],
  ['"Pièce jointe (facultatif)"', /Pièce jointe \(facultatif\)/g],
  // A participle that does not agree with the subject it hangs on ("Fondée en 2004, notre équipe…")
  ['dangling participle ("Fondée …, notre équipe")', /\bFondée?s?\b[^.]*,\s+notre équipe/g],
];

/** Texts a visitor meets outside the flow of the page: attributes read aloud or shown on hover. */
const ATTRIBUTE_TEXTS = `[...document.querySelectorAll('[alt], [aria-label], [placeholder], [title], meta[name="description"]')]
  .flatMap((el) => ['alt', 'aria-label', 'placeholder', 'title', 'content'].map((name) => el.getAttribute(name) ?? ''))
  .filter(Boolean)`;

/**
 * The visible blocks of text, one string each, for the rules that read sentences. `prose` marks running
 * text (paragraphs, list items, headings, captions), where a sentence may not start with a figure; cells
 * and definitions ("Demandes de devis" | "3 ans…") may.
 */
async function blocks(page: Page): Promise<{ text: string; prose: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('p, li, dd, td, th, h1, h2, h3, figcaption, label, legend')]
      .filter((el) => el.checkVisibility())
      .map((el) => ({ text: el.innerText.trim(), prose: !['DD', 'TD', 'TH'].includes(el.tagName) }))
      .filter((block) => block.text !== ''),
  );
}

/** The sentences of a block: cut after . ! ? … followed by a space. */
const sentences = (text: string) => text.split(/(?<=[.!?…])\s+/u);

/** Excerpt around a match, to say where the problem is. */
const around = (text: string, index: number) => `«${text.slice(Math.max(0, index - 30), index + 10)}»`;

async function typographyProblems(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const attributes = await page.evaluate<string[]>(ATTRIBUTE_TEXTS);
  // The specification imposes the three dots of the sending label: the only exception.
  const all = [text, ...attributes].map((part) => part.replaceAll(quoteForm.sending, ''));
  const problems = all.flatMap((part) =>
    RULES.flatMap(([rule, pattern]) =>
      [...part.matchAll(pattern)].map((match) => `${rule}: ${around(part, match.index)}`),
    ),
  );
  for (const { text: block, prose } of await blocks(page)) {
    for (const sentence of sentences(block)) {
      // A sentence does not start with a figure ("12 professionnels…"). Not a sentence: the number of a
      // heading ("3."), an enumeration ("1°"), a phone number, the street address.
      const notASentence =
        /^\d+\.$|^\d+°/.test(sentence) ||
        /^0\d(?:\s\d\d){4}/.test(sentence) ||
        sentence.startsWith(site.address.street);
      if (prose && /^\d/.test(sentence) && !notASentence) {
        problems.push(`sentence starting with a figure: «${sentence.slice(0, 40)}»`);
      }
      // One colon per sentence at most ("adresse électronique : … :").
      if ((sentence.match(/\s:/g) ?? []).length > 1) problems.push(`two colons in a sentence: «${sentence}»`);
    }
    // A price excluding tax comes with its price including tax.
    if (/€\s?HT\b/.test(block) && !/€\s?TTC\b/.test(block)) problems.push(`price HT without TTC: «${block}»`);
  }
  return problems;
}

test.describe('French typography @desktop', () => {
  for (const route of routes) {
    test(`${route}`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await typographyProblems(page)).toEqual([]);
    });
  }

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
});
