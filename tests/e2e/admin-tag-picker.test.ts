/**
 * Tagging a content as an admin (docs/product.md, Edit content): a tag list is found by typing, and a tag
 * that does not exist yet is created there ("Create 'Elixir…'"), made when the content is saved. A laptop
 * and a phone.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin, newContent } from '../setup/actors.ts';

const SIZES = [
  { name: 'laptop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasBrowser)('the admin’s tag picker', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const size of SIZES)
    it(`filters by typing and creates a new tag inline (${size.name})`, async () => {
      const { token } = await asAdmin(api);
      const content = await newContent(api, token);
      const label = `Elixir ${size.name} ${Date.now().toString(36)}`;
      const context = await browser.newContext({ baseURL: server.url, viewport: size });
      const page = await context.newPage();
      await signInThroughForm(page, DEMO_ADMIN);
      await page.goto(`/admin/content/${content._id}`);
      await hydrated(page);
      const picker = page.locator('[data-multiselect="techStack"]');
      await picker.locator('summary').click();
      const box = picker.getByRole('textbox', { name: /^Find or create/ });
      // Typing filters the list.
      await box.fill('pyth');
      expect(await picker.locator('li label').allInnerTexts()).toEqual(['Python']);
      await box.fill(label);
      await picker.getByRole('button', { name: `Create '${label}'` }).click();
      expect(await picker.locator('[data-proposed-tag]').innerText()).toContain('new');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Update' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/contents');
      const saved = (
        await api.call('getContent', {
          params: { id: content._id },
          token,
        })
      ).body;
      expect(saved.techStack.map((tag: { label: string }) => tag.label)).toEqual([label]);
      await context.close();
    });
});
