/**
 * The home page's cards of tags on a phone: each card of more than seven shows its six most used tags and
 * "Show {n} more subjects" (technologies, formats), as the search's filter groups do, so that
 * the resources ("Most saved this month") come a screen or so sooner rather than after 1,900 px of tags. The
 * control shows the rest and then "Show fewer"; it works without JavaScript. On a laptop every tag shows and
 * there is no control. Both themes axe clean; nothing moves as the page loads.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, settled, SIZES, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { axeViolations } from './axe-screens.ts';

const SHOWN_AT_FIRST = 6;
const CLS_LIMIT = 0.01;
/** Where "Most saved this month" began on a phone with every tag shown: 2,450 px down. */
const SHELF_BEFORE = 2450;

function recordShifts(): void {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Each card's tags as shown: their labels' counts, in order. */
const shownCounts = (page: Page, kind: string) =>
  page
    .locator(`[data-tag-card="${kind}"] li`)
    .evaluateAll((items) =>
      items
        .filter((li) => li.checkVisibility())
        .map((li) => Number(/\((\d+)\)\s*$/.exec(li.textContent ?? '')?.[1] ?? -1)),
    );

describe.skipIf(!hasBrowser)("the home page's tags on a phone", () => {
  const browser = useBrowser();
  const { server } = useServer();

  it('a card shows its six most used tags and "Show n more", which shows the rest', async () => {
    await withPage(browser, server.url, { size: 'phone' }, async (page) => {
      await page.addInitScript(recordShifts);
      await page.goto('/');
      await settled(page);
      const all = await page
        .locator('[data-tag-card="techStack"] li')
        .evaluateAll((items) => items.map((li) => Number(/\((\d+)\)\s*$/.exec(li.textContent ?? '')?.[1] ?? -1)));
      expect(all.length).toBeGreaterThan(SHOWN_AT_FIRST + 1);
      const shown = await shownCounts(page, 'techStack');
      expect(shown).toHaveLength(SHOWN_AT_FIRST);
      expect([...shown].sort((a, b) => b - a)).toEqual([...all].sort((a, b) => b - a).slice(0, SHOWN_AT_FIRST));

      const more = page.getByRole('checkbox', { name: `Show ${all.length - SHOWN_AT_FIRST} more technologies` });
      expect(await more.isChecked()).toBe(false);
      const control = page.locator('[data-tag-card="techStack"] [data-show-all-label]');
      expect(await control.innerText()).toBe(`Show ${all.length - SHOWN_AT_FIRST} more technologies`);
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);

      const shelf = await page.locator('[data-most-saved]').evaluate((el) => el.getBoundingClientRect().top + scrollY);
      expect(shelf).toBeLessThan(SHELF_BEFORE - 700);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
      expect(shifts.reduce((sum, s) => sum + s, 0)).toBeLessThanOrEqual(CLS_LIMIT);
      await page.screenshot({ path: '/tmp/shots/home-tags-few-390.png', fullPage: true });
      expect(await axeViolations(page, 'home, tags folded (phone)')).toEqual([]);

      await control.click();
      expect(await shownCounts(page, 'techStack')).toEqual(all);
      expect(await control.innerText()).toBe('Show fewer technologies');
      expect(await page.getByRole('checkbox', { name: 'Show fewer technologies' }).isChecked()).toBe(true);
      expect(await axeViolations(page, 'home, tags shown (phone)')).toEqual([]);
    });
  });

  it('without JavaScript the control works the same', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: SIZES.phone,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await shownCounts(page, 'category')).toHaveLength(SHOWN_AT_FIRST);
      await page.locator('[data-tag-card="category"] [data-show-all-label]').click();
      expect((await shownCounts(page, 'category')).length).toBeGreaterThan(SHOWN_AT_FIRST);
    } finally {
      await context.close();
    }
  });

  it('on a laptop every tag shows, with no control', async () => {
    await withPage(browser, server.url, { size: 'laptop' }, async (page) => {
      await page.goto('/');
      await settled(page);
      for (const kind of ['category', 'techStack', 'type']) {
        const items = await page.locator(`[data-tag-card="${kind}"] li`).count();
        expect(await shownCounts(page, kind)).toHaveLength(items);
        expect(await page.locator(`[data-tag-card="${kind}"] [data-show-all-label]`).isVisible()).toBe(false);
      }
    });
  });
});
