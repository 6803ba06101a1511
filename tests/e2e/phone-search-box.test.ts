/**
 * On a phone the top bar folds its search box into the menu; the search page keeps one of its own in view, as
 * the home page does, holding the words searched, so that changing them takes one tap, not the menu first. The
 * results still start on the first screen. On a laptop the top bar's box is the only one. Both
 * themes axe clean; the page moves by 0.01 or less as it loads.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, settled, SIZES, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { axeViolations } from './axe-screens.ts';

const CLS_LIMIT = 0.01;

function recordShifts(): void {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The search boxes a person can see, with the words each holds and where it ends. */
const visibleBoxes = (page: import('playwright-core').Page) =>
  page.locator('input[type="search"][name="searchTerm"]').evaluateAll((inputs) =>
    inputs
      .filter((input) => input.checkVisibility())
      .map((input) => ({
        id: input.id,
        value: (input as HTMLInputElement).value,
        bottom: Math.round(input.getBoundingClientRect().bottom),
      })),
  );

describe.skipIf(!hasBrowser)("the search page's own search box on a phone", () => {
  const browser = useBrowser();
  const { server } = useServer();

  it('on a phone the words searched are in a box in view, and new words search from it', async () => {
    await withPage(browser, server.url, { size: 'phone' }, async (page) => {
      await page.addInitScript(recordShifts);
      await page.goto('/search?searchTerm=python&cost=Free');
      await hydrated(page);
      await settled(page);
      const boxes = await visibleBoxes(page);
      expect(boxes.map(({ id, value }) => ({ id, value }))).toEqual([{ id: 'results-search', value: 'python' }]);
      expect(boxes[0]!.bottom).toBeLessThanOrEqual(SIZES.phone.height / 2);
      const firstResult = await page
        .locator('[data-content-card] h3')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
      // Its name and the lines under it on the first screen.
      expect(firstResult).toBeLessThanOrEqual(SIZES.phone.height - 120);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts.reduce((sum, s) => sum + s, 0)).toBeLessThanOrEqual(CLS_LIMIT);
      await page.screenshot({ path: '/tmp/shots/search-own-box-390.png' });
      expect(await axeViolations(page, '/search with its own box (phone)')).toEqual([]);

      const box = page.locator('#results-search');
      await box.fill('rust');
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('searchTerm') === 'rust');
      expect(await page.locator('#results-search').inputValue()).toBe('rust');
    });
  });

  it('on a laptop the top bar holds the only search box', async () => {
    await withPage(browser, server.url, { size: 'laptop' }, async (page) => {
      await page.goto('/search?searchTerm=python');
      await hydrated(page);
      expect((await visibleBoxes(page)).map(({ id, value }) => ({ id, value }))).toEqual([
        { id: 'top-search', value: 'python' },
      ]);
    });
  });
});
