import { routes } from '@/content/navigation';
import { expect, test } from './fixtures';

/**
 * The framework's scripts are not needed to read a page (it is complete HTML), so they load after the first
 * paint (scripts/load-js-after-paint.mjs): the first paint does not wait for, or compete with, ~135 KB of
 * JavaScript. Measured by the browser's own Resource and Paint Timing.
 */
test.describe('framework scripts after the first paint @desktop', () => {
  for (const route of routes) {
    test(`${route}: scripts requested after the first contentful paint, once each, and the page hydrates`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
      });
      await page.goto(route); // waits for <html data-hydrated> (fixtures.ts)
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
    });
  }
});
