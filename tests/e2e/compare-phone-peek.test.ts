/**
 * A comparison on a phone: the resources' columns swipe past the facts' names one at a time, and the next one's
 * edge shows beside the first before any swipe, so that a person sees there is more to compare (a column that
 * ended exactly at the screen's edge hid the second resource entirely). Its name reads in the text's full
 * colour, and its cost and certificate badges stand apart. Both themes axe clean; nothing moves as the page loads.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, settled, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { axeViolations } from './axe-screens.ts';

/** Enough of the next column to catch the eye: its tile and the start of its name. */
const PEEK = 24;
const CLS_LIMIT = 0.01;

function recordShifts(): void {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

describe.skipIf(!hasBrowser)('a comparison on a phone', () => {
  const browser = useBrowser();
  const { server } = useServer();

  it("shows the first resource whole and the next one's edge beside it", async () => {
    await withPage(browser, server.url, { size: 'phone' }, async (page) => {
      await page.addInitScript(recordShifts);
      await page.goto('/compare/freecodecamp/the-odin-project');
      await settled(page);
      const scroller = (await page.locator('[data-compare]').boundingBox())!;
      const [first, second] = await page.locator('[data-compared]').evaluateAll((columns) =>
        columns.map((column) => {
          const box = column.getBoundingClientRect();
          return { left: box.left, right: box.right };
        }),
      );
      expect(first!.right).toBeLessThanOrEqual(scroller.x + scroller.width);
      expect(second!.left).toBeLessThanOrEqual(scroller.x + scroller.width - PEEK);
      const name = page.locator('[data-compared] a span').first();
      expect(await name.evaluate((el) => getComputedStyle(el).color)).toBe(
        await page.locator('main h1').evaluate((el) => getComputedStyle(el).color),
      );
      const [cost, certificate] = await page
        .locator('[data-row="cost"] td')
        .first()
        .locator('.badge')
        .evaluateAll((badges) => badges.map((badge) => badge.getBoundingClientRect()));
      expect(certificate!.left - cost!.right).toBeGreaterThanOrEqual(4);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts.reduce((sum, s) => sum + s, 0)).toBeLessThanOrEqual(CLS_LIMIT);
      await page.screenshot({ path: '/tmp/shots/compare-peek-390.png' });
      expect(await axeViolations(page, 'compare (phone)')).toEqual([]);
    });
  });
});
