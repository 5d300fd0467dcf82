import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { quoteLink } from '@/content/navigation';
import { actionBar } from '@/content/quick-actions';
import { quoteForm } from '@/content/quote';
import { site } from '@/content/site';
import { telHref } from '../lib/format';
import { expect } from './fixtures';

/**
 * axe-core on a page, in its legacy mode: axe runs in the page itself and its frames, where the default mode
 * opens a helper page for every analysis to gather the frames' results. That helper page cost about a second
 * of each analysis here (measured on the routes' frames: 4.5 s down to 2.2 s on /services/), and a paused
 * clock (`page.clock`) would freeze it too. The site's pages have no frame of their own origin to gather.
 *
 * Every rule still runs and every violation comes back with all its elements; `resultTypes` only stops axe
 * from listing each element that passed (or was not applicable) in its results, which no test reads: a fifth
 * less time for each analysis, and a result of 60 KB instead of 330 to 520 KB to carry back (/services/, /cgv/).
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/**
 * axe-core (WCAG 2.0/2.1 A and AA, plus best practices): zero violations of any impact. With the page's
 * clock paused (`page.clock`), axe's own timers are moved forward in 1 ms steps until it has finished.
 */
export async function expectNoViolations(page: Page, { pausedClock = false } = {}) {
  const analysis = axeOn(page).analyze();
  if (pausedClock) {
    let done = false;
    void analysis.finally(() => (done = true)).catch(() => undefined);
    for (let step = 0; !done && step < 2000; step += 1) await page.clock.runFor(1);
  }
  const results = await analysis;
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/** Records console errors and warnings (hydration mismatches included) and uncaught exceptions. */
export function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

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

/**
 * Texts a visitor meets outside the flow of the page: attributes read aloud or shown on hover, and the whole
 * text of links and buttons, hidden words included (« En savoir plus : … » for screen readers).
 */
const ATTRIBUTE_TEXTS = `[...document.querySelectorAll('[alt], [aria-label], [placeholder], [title], meta[name="description"]')]
  .flatMap((el) => ['alt', 'aria-label', 'placeholder', 'title', 'content'].map((name) => el.getAttribute(name) ?? ''))
  .concat([...document.querySelectorAll('a, button')].map((el) => el.textContent ?? ''))
  .filter(Boolean)`;

/**
 * The visible blocks of text, one string each, for the rules that read sentences. `prose` marks running
 * text (paragraphs, list items, headings, captions), where a sentence may not start with a figure; cells,
 * definitions ("Demandes de devis" | "3 ans…") and the label of a radio button, a value to choose ("2 étoiles"),
 * may.
 */
async function blocks(page: Page): Promise<{ text: string; prose: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('p, li, dd, td, th, h1, h2, h3, figcaption, label, legend')]
      .filter((el) => el.checkVisibility())
      .map((el) => ({
        text: el.innerText.trim(),
        prose:
          !['DD', 'TD', 'TH'].includes(el.tagName) &&
          !(el instanceof HTMLLabelElement && el.control instanceof HTMLInputElement && el.control.type === 'radio'),
      }))
      .filter((block) => block.text !== ''),
  );
}

/**
 * The sentences of a block: cut after . ! ? … followed by a space, but not after a lone capital's point,
 * the abbreviation of a legal citation (« articles L. 223-1 et L. 223-2 »).
 */
const sentences = (text: string) => text.split(/(?<=[.!?…])(?<!(?:^|[\s(«])\p{Lu}\.)\s+/u);

/** Excerpt around a match, to say where the problem is. */
const around = (text: string, index: number) => `«${text.slice(Math.max(0, index - 30), index + 10)}»`;

export async function typographyProblems(page: Page): Promise<string[]> {
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

/** The call and quote bar fixed at the bottom of a phone's screen (components/layout/action-bar.tsx). */
export const actionBarOf = (page: Page) => page.getByRole('navigation', { name: actionBar.label, exact: true });
export const barCallLink = (page: Page) =>
  actionBarOf(page).getByRole('link', { name: `${actionBar.call} le ${site.phone}` });
export const barQuoteLink = (page: Page) => actionBarOf(page).getByRole('link', { name: actionBar.quote, exact: true });

/** True when a tap at the centre of the element reaches it (nothing fixed covers it there). */
export async function tappable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === element || element.contains(hit));
  });
}

export async function scrollHalfway(page: Page) {
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

export async function expectNoHorizontalOverflow(page: Page, where?: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, where).toBeLessThanOrEqual(clientWidth);
}

/**
 * On a phone, scrolled halfway down a page (issue 21): the bar is wholly in view, flush with the bottom of
 * the screen, its call link dials the phone and its quote link opens the form, each at least 48 px high and
 * tappable; nothing overflows sideways.
 */
export async function expectBarInReach(page: Page, where: string) {
  const { height } = page.viewportSize()!;
  await scrollHalfway(page);
  await expect(actionBarOf(page), where).toBeInViewport({ ratio: 1 });
  await expect(barCallLink(page), where).toHaveAttribute('href', telHref(site.phone));
  await expect(barQuoteLink(page), where).toHaveAttribute('href', quoteLink.href);
  for (const link of [barCallLink(page), barQuoteLink(page)]) {
    const box = await link.boundingBox();
    expect(box!.height, where).toBeGreaterThanOrEqual(48);
    expect(await tappable(link), where).toBe(true);
  }
  // Fixed at the very bottom of the screen.
  const barBox = await actionBarOf(page).boundingBox();
  expect(Math.round(barBox!.y + barBox!.height), where).toBe(height);
  await expectNoHorizontalOverflow(page, where);
}

/**
 * The framework's scripts are not needed to read a page (it is complete HTML), so they load after the first
 * paint (scripts/load-js-after-paint.ts): the first paint does not wait for, or compete with, ~135 KB of
 * JavaScript. Call before the page's `goto`; the returned check reads the browser's own Resource and Paint
 * Timing once the page has hydrated (the fixture's `goto` waits for <html data-hydrated>).
 */
export function watchFrameworkScripts(page: Page): () => Promise<void> {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  return async () => {
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const pick = (pattern: RegExp) =>
        resources
          .filter((r) => pattern.test(new URL(r.name).pathname))
          .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime }));
      return { fcp, scripts: pick(/^\/_next\/static\/.*\.js$/), styles: pick(/^\/_next\/static\/.*\.css$/) };
    });
    expect(timing.fcp, 'the browser reports a first contentful paint').not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(2);
    // The stylesheet, which the paint needs, is requested before it (so the comparison below is meaningful)…
    expect(timing.styles.length).toBeGreaterThan(0);
    for (const style of timing.styles) expect(style.start).toBeLessThan(timing.fcp!);
    // …and every framework script after it.
    for (const script of timing.scripts) {
      expect(script.start, `${script.path} starts after the first contentful paint`).toBeGreaterThanOrEqual(
        timing.fcp!,
      );
    }
    const framework = requested.filter((path) => path.startsWith('/_next/static/'));
    expect(framework.length, framework.join(' ')).toBe(new Set(framework).size);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  };
}
