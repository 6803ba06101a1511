/**
 * The Saved page names each resource in full on a phone (docs/product.md, Saved): a long name wraps onto more
 * lines rather than ending in "…", at 390 px as at 1366 px.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { useServer } from '../setup/use-server.ts';
import { signUp } from '../setup/actors.ts';

describe.skipIf(!hasBrowser)('names on the Saved page', () => {
  const browser = useBrowser();
  const { server, api } = useServer();

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])
    it(`shows a long name whole at ${viewport.width} px`, async () => {
      const person = await signUp(api, `Saver ${viewport.width}`);
      const long = (
        await api.call('contentBySlug', { params: { slug: 'cs50-s-web-programming-with-python-and-javascript' } })
      ).body;
      expect(long.name.length).toBeGreaterThan(40);
      await api.call('save', { params: { id: long._id }, token: person.token });
      const context = await browser.newContext({ baseURL: server.url, viewport });
      const page = await context.newPage();
      await signInThroughForm(page, person);
      await page.goto('/saved');
      await hydrated(page);
      const name = page.getByRole('link', { name: long.name, exact: true });
      await name.waitFor();
      // Nothing cut: the link's text fits in its box, whatever lines it takes.
      const cut = await name.evaluate((a) => a.scrollWidth > a.clientWidth + 1 || a.scrollHeight > a.clientHeight + 1);
      expect(cut).toBe(false);
      await context.close();
    });
});
