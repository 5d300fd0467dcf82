import type { Page } from '@playwright/test';
import { QUOTE_SUBMIT_DELAY_MS } from '@/content/quote';
import { expectNoViolations } from './page-checks';
import { expect, test } from './fixtures';
import { controls, fillQuoteForm, openQuotePage, pauseClock } from './quote-form';

test.describe('accessibility (axe)', () => {
  // Every route and the 404 page: e2e/routes.spec.ts, which opens each page once.

  test('the quote form in its success state has no axe violation', async ({ page }) => {
    await page.clock.install();
    await openQuotePage(page);
    await fillQuoteForm(page);
    await pauseClock(page);
    await controls(page).submit.click();
    await expect(controls(page).sending).toBeDisabled();
    await page.clock.runFor(QUOTE_SUBMIT_DELAY_MS);
    await expect(controls(page).successTitle).toBeVisible();
    await expectNoViolations(page, { pausedClock: true });
    // Less than the success screen's 5 s went by on the page's clock: axe saw the success state.
    await expect(controls(page).successTitle).toBeVisible();
  });

  test('the open mobile menu has no axe violation @mobile', async ({ page }) => {
    await page.goto('/services/');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Navigation mobile' })).toBeVisible();
    await expectNoViolations(page);
  });
});

/**
 * Numbers the elements a keyboard user should reach, in document order, and from then on records each element
 * that receives focus (its number, its label, and whether its focus ring shows, read as focus arrives);
 * returns how many there are.
 */
function numberTabbables(page: Page) {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';
    const elements = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[hidden], [inert]'),
    );
    elements.forEach((el, index) => el.setAttribute('data-tab-order', String(index)));
    const focused: { order: number; label: string; ring: boolean }[] = [];
    Object.assign(window, { focusedInOrder: focused });
    document.addEventListener('focusin', (event) => {
      const el = event.target as HTMLElement;
      const style = getComputedStyle(el);
      focused.push({
        order: Number(el.getAttribute('data-tab-order') ?? -1),
        label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
        ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      });
    });
    return elements.length;
  });
}

/** Presses Tab `times` times: the key events page.keyboard.press sends, without a round trip for each. */
async function pressTabs(page: Page, times: number) {
  const cdp = await page.context().newCDPSession(page);
  const key = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, modifiers: 0, location: 0, isKeypad: false };
  await Promise.all(
    Array.from({ length: times }, () => [
      cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key, autoRepeat: false }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }),
    ]).flat(),
  );
  await cdp.detach();
}

test.describe('keyboard', () => {
  for (const route of ['/', '/services/', '/contact/', '/devis/', '/mentions-legales/']) {
    test(`${route}: Tab reaches every interactive element in order, each with a visible focus ring`, async ({
      page,
    }) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const count = await numberTabbables(page);
      expect(count).toBeGreaterThan(10);
      // One Tab per element, as page.keyboard.press('Tab') sends them (Chromium's Input.dispatchKeyEvent), but
      // sent in one go: Chromium handles them in order, one after the other. Then one read of what received
      // focus (each element's ring read as it got focus).
      await pressTabs(page, count);
      const focused = await page.evaluate(
        () =>
          (window as unknown as { focusedInOrder: { order: number; label: string; ring: boolean }[] }).focusedInOrder,
      );
      for (const [i, element] of focused.entries()) {
        expect(element.ring, `focus ring on #${element.order} "${element.label}"`).toBe(true);
        if (i === 0) expect(element.label).toBe('Aller au contenu principal');
      }
      // The skip link first, then every element once, in document order (and focus is still on the last one).
      expect(focused.map((element) => element.order)).toEqual([...Array(count).keys()]);
      expect(await page.evaluate(() => Number(document.activeElement?.getAttribute('data-tab-order') ?? -1))).toBe(
        count - 1,
      );
    });
  }
});
