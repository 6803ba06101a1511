/**
 * A bookmark import that saves nothing new (every link the catalog lists is saved already) says so in words,
 * "no new resources saved", in the colour of information, not as a green success reading "0 resources saved".
 * An import that saves some keeps its success. At a laptop's width and a phone's, both themes axe clean.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, hydrated, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';
import { axeViolations } from './axe-screens.ts';

/** Two resources the demo catalog lists. */
const FILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><A HREF="https://www.freecodecamp.org/">freeCodeCamp</A>
<DT><A HREF="https://www.theodinproject.com/">The Odin Project</A>
</DL><p>
`;

async function importFile(page: Page): Promise<{ text: string; success: boolean }> {
  await page.goto('/my-lists/import');
  await hydrated(page);
  await page
    .locator('[data-bookmark-file]')
    .setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(FILE) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.locator('[data-import-summary]');
  await summary.waitFor();
  return {
    text: (await summary.textContent()) ?? '',
    success: await summary.evaluate((el) => el.classList.contains('alert-success')),
  };
}

describe.skipIf(!hasBrowser)('a bookmark import that saves nothing new', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of EACH_SIZE)
    it(`says "no new resources saved", as information (${size})`, async () => {
      const account = await signUp(api, `Twice Importer ${size}`);
      await withPage(browser, server.url, { size, account }, async (page) => {
        const first = await importFile(page);
        expect(first).toEqual({ text: expect.stringContaining('2 resources saved'), success: true });
        const again = await importFile(page);
        expect(again.success).toBe(false);
        expect(again.text).toContain('Read 2 bookmarks: no new resources saved, 2 already saved.');
        expect(again.text).not.toContain('0 resources saved');
        await page.screenshot({ path: `/tmp/shots/import-nothing-new-${size}.png` });
        expect(await axeViolations(page, `import, nothing new (${size})`)).toEqual([]);
      });
    });
});
