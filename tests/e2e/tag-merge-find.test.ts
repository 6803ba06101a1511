/**
 * Merging a tag into any other of its kind (docs/product.md, Admin tags): the merge form finds its target
 * among every tag by words typed, not only the 100 most used.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser, hydrated, signInThroughForm } from '../setup/browser.ts';
import { useBrowser } from '../setup/use-browser.ts';
import { DEMO_ADMIN } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';
import { asAdmin } from '../setup/actors.ts';

describe.skipIf(!hasBrowser)('the merge form of a tag', () => {
  const browser = useBrowser();
  const { server, api } = useServer({ env: { RATE_LIMIT_OFF: 'true' } });

  it('finds a target past the 100 most used by the words typed', async () => {
    const { token } = await asAdmin(api);
    const stamp = Date.now().toString(36);
    // Unused and the oldest of them: with 101 unused tags made after it, past the 100 the form lists at first.
    const target = `Zz${stamp} target`;
    expect(
      (
        await api.call('createTag', {
          body: { kind: 'techStack', label: target },
          token,
        })
      ).status,
    ).toBe(201);
    for (let i = 0; i < 101; i++) {
      const made = await api.call('createTag', {
        body: { kind: 'techStack', label: `Rare${stamp} ${i}` },
        token,
      });
      expect(made.status).toBe(201);
    }
    const source = `Source${stamp}`;
    expect(
      (
        await api.call('createTag', {
          body: { kind: 'techStack', label: source },
          token,
        })
      ).status,
    ).toBe(201);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, DEMO_ADMIN);
    await page.goto(`/admin/tags?kind=techStack&search=${source}`);
    await hydrated(page);
    await page.getByRole('button', { name: `Merge ${source}` }).click();
    const into = page.getByRole('combobox', { name: `Merge ${source} into` });
    await expect.poll(() => into.locator('option').count()).toBeGreaterThan(1);
    expect(await into.locator('option', { hasText: target }).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Find a target tag' }).fill(`zz${stamp}`);
    await expect.poll(() => into.locator('option', { hasText: target }).count()).toBe(1);
    await context.close();
  });
});
