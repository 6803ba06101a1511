/**
 * The submission queue names a submission's state in the words of its own Status filter (Waiting, for "Waiting
 * for review"; Approved; Rejected), never the stored value "pending" that no other screen shows. At a laptop's
 * width and a phone's, the badge is one line inside its cell.
 */
import { describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, settled, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

describe.skipIf(!hasBrowser)("the submission queue's status, in the filter's words", () => {
  const browser = useBrowser();
  const { server } = useServer();

  for (const size of EACH_SIZE)
    it(`says Waiting, as the filter does (${size})`, async () => {
      await withPage(browser, server.url, { size, account: DEMO_ADMIN }, async (page) => {
        await page.goto('/admin/submissions');
        await settled(page);
        const filter = page.getByLabel('Status');
        const chosen = await filter.evaluate((el) =>
          el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.textContent ?? '') : (el.textContent ?? ''),
        );
        expect(chosen.trim()).toBe('Waiting for review');
        const badges = page.locator('tr[data-submission] td[data-label="STATUS"] .badge');
        await badges.first().waitFor();
        const words = await badges.allInnerTexts();
        expect(words.length).toBeGreaterThan(0);
        expect(new Set(words.map((w) => w.trim()))).toEqual(new Set(['Waiting']));
        // One line, inside its cell: a badge is a pill, not a wrapped paragraph.
        for (const badge of await badges.all()) {
          const fits = await badge.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const cell = el.closest('td')!.getBoundingClientRect();
            return (
              el.scrollWidth <= el.clientWidth + 1 &&
              el.scrollHeight <= el.clientHeight + 1 &&
              box.right <= cell.right + 1 &&
              box.height < 32
            );
          });
          expect(fits).toBe(true);
        }
        await page.screenshot({ path: `/tmp/shots/submission-status-words-${size}.png`, fullPage: true });
      });
    });
});
