/**
 * A comparison is changed on its own page: every column has Remove (down to one resource, which then waits for
 * the next), and the Add box suggests resources as one types, the one chosen joining the comparison at once.
 * Each change is a new address, shareable as any comparison. Words searched instead open the search with this
 * comparison as the picks, so the cards' Compare toggles add to it. Both sizes; axe clean on the new states.
 */
import { describe, expect, it } from 'vitest';
import { EACH_SIZE, hasBrowser, settled, withPage } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { axeViolations } from './axe-screens.ts';

const columns = (page: import('playwright-core').Page) =>
  page.locator('[data-compared]').evaluateAll((all) => all.map((column) => (column as HTMLElement).dataset.compared));

describe.skipIf(!hasBrowser)('a comparison changed on its own page', () => {
  const browser = useBrowser();
  const { server } = useServer();

  it.each(EACH_SIZE)(
    'removes a resource down to one and adds another from its suggestions at %s',
    async (size) => {
      await withPage(browser, server.url, { size }, async (page) => {
        await page.goto('/compare/freecodecamp/the-odin-project');
        await settled(page);
        await page.getByRole('link', { name: 'Remove freeCodeCamp from the comparison' }).click();
        await page.waitForURL((url) => url.pathname === '/compare/the-odin-project');
        expect(await columns(page)).toEqual(['the-odin-project']);
        const box = page.getByRole('combobox', { name: 'Add a resource to compare it with' });
        await settled(page);
        expect(await axeViolations(page, `compare, one resource (${size})`)).toEqual([]);
        await box.fill('cs50x');
        const option = page.getByRole('option', { name: /CS50x/ }).first();
        await option.waitFor();
        // Only resources are offered: a tag would not join a comparison.
        expect(await page.locator('[data-suggestion="tag"]').count()).toBe(0);
        await option.click();
        await page.waitForURL(
          (url) => url.pathname === '/compare/the-odin-project/cs50x-introduction-to-computer-science',
        );
        expect(await columns(page)).toEqual(['the-odin-project', 'cs50x-introduction-to-computer-science']);
        expect(await page.getByRole('combobox', { name: 'Add a resource' }).count()).toBe(1);
      });
    },
    60_000,
  );

  it('searches the words typed with this comparison as the picks, so a card adds to it', async () => {
    await withPage(browser, server.url, {}, async (page) => {
      await page.goto('/compare/freecodecamp/the-odin-project');
      await settled(page);
      await page.getByRole('combobox', { name: 'Add a resource' }).fill('python');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('searchTerm') === 'python');
      const tray = page.getByRole('complementary', { name: 'Compare' });
      expect(await tray.innerText()).toContain('Compare (2): freeCodeCamp, The Odin Project');
      await page.locator('[data-content-card] [data-compare-toggle]').first().click();
      const href = await tray.getByRole('link', { name: 'Compare now' }).getAttribute('href');
      expect(href).toMatch(/^\/compare\/freecodecamp\/the-odin-project\/[^/]+$/);
    });
  }, 60_000);

  it('says a full comparison holds no more, and removes without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(
        '/compare/freecodecamp/the-odin-project/cs50x-introduction-to-computer-science/automate-the-boring-stuff-with-python',
      );
      expect(await page.locator('[data-compare-add]').count()).toBe(0);
      expect(await page.locator('[data-compare-full]').innerText()).toContain('remove one to add another');
      await page.locator('[data-remove-compared="the-odin-project"]').click();
      await page.waitForURL(
        (url) =>
          url.pathname ===
          '/compare/freecodecamp/cs50x-introduction-to-computer-science/automate-the-boring-stuff-with-python',
      );
      expect(await page.locator('[data-compare-add]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
