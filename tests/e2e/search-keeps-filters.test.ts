/**
 * New words typed on the search page search within the filters applied there, whichever box takes them: the
 * page's own box on a phone, the top bar's on a laptop, and the phone's without JavaScript too. The filters'
 * chips are still shown over the new results, which are those of the same filters asked for pagely.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, newContext, SIZES, withPage, type Size } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const FILTERED = '/search?searchTerm=python&cost=Free&level=beginner';
const BOX: Record<Size, string> = { phone: '#results-search', laptop: '#top-search' };

/** The chips shown (their filter's key), and the results' count as the header says it. */
async function shown(page: Page) {
  const chips = page.locator('[data-filter-chip]');
  await chips.first().waitFor();
  const keys = await chips.evaluateAll((links) =>
    links.filter((link) => link.checkVisibility()).map((link) => link.getAttribute('data-filter-chip')),
  );
  return { chips: keys, count: await page.locator('[data-results-count]').innerText() };
}

/** Types `words` into `box` as a person does, and waits for the search it starts. */
async function searchFor(page: Page, box: string, words: string): Promise<URL> {
  await page.locator(box).fill(words);
  await page.locator(box).press('Enter');
  await page.waitForURL((url) => url.searchParams.get('searchTerm') === words);
  return new URL(page.url());
}

describe.skipIf(!hasBrowser)('new words on the search page keep its filters', () => {
  const browser = useBrowser();
  const { server } = useServer();

  for (const size of ['phone', 'laptop'] as const) {
    it(`from the box in view at ${SIZES[size].width} px, the chips still shown`, async () => {
      await withPage(browser, server.url, { size }, async (page) => {
        await page.goto('/search?searchTerm=javascript&cost=Free&level=beginner');
        const expected = await shown(page);
        expect(expected.chips).toEqual(['searchTerm', 'level', 'cost']);

        await page.goto(FILTERED);
        await hydrated(page);
        const url = await searchFor(page, BOX[size], 'javascript');
        expect(url.pathname + url.search).toBe('/search?searchTerm=javascript&level=beginner&cost=Free');
        expect(await shown(page)).toEqual(expected);
        expect(await page.locator(BOX[size]).inputValue()).toBe('javascript');

        // Cleared, the box shows the filters alone.
        await page.locator(BOX[size]).fill('');
        await page.locator(BOX[size]).press('Enter');
        await page.waitForURL((next) => !next.searchParams.has('searchTerm'));
        expect(new URL(page.url()).search).toBe('?level=beginner&cost=Free');
      });
    });
  }

  it('without JavaScript the phone’s box keeps them too', async () => {
    const context = await newContext(browser, server.url, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.setViewportSize(SIZES.phone);
      await page.goto(FILTERED);
      await searchFor(page, BOX.phone, 'javascript');
      const url = new URL(page.url());
      expect([url.searchParams.getAll('level'), url.searchParams.getAll('cost')]).toEqual([['beginner'], ['Free']]);
      expect((await shown(page)).chips).toEqual(['searchTerm', 'level', 'cost']);
    } finally {
      await context.close();
    }
  });
});
