/**
 * The filters a search's words name, as chips under the results count (docs/product.md#pages Search): on
 * /search?searchTerm=free+python, "Filter: Python" is a plain link (with JavaScript or without) to the same
 * search filtered by Python, where Python is an applied filter and no longer offered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newContext } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const suggested = (page: Page) => page.getByRole('list', { name: 'Filters named by your search' });
const resultsCount = async (page: Page) =>
  (await page.locator('[data-results-count]').innerText()).replace(/\s+/g, ' ').trim();

describe.skipIf(!hasBrowser)('the chips of filters named by the search', () => {
  const browser = useBrowser();

  const { server } = useServer();

  it.each([
    ['with', true],
    ['without', false],
  ])('%s JavaScript, "Filter: Python" lands on the results filtered by Python', async (_, javaScriptEnabled) => {
    const context = await newContext(browser, server.url, { javaScriptEnabled });
    try {
      const page = await context.newPage();
      await page.goto('/search?searchTerm=free+python');
      const chips = suggested(page);
      expect(await chips.getByRole('link').allInnerTexts()).toEqual(['Filter: Free', 'Filter: Python']);

      await chips.getByRole('link', { name: 'Filter: Python' }).click();
      await page.waitForURL((url) => url.searchParams.get('techStack') === 'python');
      const url = new URL(page.url());
      expect(url.pathname).toBe('/search');
      expect(url.searchParams.get('searchTerm')).toBe('free python');

      const answer = (await (
        await fetch(`${server.url}/api/contents/search?searchTerm=free+python&techStack=python`)
      ).json()) as { countContents: number };
      expect(answer.countContents).toBeGreaterThan(0);
      expect(await resultsCount(page)).toMatch(new RegExp(`^${answer.countContents} Results?`));
      await page.getByRole('link', { name: /Remove filter Technology: Python/ }).waitFor();
      expect(await suggested(page).getByRole('link').allInnerTexts()).toEqual(['Filter: Free']);
    } finally {
      await context.close();
    }
  });
});
