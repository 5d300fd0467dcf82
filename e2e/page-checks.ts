import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe-core (WCAG 2.0/2.1 A and AA, plus best practices): zero violations of any impact. With the page's
 * clock paused (`page.clock`), axe's own timers are moved forward in 1 ms steps until it has finished.
 */
export async function expectNoViolations(page: Page, { pausedClock = false } = {}) {
  // Legacy mode runs axe in the page itself (no helper page, which a paused clock would freeze too).
  const analysis = new AxeBuilder({ page }).setLegacyMode(pausedClock).analyze();
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
