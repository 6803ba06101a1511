/**
 * A search address with a value a filter does not know (`level=expert`, hand-typed or from an old link): the
 * page searches without it and says so quietly, with no error banner and no "expert" option in the filters.
 * At a laptop's width and a phone's.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasBrowser)('a filter value the search does not know', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of SIZES)
    it(`is left out with a quiet note, not an error and an option (${size.name})`, async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport: size });
      const page = await context.newPage();
      const answer = await page.goto('/search?level=expert&cost=Free');
      expect(answer?.status()).toBe(200);
      expect(await page.locator('[role="alert"], .alert-error').count()).toBe(0);
      expect(await page.locator('[data-refused-filter]').innerText()).toBe(
        '“expert” is not a level we know (Beginner, Intermediate, Advanced, All levels): showing every level.',
      );
      // The other filter still applies: the results are the free ones.
      const free = (
        await api.call('searchContents', {
          query: { cost: 'Free' },
        })
      ).body.countContents as number;
      expect(await page.locator('main').innerText()).toContain(`${free} Result`);
      expect(await page.getByText('expert', { exact: true }).count()).toBe(0);
      expect(await page.locator('a[href*="level=expert"]').count()).toBe(0);
      await context.close();
    });
});
