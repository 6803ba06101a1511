/**
 * The bookmark import's form is as wide as its file field: at a laptop's width the Import button lines up
 * with the field above it rather than stretching across the whole card, as the other one-field forms do.
 * On a phone both take the card's width.
 */
import { describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, settled, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

describe.skipIf(!hasBrowser)("the bookmark import's form", () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of EACH_SIZE)
    it(`has its Import button as wide as the file field (${size})`, async () => {
      const account = await signUp(api, `Import Form ${size}`);
      await withPage(browser, server.url, { size, account }, async (page) => {
        await page.goto('/my-lists/import');
        await settled(page);
        const field = await page.locator('[data-bookmark-file]').boundingBox();
        const button = await page.getByRole('button', { name: 'Import', exact: true }).boundingBox();
        expect(field).not.toBeNull();
        expect(button).not.toBeNull();
        expect(Math.abs(button!.x - field!.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(button!.width - field!.width)).toBeLessThanOrEqual(1);
        await page.screenshot({ path: `/tmp/shots/import-form-${size}.png` });
      });
    });
});
